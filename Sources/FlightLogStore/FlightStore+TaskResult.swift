import FlightLogAnalysis
import FlightLogCore
import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Each flight's task result (``FlightTaskResult``, docs/TASKS.md "In list"), kept beside its analysis so that
/// `list` over years of flights reads one row per flight instead of every flight's file and track. Computed where
/// the analysis is (import, landing) and on first use by `list`; current while its version, the flight's take-off
/// and landing and its declared task are the ones it was computed for.
extension FlightStore {
    /// Where a kept result `r` (its JSON as `r.j`, the declared task it was computed with as `r.declaredTask`) is
    /// current for flight `f`: valid JSON of this version, for the take-off and landing stored now and the same
    /// declared task (an edited time or another declaration makes it stale). One rule for every query.
    static let taskResultIsCurrentSQL = """
        json_valid(r.j) AND json_extract(r.j, '$.version') IS \(FlightTaskResult.currentVersion)
            AND json_extract(r.j, '$.inputs.takeoff') IS f.takeoffTime
            AND json_extract(r.j, '$.inputs.landing') IS f.landingTime
            AND r.declaredTask IS f.declaredTask
        """

    /// What one kept row holds: the result (`nil`: the flight has no task) and what it was computed for.
    struct KeptTaskResult: Codable {
        struct Inputs: Codable {
            var takeoff: UTCMillis
            var landing: UTCMillis
        }
        var version = FlightTaskResult.currentVersion
        var inputs: Inputs
        var task: FlightTaskResult?
        /// The flight's `declaredTask` as it was read (not in the JSON: its own column).
        var declaredTask: Data?

