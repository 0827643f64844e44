import FlightLogCore
import Testing

@Suite("ImportedDetailsRepair")
struct ImportedDetailsRepairTests {
    let defaults = FlightDetails(pilot: "Owner", gliderType: "ASK 21", registration: "D-1234", competitionId: "X1")

    @Test("a stamped default goes back to the file's value, blank included")
    func stampedDefaultsAreRestored() {
        let stored = defaults
        let file = FlightDetails(pilot: nil, gliderType: "ASK 21", registration: "D-KXYZ", competitionId: nil)
        let restored = ImportedDetailsRepair.restored(stored, file: file, defaults: defaults, editedFields: [])
        #expect(restored == file)
    }

    @Test("an edited field, a value that is not the default and a field without a default stay")
    func editsAndOtherValuesStay() {
        let stored = FlightDetails(pilot: "Owner", gliderType: "LS 4", registration: "D-1234", competitionId: "Z9")
        let file = FlightDetails(pilot: nil, gliderType: nil, registration: nil, competitionId: nil)
        let restored = ImportedDetailsRepair.restored(
            stored, file: file, defaults: FlightDetails(pilot: "Owner", registration: "D-1234"),
            editedFields: ["pilot"])
        #expect(restored == stored.with { $0.registration = nil })
    }
}

extension FlightDetails {
    fileprivate func with(_ change: (inout FlightDetails) -> Void) -> FlightDetails {
        var d = self
        change(&d)
        return d
    }
}
