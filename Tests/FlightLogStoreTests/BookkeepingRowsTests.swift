import FlightLogCore
import FlightLogLogbook
import FlightLogTestSupport
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// SQLite keeps any value in any column, and a database file is outside input (a hand edit, an older version): a
/// value of another type than its column's (text in a number column, bytes in a text column) must be read as
/// unknown with a warning, never trap in GRDB's typed reads. Planted in a real database file, then read back
/// through the store: the flight's places and flags, the edit history, and the club sync's bookkeeping.
@Suite struct BookkeepingRowsTests {
    /// A logbook with two imported flights (ids 1 and 2), an edit of each, and flight 3 deleted (a pending deletion).
    func logbook(_ dir: TempDirectory) throws -> FlightStore {
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        for n in 0..<3 {
            let start = day0 + Int64(n) * 86_400_000
            _ = try store.importFlights(
                track: track(start: start, count: 4000), fileName: "\(n).igc", sha256: "\(n)", original: [1, 2, 3],
                flights: [flight(takeoff: start + 60_000, minutes: 30)])
        }
        for id in [Int64(1), 2] {
            var details = try store.flight(id: id).details
            details.remarks = "edited \(id)"
            _ = try store.updateDetails(id: id, to: details, editedAt: day0 + 100_000 + id)
        }
        try store.delete(id: 3, at: day0 + 200_000)
        return store
    }

    func plant(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql) }
    }

    @Test func aFlightRowWithValuesOfAnotherTypeReadsAsUnknown() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try logbook(dir)
        let good = try store.flight(id: 2)
        try plant(
            dir.databasePath,
            """
            UPDATE flight SET takeoffPlaceDistance = 'far', landingOutlanding = 'abc', hasBarometer = 'yes',
                pilot = x'ff', utcOffsetSeconds = 'CET', landingTime = 'noon', takeoffLatitude = x'00',
                launches = 'two', takeoffPlaceCode = 42 WHERE id = 1
            """)
        let bad = try store.flight(id: 1)
        #expect(bad.details.pilot == nil && bad.takeoffLocation == nil && bad.landingLocation == nil)
        #expect(bad.unknown == [.utcOffset, .landingTime, .takeoffPosition, .launches], "\(bad.unknown)")
        #expect(bad.duration == 0 && !bad.flightTimeKnown)
        let listed = try store.flights(matching: FlightFilter())
        #expect(listed.map(\.id) == [1, 2])
        #expect(listed[1] == good, "the other flight is as it was")
        #expect(try store.totals(matching: FlightFilter()).launches == 1)
    }

    @Test func historyAndSyncBookkeepingWithValuesOfAnotherTypeAreSkippedNotTrapped() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try logbook(dir)
        let device = try store.syncDevice()
        #expect(try store.editsToPush().count == 2 && store.deletionsToPush().count == 1)
        #expect(try store.recordingsToPush().count == 2)
        try plant(
            dir.databasePath,
            """
            UPDATE syncDevice SET editCursor = 'many';
            UPDATE flightEdit SET field = x'ff', editedAt = 'yesterday' WHERE flightId = 1;
            UPDATE flightEdit SET oldValue = 7 WHERE flightId = 2;
            UPDATE syncDeletion SET deletedAt = 'soon';
            UPDATE recording SET createdAt = 'then', kind = 'imported' WHERE id = 1;
            """)
        #expect(try store.syncDevice() == (device.uuid, 0) as (String, Int64), "a bad cursor: pull again from 0")
        let edits = try store.editsToPush()
        #expect(edits.count == 1 && edits[0].newValue == "edited 2" && edits[0].oldValue == "7")
        #expect(try store.deletionsToPush().isEmpty)
        #expect(try store.recordingsToPush().map(\.id) == [2], "the unreadable recording is left out, not fatal")
        #expect(try store.history(id: 1).count == 1, "shown, with its unreadable time as 1970")

        try plant(dir.databasePath, "UPDATE syncDevice SET uuid = x'ff'")
        #expect(throws: LogbookError.self) { try store.syncDevice() }
    }
    /// A kept OpenAir file whose import time is not a number keeps its airspace (listed as imported in 1970); one
    /// whose bytes are a number is left out, warned; the stamps the cache compares leave out the same rows, so each
    /// file's airspace stays under its own name.
    @Test func airspaceFilesWithValuesOfAnotherTypeAreReadOrSkippedNotTrapped() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        for (n, name) in ["a.txt", "b.txt", "c.txt"].enumerated() {
            let text =
                "AC D\nAN Zone \(name)\nAL GND\nAH 1000ft\nDP 50:00:00 N 006:0\(n):00 E\n"
                + "DP 50:10:00 N 006:0\(n):00 E\nDP 50:10:00 N 006:0\(n + 1):00 E\n"
            _ = try store.storeAirspaceFile(AirspaceFile(name: name, bytes: Array(text.utf8), importedAt: day0))
        }
        try plant(dir.databasePath, "UPDATE airspaceFile SET importedAt = 'noon' WHERE name = 'a.txt'")
        try plant(dir.databasePath, "UPDATE airspaceFile SET bytes = 42 WHERE name = 'b.txt'")

        let files = try store.airspaceFiles()
        #expect(files.map(\.name) == ["a.txt", "c.txt"])
        #expect(files.map(\.importedAt) == [0, day0])
        #expect(try store.airspaceStamps().map(\.name) == ["a.txt", "c.txt"])
        let airspaces = try store.airspaces(cache: AirspaceCache())
        #expect(airspaces.map(\.name) == ["Zone a.txt", "Zone c.txt"])
    }
    /// The USB stick's export reads every flight's UUID: one that is bytes (a hand edit) trapped it; that flight is
    /// now remembered by its id, the others by their UUIDs.
    @Test func aFlightUUIDOfAnotherTypeIsLeftOutOfTheStickMap() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try logbook(dir)
        let before = try store.flightUUIDs()
        #expect(before.keys.sorted() == [1, 2])
        try plant(dir.databasePath, "UPDATE flight SET uuid = x'ff00' WHERE id = 1")
        #expect(try store.flightUUIDs() == before.filter { $0.key != 1 })
    }
    /// A track chunk whose data a hand edit made a number trapped `show`: the track is read without that chunk's
    /// fixes (warned), as with a chunk whose bytes cannot be decoded.
    @Test func aTrackChunkThatIsNotBytesIsLeftOutNotTrapped() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try logbook(dir)
        let whole = try store.track(forFlight: 1, marginMillis: 0).fixes
        try plant(
            dir.databasePath,
            """
            UPDATE trackChunk SET data = 42 WHERE rowid = (SELECT min(rowid) FROM trackChunk WHERE recordingId =
                (SELECT recordingId FROM flight WHERE id = 1))
            """)
        let left = try store.track(forFlight: 1, marginMillis: 0).fixes
        #expect(!whole.isEmpty && left.count < whole.count)
        #expect(Set(left.map(\.time)).isSubset(of: Set(whole.map(\.time))))
    }
}
