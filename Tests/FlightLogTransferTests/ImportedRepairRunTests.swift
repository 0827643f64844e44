import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `flightlog repair` as a library call (its repairs themselves: `ImportedDetailsTests` end to end).
@Suite("imported details repair run", .serialized, .timeLimit(.minutes(2)))
struct ImportedRepairRunTests {
    @Test func onlyDefaultsAnOlderImportCouldHaveFilledInCount() {
        #expect(!ImportedRepairRun.hasDefaults(FlightDetails()))
        #expect(ImportedRepairRun.hasDefaults(FlightDetails(pilot: "Owner, Olga")))
        var details = FlightDetails()
        details.remarks = "not a header"
        #expect(!ImportedRepairRun.hasDefaults(details))
    }

    @Test func flightsHoldingWhatTheirFilesSayAreLeftAsTheyAre() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try TransferLogbook.logbook(in: dir)
        let store = try FlightStore(path: db.path, mode: .readWrite)
        let before = try store.flights(matching: FlightFilter()).map(\.details)
        for dryRun in [true, false] {
            var said: [String] = []
            try ImportedRepairRun.run(
                store: store, defaults: FlightDetails(pilot: "Owner, Olga", gliderType: "LS 4"), dryRun: dryRun,
                now: { 0 }, say: { said.append($0) })
            #expect(said == ["Nothing to repair: every imported flight holds what its file says or what you set."])
        }
        #expect(try store.flights(matching: FlightFilter()).map(\.details) == before)
    }
}
