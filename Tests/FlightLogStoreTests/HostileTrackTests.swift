import FlightLogCore
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// Track chunks and the flight times pruning reads are outside input too (a damaged file, a hand edit): a chunk that
/// cannot be decoded is left out of the track with a warning, never rewritten or deleted, and the rest of the track,
/// the compaction and the pruning go on.
@Suite struct HostileTrackTests {
    @Test func aBrokenChunkIsLeftOutOfTheTrackAndKeptInTheFile() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let t = track(start: day0 + 10 * 3_600_000, count: 3000)
        let id = try store.importFlights(
            track: t, fileName: "a.igc", sha256: "aa",
            flights: [flight(takeoff: t.fixes[100].time, minutes: 45)])[0]
        let whole = try store.track(forFlight: id).fixes
        let queue = try DatabaseQueue(path: dir.databasePath)
        let broken = try queue.write { db -> (first: Int64, last: Int64) in
            let row = try #require(
                try Row.fetchOne(
                    db, sql: "SELECT firstTime, lastTime FROM trackChunk ORDER BY firstTime LIMIT 1 OFFSET 1"))
            try db.execute(sql: "UPDATE trackChunk SET data = x'01ff00' WHERE firstTime = ?", arguments: [row[0]])
            return (row[0], row[1])
        }

        let read = try store.track(forFlight: id).fixes
        #expect(read == whole.filter { $0.time < broken.first || $0.time > broken.last })
        #expect(!read.isEmpty && read.count < whole.count)

        // Compaction and pruning keep the chunk they cannot read, byte for byte.
        let recording = try #require(try queue.read { try Int64.fetchOne($0, sql: "SELECT id FROM recording") })
        try store.compactRecording(id: recording)
        _ = try store.pruneGroundFixes(olderThan: Int64.max, keepMarginMillis: 0)
        let kept = try queue.read {
            try Data.fetchOne($0, sql: "SELECT data FROM trackChunk WHERE firstTime = ?", arguments: [broken.first])
        }
        #expect(kept == Data([0x01, 0xff, 0x00]))
        #expect(try store.track(forFlight: id).fixes == read)
    }

    /// Pruning computes windows from the stored takeoff and landing: a takeoff of Int64.min, or a landing before
    /// the takeoff, once trapped (overflow, an empty range); now that recording is left unpruned.
    @Test func hostileFlightTimesNeitherTrapNorLosePruning() throws {
        let (dir, store, recording, t) = try recorded()
        defer { dir.cleanup() }
        try store.append(fixes: t.fixes, toRecording: recording)
        let queue = try DatabaseQueue(path: dir.databasePath)
        for (takeoff, landing) in [(Int64.min, t.fixes[600].time), (t.fixes[900].time, t.fixes[300].time)] {
            let id = try store.insertFlight(
                flight(takeoff: t.fixes[500].time, minutes: 5), recording: recording, inProgress: false)
            try queue.write {
                try $0.execute(
                    sql: "UPDATE flight SET takeoffTime = ?, landingTime = ? WHERE id = ?",
                    arguments: [takeoff, landing, id])
            }
        }
        #expect(try store.pruneGroundFixes(olderThan: Int64.max, keepMarginMillis: 60_000) == 0)
        #expect(try store.fixes(recording: recording, from: 0, to: Int64.max).count == t.fixes.count)
    }

    /// The daemon compacts and prunes its recording every few minutes: a chunk whose count or times a hand edit made
    /// text trapped GRDB's typed reads there, so the daemon stopped at every start. Such a chunk is now kept as it
    /// is, and the rest compacted and pruned.
    @Test func chunkBookkeepingOfAnotherTypeNeitherTrapsCompactionNorPruning() throws {
        let (dir, store, recording, t) = try recorded()
        defer { dir.cleanup() }
        for part in stride(from: 0, to: 2000, by: 100) {
            try store.append(fixes: Array(t.fixes[part..<(part + 100)]), toRecording: recording)
        }
        try store.compactRecording(id: recording)
        let queue = try DatabaseQueue(path: dir.databasePath)
        let chunks = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM trackChunk") ?? 0 }
        #expect(chunks > 0)
        var next = t.fixes[1999]
        next.time += 1000
        try store.append(fixes: [next], toRecording: recording)
        try queue.write {
            try $0.execute(sql: "UPDATE trackChunk SET fixCount = 'many', lastTime = 'late'")
            try $0.execute(sql: "UPDATE liveChunk SET fixCount = 'one'")
        }
        try store.compactRecording(id: recording)
        _ = try store.pruneGroundFixes(olderThan: Int64.max, keepMarginMillis: 0)
        // The chunks that cannot be read are kept whole; the one fix in a readable chunk was a ground fix outside
        // any flight, which pruning drops.
        #expect(try store.fixes(recording: recording, from: 0, to: Int64.max) == t.fixes)
        // What the daemon reads at start to go on with its recording.
        #expect(try store.lastRecording()?.id == recording)
    }

    /// A logbook with a live recording begun and a 2,000-fix track to feed it (not appended yet).
    private func recorded() throws -> (TempDirectory, FlightStore, recording: Int64, Track) {
        let dir = try TempDirectory()
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        return (dir, store, try store.beginRecording(recorder: recorder), track(start: day0, count: 2000))
    }
}

/// The edit history is read the same way: an edit time that is no time (text, out of range) is shown as 1970 with a
/// warning, never a trap, and the other edits stay.
@Suite struct HostileHistoryTests {
    @Test func anEditTimeThatIsNoTimeIsReadAs1970() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let t = track(start: day0 + 10 * 3_600_000, count: 1200)
        let f = flight(takeoff: t.fixes[100].time, minutes: 10)
        let id = try store.importFlights(track: t, fileName: "a.igc", sha256: "aa", flights: [f])[0]
        var details = f.details
        for (n, remark) in ["one", "two", "three"].enumerated() {
            details.remarks = remark
            _ = try store.updateDetails(id: id, to: details, editedAt: day0 + Int64(n))
        }
        let queue = try DatabaseQueue(path: dir.databasePath)
        try queue.write { db in
            try db.execute(sql: "UPDATE flightEdit SET editedAt = 'x' WHERE newValue = 'one'")
            try db.execute(sql: "UPDATE flightEdit SET editedAt = 9223372036854775807 WHERE newValue = 'two'")
        }
        let history = try store.history(id: id)
        #expect(history.map(\.newValue) == ["three", "two", "one"])  // SQLite sorts text after numbers
        #expect(history.map(\.editedAt) == [day0 + 2, 0, 0])
        #expect(try store.track(forFlight: id).fixes.count > 0)
    }
}
