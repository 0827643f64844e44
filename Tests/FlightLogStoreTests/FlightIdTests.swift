import FlightLogCore
import FlightLogTestSupport
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// Flight ids name files (a USB stick, an export folder, a phone's bookmark): a deleted flight's id never comes back.
@Suite struct FlightIdTests {
    @Test func aDeletedFlightsIdIsNeverGivenAgain() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let first = try store.addManualFlight(flight(takeoff: day0))
        let last = try store.importFlights(
            track: track(start: day0 + 86_400_000, count: 2000), fileName: "a.igc", sha256: "a",
            flights: [flight(takeoff: day0 + 86_400_000 + 60_000, minutes: 20)])[0]
        try store.delete(id: last)
        let next = try store.addManualFlight(flight(takeoff: day0 + 2 * 86_400_000))
        #expect(next > last, "flight \(last) was deleted, the next one got \(next)")
        // Also after the store is opened again (the high-water mark is in the file).
        try store.delete(id: next)
        let reopened = try FlightStore(path: dir.databasePath, mode: .readWrite)
        #expect(try reopened.addManualFlight(flight(takeoff: day0 + 3 * 86_400_000)) > next)
        #expect(try reopened.flight(id: first).id == first)
    }

    @Test func anOldLogbookKeepsItsIdsAndIndexesAndNeverReusesThem() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let path = dir.path + "/old.sqlite"
        try FileManager.default.copyItem(
            atPath: packageRoot.appendingPathComponent("Tests/Fixtures/schema-v3-by-main.sqlite").path,
            toPath: path)
        let before = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT id, takeoffTime, pilot FROM flight ORDER BY id")
        }
        try #require(!before.isEmpty)
        let store = try FlightStore(path: path, mode: .readWrite)
        let flights = try store.flights(matching: FlightFilter())
        #expect(Set(flights.compactMap(\.id)) == Set(before.map { $0["id"] as Int64 }))
        let indexes = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'flight'")
        }
        #expect(
            Set(["flight_takeoffTime", "flight_localDate", "flight_recordingId", "flight_uuid"]).isSubset(
                of: Set(indexes)))
        let highest = before.map { $0["id"] as Int64 }.max()!
        try store.delete(id: highest)
        #expect(try store.addManualFlight(flight(takeoff: day0)) > highest)
    }
}
