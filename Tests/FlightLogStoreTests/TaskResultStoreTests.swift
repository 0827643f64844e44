import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// Each flight's task result is kept beside its analysis for `list`: read, not scored again, while it is current;
/// computed again after an edited take-off, another declared task or a new version; an older logbook gets the
/// empty results of flights that cannot have a task at its upgrade (migration v17), the others on first use.
@Suite struct TaskResultStoreTests {
    /// A 4-point task round a 20 km circle and the 1 h track that flies it.
    static let flown = SyntheticTracks.taskFlight(points: 4, hours: 1, radius: 20_000)

    /// The IGC file of the track, declaring the task (named "Circle") an hour before its first fix, or none.
    static func file(declaring: Bool) -> [UInt8] {
        var task = flown.0
        (task.source, task.name, task.declaredAt) = (.declaration, "Circle", flown.1[0].time - 3_600_000)
        return IGCWriter.write(
            fixes: flown.1, extensions: [], headers: IGCHeaderValues(pressureSensor: "test,task,max9999m"),
            serial: "TSK", flightNumberOfDay: 1, task: declaring ? task : nil)
    }

    /// Imports the track as one flight, with `original` as its kept file (nil: none, as a recorded flight).
    static func imported(_ store: FlightStore, original: [UInt8]?, sha: String) throws -> Int64 {
        let fixes = flown.1
        var f = flight(takeoff: fixes[0].time)
        f.landingTime = fixes[fixes.count - 1].time
        return try store.importFlights(
            track: Track(recorder: recorder, fixes: fixes), fileName: "\(sha).igc", sha256: sha, original: original,
            flights: [f])[0]
    }

    /// Makes the kept result of `id` say "not completed" (still current): a list that shows it read it.
    static func tamper(_ path: String, _ id: Int64, _ extra: String = "") throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql:
                    "UPDATE flightTaskResult SET data = json_set(CAST(data AS TEXT), '$.task.completed', json('false')) WHERE flightId = ?",
                arguments: [id])
            if !extra.isEmpty { try db.execute(sql: extra, arguments: [id]) }
        }
        try queue.close()
    }

    @Test func keptWithTheAnalysisReadUntilStaleThenComputedAgain() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let id = try Self.imported(store, original: Self.file(declaring: true), sha: "a")
        #expect(try store.currentTaskResults(only: [id])?[id] == nil, "not computed by the import of the rows")
        _ = try store.analysis(forFlight: id, glider: OwnGlider())
        let kept = try #require(try store.currentTaskResults(only: [id])?[id] ?? nil)
        #expect(kept.completed && kept.name == "Circle" && kept.speedKmh != nil, "\(kept)")

        let reader = try FlightStore(path: dir.databasePath, mode: .readOnly)
        let flights = [try reader.flight(id: id)]
        try Self.tamper(dir.databasePath, id)
        #expect(try reader.taskResults(of: flights)[id]?.completed == false, "the kept result is read, not scored")

        // An edited take-off: stale, scored again (and kept again, for the next list).
        try Self.tamper(dir.databasePath, id, "UPDATE flight SET takeoffTime = takeoffTime + 1000 WHERE id = ?")
        #expect(try reader.taskResults(of: [try reader.flight(id: id)])[id]?.completed == true)
        #expect((try store.currentTaskResults(only: [id])?[id] ?? nil)?.completed == true)
        // A result of another version.
        let version = "UPDATE flightTaskResult SET data = json_set(CAST(data AS TEXT), '$.version', 0)"
        try Self.tamper(dir.databasePath, id, version + " WHERE flightId = ?")
        #expect(try reader.taskResults(of: flights)[id]?.completed == true)
        // Unreadable JSON is no result.
        try Self.tamper(dir.databasePath, id, "UPDATE flightTaskResult SET data = '{\"version\":' WHERE flightId = ?")
        #expect(try reader.taskResults(of: flights)[id]?.completed == true)
    }

    @Test func anotherDeclaredTaskMakesARecordedFlightsResultStale() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let id = try Self.imported(store, original: nil, sha: "r")
        let flights = [try store.flight(id: id)]
        #expect(try store.taskResults(of: flights).isEmpty)
        #expect(try store.currentTaskResults(only: [id])?[id] != nil, "kept: no task")
        // The flight gets the declaration it was recorded with (as the recorder attaches it).
        var task = Self.flown.0
        (task.name, task.declaredAt) = ("Declared", Self.flown.1[0].time - 60_000)
        try store.declare(task)
        #expect(try store.attachPendingTask(toFlight: id, declaredBy: Self.flown.1[0].time) != nil)
        let result = try #require(try store.taskResults(of: flights)[id])
        #expect(result.name == "Declared" && result.completed, "\(result)")
    }

    @Test func anOlderLogbookKeepsEmptyResultsAtItsUpgradeAndScoresTheRestOnFirstUse() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let (declaring, plain, recorded): (Int64, Int64, Int64)
        do {
            let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
            declaring = try Self.imported(store, original: Self.file(declaring: true), sha: "d")
            plain = try Self.imported(store, original: Self.file(declaring: false), sha: "p")
            recorded = try Self.imported(store, original: nil, sha: "r")
        }
        // As a logbook of before v17 holds it: no table, the migration not run.
        let queue = try DatabaseQueue(path: dir.databasePath)
        try queue.write { db in
            try db.execute(sql: "DROP TABLE IF EXISTS flightTaskResult")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v17 %'")
        }
        try queue.close()
        // Opened read-only as `list` does: upgraded once, since the file may be written.
        let reader = try FlightStore(path: dir.databasePath, mode: .readOnly)
        let upgraded = try #require(try reader.currentTaskResults())
        #expect(upgraded.keys.sorted() == [plain, recorded] && upgraded.values.allSatisfy { $0 == nil }, "\(upgraded)")
        let results = try reader.taskResults(of: try reader.flights(matching: FlightFilter()))
        #expect(results.keys.sorted() == [declaring] && results[declaring]?.completed == true, "\(results)")
        #expect(try reader.currentTaskResults()?.count == 3, "the first list kept what it scored")
    }
}

