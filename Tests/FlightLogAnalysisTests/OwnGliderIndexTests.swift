import FlightLogAnalysis
import FlightLogCore
import Testing

/// `[glider] index` scores this device's glider's flights (``OwnGlider``, the rule `[weglide] aircraft_id` asks
/// too): an imported file of the owner's glider from its other recorder takes it, another glider's file does not.
@Suite struct OwnGliderIndexTests {
    static let own = OwnGlider(type: "ASK 21", registration: "D-1234", index: 95)

    private func flight(
        _ type: String?, _ registration: String?, source: FlightSource = .imported(fileName: "f.igc", sha256: "ab"),
        competitionClass: String? = nil
    ) -> Flight {
        let place = Coordinate(latitude: 51, longitude: 7)
        var flight = Flight(
            takeoffTime: 0, landingTime: 3_600_000, takeoffCoordinate: place, landingCoordinate: place,
            details: FlightDetails(gliderType: type, registration: registration), source: source)
        flight.competitionClass = competitionClass
        return flight
    }

    private func inputs(
        _ type: String?, _ registration: String?, source: FlightSource = .imported(fileName: "f.igc", sha256: "ab"),
        competitionClass: String? = nil
    ) -> FlightAnalysis.Inputs {
        let flight = flight(type, registration, source: source, competitionClass: competitionClass)
        return FlightAnalysis.inputs(of: flight, fixCount: 0, glider: Self.own)
    }

    /// Today the table's 92 for an ASK 21; the owner's glider, imported from its other recorder, is scored at 95.
    @Test func anImportedFileOfTheSameTypeAndRegistrationGetsTheConfiguredIndex() {
        let same = inputs("ASK-21", "D 1234")
        #expect(same.index == 95 && same.indexSource == "[glider] index")
        let unnamed = inputs("ask 21", nil)
        #expect(unnamed.index == 95 && unnamed.indexSource == "[glider] index")
    }

    /// The club's other ASK 21 keeps the table's figure.
    @Test func anImportedFileOfTheSameTypeAndAnotherRegistrationKeepsItsTypes() {
        let other = inputs("ASK 21", "D-5678")
        #expect(other.index == 92 && other.indexSource == "ASK 21, DMSt 2025")
        #expect(FlightAnalysis.configuredIndex(Self.own, for: flight("ASK 21", "D-5678")) == nil)
    }

    /// The red team's case: a stranger's Ventus 3T of the 18 m class is a Ventus 3 (18 m), not the owner's ASK 21;
    /// a file that names no type has no index at all.
    @Test func aStrangersOtherTypeKeepsItsTypes() {
        let ventus = inputs("Ventus 3T", "D-1234", competitionClass: "18-Meter")
        #expect(ventus.index == 122 && ventus.indexSource?.hasPrefix("Ventus 3 (18 m), DMSt 2025") == true)
        let unnamed = inputs(nil, "D-1234")
        #expect(unnamed.index == nil && unnamed.indexSource == nil)
    }

    /// What this device recorded is its glider's whatever its details say, as before.
    @Test func recordedFlightsTakeTheConfiguredIndexAsBefore() {
        #expect(inputs("LS 4", "D-5678", source: .recorded).index == 95)
        #expect(inputs(nil, nil, source: .recorded).indexSource == "[glider] index")
    }
}
