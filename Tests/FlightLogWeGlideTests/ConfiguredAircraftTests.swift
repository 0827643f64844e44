import FlightLogCore
import Testing

@testable import FlightLogWeGlide

/// `[weglide] aircraft_id` is sent for this device's glider's flights only (``OwnGlider``, the rule `[glider] index`
/// asks too).
@Suite struct ConfiguredAircraftTests {
    static let config: FlightLogConfig = {
        var config = FlightLogConfig(gliderType: "ASK 21", registration: "D-1234")
        config.weglide.aircraftId = 52
        return config
    }()

    private func aircraft(_ type: String?, _ registration: String?, _ source: FlightSource) -> Int? {
        let place = Coordinate(latitude: 51, longitude: 7)
        let flight = Flight(
            takeoffTime: 0, landingTime: 3_600_000, takeoffCoordinate: place, landingCoordinate: place,
            details: FlightDetails(gliderType: type, registration: registration), source: source)
        return WeGlideUpload.configuredAircraft(Self.config, for: flight)
    }

    @Test func onlyThisGlidersFlightsAreSentAsTheConfiguredAircraft() {
        let file = FlightSource.imported(fileName: "f.igc", sha256: "ab")
        #expect(aircraft("ask-21", "D 1234", file) == 52)  // the owner's glider from its other recorder
        #expect(aircraft("ASK 21", nil, file) == 52)
        #expect(aircraft("ASK 21", "D-5678", file) == nil)  // the club's other ASK 21: sent as what it names
        #expect(aircraft("Ventus 3T", "D-1234", file) == nil)
        #expect(aircraft(nil, "D-1234", file) == nil)
        #expect(aircraft("LS 4", "D-5678", .recorded) == 52)
    }
}