/// Issue 41: `list` waited about 10 s, silently, while another process held the logbook's write lock, since the
/// keeping of missing task results waited for it; and the results of flights deleted by hand were never removed.
@Suite struct TaskResultKeepTests {
    typealias Kept = TaskResultStoreTests

    static func rows(_ path: String) throws -> [Int64] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try Int64.fetchAll($0, sql: "SELECT flightId FROM flightTaskResult ORDER BY 1") }
    }

    @Test func aBusyLogbookSkipsTheKeepAtOnceAndTheNextListKeepsIt() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let id: Int64
        do {
            let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
            id = try Kept.imported(store, original: Kept.file(declaring: true), sha: "a")
        }
        let reader = try FlightStore(path: dir.databasePath, mode: .readOnly)
        let flights = [try reader.flight(id: id)]
        // Another process's write under way: a second connection holds the write lock until the list is done.
        let holder = try DatabaseQueue(path: dir.databasePath)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var listed: [Int64: FlightTaskResult]?
        var finishedWhileLocked = false
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            DispatchQueue.global().async {
                listed = try? reader.taskResults(of: flights)
                done.signal()
            }
            // A bound on a hang, not a measure: a keep that waits for the lock is let through after it, and then
            // writes its row, which the count below sees.
            finishedWhileLocked = done.wait(timeout: .now() + 5) == .success
            try db.execute(sql: "ROLLBACK")
        }
        if !finishedWhileLocked { done.wait() }
        try holder.close()
        #expect(finishedWhileLocked, "the list waited for the lock")
        #expect(listed?[id]?.completed == true, "the list is right without keeping: \(String(describing: listed))")
        #expect(try Self.rows(dir.databasePath).isEmpty, "the keep was skipped, not made after the lock went")
        // The next list, with the logbook free, keeps it.
        #expect(try reader.taskResults(of: flights)[id]?.completed == true)
        #expect(try Self.rows(dir.databasePath) == [id])
    }

    @Test func resultsOfFlightsDeletedByHandGoAtTheUpgradeAndAtTheNextKeep() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let (first, second): (Int64, Int64)
        do {
            let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
            first = try Kept.imported(store, original: Kept.file(declaring: true), sha: "a")
            second = try Kept.imported(store, original: nil, sha: "b")
            _ = try store.taskResults(of: try store.flights(matching: FlightFilter()))
            _ = try store.analysis(forFlight: first, glider: OwnGlider())
            // `delete` takes the result with the flight.
            try store.delete(id: second)
        }
        #expect(try Self.rows(dir.databasePath) == [first])
        // The sqlite3 shell (foreign keys off), on a logbook from before v18.
        func deleteByHand(_ id: Int64, before18: Bool) throws {
            let queue = try DatabaseQueue(path: dir.databasePath)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                try db.execute(sql: "DELETE FROM flight WHERE id = ?", arguments: [id])
                if before18 { try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v18 %'") }
            }
            try queue.close()
        }
        try deleteByHand(first, before18: true)
        #expect(try Self.rows(dir.databasePath) == [first], "left behind")
        do {
            let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
            #expect(try Self.rows(dir.databasePath).isEmpty, "removed at the upgrade")
            let queue = try DatabaseQueue(path: dir.databasePath)
            #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM flightAnalysis") } == 0)
            try queue.close()
            // After the upgrade: the next keep removes what a hand-made delete leaves.
            let third = try Kept.imported(store, original: Kept.file(declaring: true), sha: "c")
            let fourth = try Kept.imported(store, original: nil, sha: "d")
            _ = try store.taskResults(of: [try store.flight(id: third)])
            try deleteByHand(third, before18: false)
            #expect(try Self.rows(dir.databasePath) == [third])
            _ = try store.taskResults(of: [try store.flight(id: fourth)])
            #expect(try Self.rows(dir.databasePath) == [fourth])
        }
    }
}