        enum CodingKeys: String, CodingKey { case version, inputs, task }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(version, forKey: .version)
            try c.encode(inputs, forKey: .inputs)
            try c.encode(task, forKey: .task)  // null: no task
        }
    }

    /// The task results of `flights` by id (a flight without a task is not in it): the kept ones that are current,
    /// the others computed now and kept (by this store when it writes, else by a connection of its own when this
    /// process may write the file, which gives up at once when another process holds the write lock: `list` never
    /// waits for it; a failed keep costs only the next list's compute). An older logbook that cannot be upgraded has
    /// none.
    package func taskResults(of flights: [Flight]) throws(LogbookError) -> [Int64: FlightTaskResult] {
        let ids = Set(flights.compactMap(\.id))
        guard !ids.isEmpty else { return [:] }
        guard let current = try currentTaskResults(only: ids) else { return [:] }
        var results = current.compactMapValues { $0 }
        let missing = ids.subtracting(current.keys).sorted()
        guard !missing.isEmpty else { return results }
        var computed: [(Int64, KeptTaskResult)] = []
        for id in missing {
            guard let kept = try? computedTaskResult(forFlight: id) else { continue }
            computed.append((id, kept))
            results[id] = kept.task
        }
        if mode == .readWrite {
            try? keep(computed)
        } else if Self.isWritable(path) {
            try? keepWithoutWaiting(computed)
        }
        return results
    }

    /// The task that counts for `flight` (stored as it is) scored on `fixes`, from its kept file and the task it was
    /// declared with (``FlightTaskReport/of(_:fixes:originalFile:declared:)``): `show` and the PDF report. A flight
    /// without a track has none.
    /// `analysis`: the flight's, whose release and engine runs the task rules take (else its stored one).
    package func taskReport(for flight: Flight, fixes: [Fix], analysis: FlightAnalysis? = nil) throws(LogbookError)
        -> (report: FlightTaskReport?, warnings: [String])
    {
        guard flight.hasTrack, let id = flight.id else { return (nil, []) }
        return FlightTaskReport.of(
            flight, fixes: fixes, extensions: try recorderExtensions(forFlight: id),
            originalFile: try originalFile(forFlight: id)?.bytes, declared: try declaredTask(forFlight: id),
            analysis: analysis ?? (try? storedAnalysis(forFlight: id)))
    }

    /// The B-record extensions of flight `id`'s recording (where an engine sensor is), for the task rules.
    package func recorderExtensions(forFlight id: Int64) throws(LogbookError) -> [FixExtension] {
        try read { db in
            let json = try String.fetchOne(
                db, sql: "SELECT r.recorder FROM flight f JOIN recording r ON r.id = f.recordingId WHERE f.id = ?",
                arguments: [id])
            return json.flatMap { try? Recordings.recorder(fromJSON: $0) }?.extensions ?? []
        }
    }

    /// Computes flight `id`'s task result and keeps it, unless a current one is kept already. `analysis`: the
    /// flight's, just made or read (else the stored one), so the release and engine runs are not found twice.
    package func refreshTaskResult(forFlight id: Int64, analysis: FlightAnalysis? = nil) throws(LogbookError) {
        if let current = try currentTaskResults(only: [id]), current[id] != nil { return }
        try keep([(id, try computedTaskResult(forFlight: id, analysis: analysis))])
    }

    /// The current kept results among `only` (all flights when nil): id → result (`nil`: no task); a flight whose
    /// row is missing or stale is absent. `nil` for a logbook that predates the table (opened read-only).
    func currentTaskResults(only ids: Set<Int64>? = nil) throws(LogbookError) -> [Int64: FlightTaskResult?]? {
        let idList = ids.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
        let rows = try read { db -> [Row]? in
            guard try db.tableExists("flightTaskResult") else { return nil }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT r.flightId AS id, json_extract(r.j, '$.task') AS task
                    FROM (SELECT flightId, declaredTask, CAST(data AS TEXT) AS j FROM flightTaskResult
                        WHERE length(data) <= ?1 AND (?2 IS NULL OR flightId IN (SELECT value FROM json_each(?2)))) r
                    JOIN flight f ON f.id = r.flightId
                    WHERE \(Self.taskResultIsCurrentSQL)
                    """,
                arguments: [Self.maxTaskBytes, idList])
        }
        guard let rows else { return nil }
        var results: [Int64: FlightTaskResult?] = [:]
        for row in rows {
            let id: Int64 = row["id"]
            guard let text: String = row["task"] else {
                results[id] = .some(nil)
                continue
            }
            // Outside input: a result that cannot be read is computed again.
            guard let result = try? JSONDecoder().decode(FlightTaskResult.self, from: Data(text.utf8)) else { continue }
            results[id] = result
        }
        return results
    }

    /// Flight `id`'s task result computed from what is stored now, with the inputs it was computed for; the task
    /// rules' events from `analysis`, else the stored analysis, when it fits (``TaskFlightEvents``).
    func computedTaskResult(forFlight id: Int64, analysis: FlightAnalysis? = nil) throws(LogbookError) -> KeptTaskResult
    {
        let (flight, declared) = try read { db in
            let declared = try Data.fetchOne(db, sql: "SELECT declaredTask FROM flight WHERE id = ?", arguments: [id])
            return (try Self.flight(id: id, db), declared)
        }
        var result: FlightTaskResult?
        if flight.hasTrack {
            let track = try track(forFlight: id)
            result = FlightTaskResult.compute(
                flight: flight, fixes: track.fixes, extensions: track.recorder.extensions,
                fileTasks: try keptFileTasks(forFlight: id), declared: Self.decoded(declared),
                analysis: analysis ?? (try? storedAnalysis(forFlight: id)))
        }
        return KeptTaskResult(
            inputs: .init(takeoff: flight.takeoffTime, landing: flight.landingTime), task: result,
            declaredTask: declared)
    }

    /// The task lines of flight `id`'s kept file (`nil`: none is kept), read once per file: the flights of one
    /// file are scored one after another (at import, by `list`), and a kept file of 334 flights is 37 MB that was
    /// read and scanned again for each. Keyed by the logbook's path, the recording and the file's SHA-256 as stored
    /// (the stored hash names the bytes; the path and recording keep two logbooks, or a hash that does not match its
    /// bytes, from ever sharing an entry).
    func keptFileTasks(forFlight id: Int64) throws(LogbookError) -> IGCFileTasks? {
        let recording = try read { db in
            try Row.fetchOne(
                db, sql: "SELECT r.id, r.sha256 FROM flight f JOIN recording r ON r.id = f.recordingId WHERE f.id = ?",
                arguments: [id])
        }
        let key = recording.flatMap { row in
            (row[1] as String?).map { KeptFileKey(database: path, recording: row[0], sha256: $0) }
        }
        if let key, let hit = Self.lastKeptFileTasks.withLock({ $0?.key == key ? $0 : nil }) {
            return hit.tasks
        }
        let tasks = try originalFile(forFlight: id).flatMap { IGCReader.tasks($0.bytes) }
        if let key { Self.lastKeptFileTasks.withLock { $0 = (key, tasks) } }
        return tasks
    }

    private struct KeptFileKey: Equatable {
        var database: String
        var recording: Int64
        var sha256: String
    }

    /// The last kept file's task lines (``keptFileTasks(forFlight:)``).
    private static let lastKeptFileTasks = Mutex<(key: KeptFileKey, tasks: IGCFileTasks?)?>(nil)

    /// Keeps `results`, each replacing its flight's; one transaction.
    func keep(_ results: [(Int64, KeptTaskResult)]) throws(LogbookError) {
        guard !results.isEmpty else { return }
        let rows = try Self.encoded(results)
        try write { db in try Self.insert(rows, db) }
    }

    /// ``keep(_:)`` by a read-only store's process: its own connection, which never waits for a lock (a busy
    /// logbook, another process writing, fails at once) and never migrates.
    func keepWithoutWaiting(_ results: [(Int64, KeptTaskResult)]) throws(LogbookError) {
        guard !results.isEmpty else { return }
        let rows = try Self.encoded(results)
        var config = Configuration()
        config.busyMode = .immediateError
        config.foreignKeysEnabled = true
        config.prepareDatabase { db in
            // As the store's writer: -wal and -shm stay for read-only users when this connection closes.
            var one: Int32 = 1
            _ = sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, &one)
        }
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            try queue.inTransaction(.immediate) { db in
                try Self.insert(rows, db)
                return .commit
            }
            try queue.close()
        } catch {
            throw LogbookError.from(error, path: path)
        }
    }

    private static func encoded(_ results: [(Int64, KeptTaskResult)]) throws(LogbookError) -> [(Int64, Data, Data?)] {
        var rows: [(Int64, Data, Data?)] = []
        for (id, kept) in results {
            do { rows.append((id, try JSONEncoder().encode(kept), kept.declaredTask)) } catch {
                throw LogbookError(.other, "cannot encode the task result of flight \(id): \(error)")
            }
        }
        return rows
    }

    /// Writes the rows (a flight gone since is skipped) and drops the results of flights that no longer exist
    /// (deleted by hand with foreign keys off: `delete` removes them with the flight).
    private static func insert(_ rows: [(Int64, Data, Data?)], _ db: Database) throws {
        for (id, data, declared) in rows {
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO flightTaskResult (flightId, declaredTask, data)
                    SELECT id, ?, ? FROM flight WHERE id = ?
                    """,
                arguments: [declared, data, id])
        }
        try db.execute(sql: Schema.orphanedTaskResultsSQL)
    }
}
