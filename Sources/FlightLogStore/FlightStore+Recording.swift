import FlightLogCore
import Foundation
import GRDB

/// Live recording by flightlogd: every call is one durable transaction.
extension FlightStore {
    /// Starts a new live recording. - Returns: its id.
    package func beginRecording(recorder: RecorderInfo) throws(LogbookError) -> Int64 {
        try write { db in
            try Recordings.insert(kind: "recorded", fileName: nil, sha256: nil, recorder: recorder, into: db)
        }
    }

    /// Appends fixes (strictly increasing times, all after the recording's last fix) as one small live chunk
    /// (`liveChunk`: a commit writes one page).
    /// An empty list is not an error. Call ``compactRecording(id:)`` now and then to merge the small chunks.
    /// - Throws: `.notFound` for an unknown recording, `.other` for fixes out of time order.
    package func append(fixes: [Fix], toRecording id: Int64) throws(LogbookError) {
        guard let first = fixes.first else { return }
        for i in fixes.indices.dropFirst() where fixes[i].time <= fixes[i - 1].time {
            throw LogbookError(.other, "fixes out of time order at \(iso8601UTC(fixes[i].time)); nothing was written")
        }
        try write { db in
            try Recordings.requireExists(id, db)
            if let last = try Self.lastFixTime(recording: id, db), first.time <= last {
                throw LogbookError(
                    .other,
                    "fix at \(iso8601UTC(first.time)) is not after the recording's last fix \(iso8601UTC(last)); nothing was written"
                )
            }
            try Recordings.insertChunk(fixes[...], recordingId: id, live: true, into: db)
        }
    }

    /// Moves the live rows into track chunks, then merges runs of small chunks into chunks of about `chunkSize`
    /// fixes. The fixes stay the same.
    package func compactRecording(id: Int64) throws(LogbookError) {
        try write { db in
            try Recordings.requireExists(id, db)
            try Recordings.settleLiveChunks(recordingId: id, into: db)
            let chunks = try Row.fetchAll(
                db, sql: "SELECT firstTime, fixCount, data FROM trackChunk WHERE recordingId = ? ORDER BY firstTime",
                arguments: [id])
            var run: [Row] = []
            var runFixes = 0
            func flush() throws {
                defer {
                    run = []
                    runFixes = 0
                }
                guard run.count > 1 else { return }
                var fixes: [Fix] = []
                for chunk in run {
                    guard
                        let decoded = Recordings.decode(
                            chunk["data"], table: "trackChunk", recordingId: id, firstTime: chunk["firstTime"])
                    else { return }  // the run stays as it is
                    fixes += decoded
                }
                let starts = run.compactMap { StoredValues.integer($0, "firstTime") }
                try db.execute(
                    sql:
                        "DELETE FROM trackChunk WHERE recordingId = ? AND firstTime IN (SELECT value FROM json_each(?))",
                    arguments: [id, "[" + starts.map(String.init).joined(separator: ",") + "]"])
                try Recordings.insertChunk(fixes[...], recordingId: id, into: db)
            }
            for chunk in chunks {
                // A chunk whose count or start a hand edit made unreadable ends the run and stays as it is.
                guard let count = StoredValues.integer(chunk, "fixCount").flatMap(Int.init(exactly:)),
                    StoredValues.integer(chunk, "firstTime") != nil, count >= 0
                else {
                    try flush()
                    continue
                }
                if count >= Self.chunkSize {
                    try flush()
                    continue
                }
                if runFixes + count > Self.chunkSize { try flush() }
                run.append(chunk)
                runFixes += count
            }
            try flush()
        }
    }

    /// Fixes of a recording with `from <= time <= to`, in time order.
    package func fixes(recording id: Int64, from: UTCMillis, to: UTCMillis) throws(LogbookError) -> [Fix] {
        try read { db in try Recordings.fixes(recordingId: id, from: from, to: to, db) }
    }

    /// The newest live recording (imports are not considered), with the time of its last fix.
    package func lastRecording() throws(LogbookError) -> (id: Int64, recorder: RecorderInfo, lastFixTime: UTCMillis?)? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, recorder FROM recording WHERE kind = 'recorded' ORDER BY id DESC LIMIT 1")
            else { return nil }
            let id: Int64 = row["id"]
            // Text that is not JSON (or no text: a hand edit) fails as damaged JSON does.
            let recorder = try Recordings.recorder(fromJSON: StoredValues.text(row, "recorder") ?? "")
            return (id, recorder, try Self.lastFixTime(recording: id, db))
        }
    }

    /// The time of the recording's newest stored fix, nil when it has none or does not exist.
    package func lastFixTime(recording id: Int64) throws(LogbookError) -> UTCMillis? {
        try read { db in try Self.lastFixTime(recording: id, db) }
    }

    private static func lastFixTime(recording id: Int64, _ db: Database) throws -> UTCMillis? {
        try Int64.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT max(lastTime) FROM (
                        SELECT lastTime FROM (SELECT lastTime FROM trackChunk WHERE recordingId = ?1 ORDER BY firstTime DESC LIMIT 1)
                        UNION ALL
                        SELECT lastTime FROM (SELECT lastTime FROM liveChunk WHERE recordingId = ?1 ORDER BY firstTime DESC LIMIT 1))
                    """),
            arguments: [id])
    }

    /// Adds a flight detected in live recording `id`. - Returns: the flight id.
    package func insertFlight(_ flight: Flight, recording id: Int64, inProgress: Bool) throws(LogbookError) -> Int64 {
        try write { db in
            try Recordings.requireExists(id, db)
            return try FlightRows.insert(flight, recordingId: id, inProgress: inProgress, into: db)
        }
    }

    /// Updates what the recorder measured (times, coordinates, release, statistics, places, time zone, and the
    /// launch method, release height and place texts unless the pilot edited them). Other edited details are kept.
    package func updateRecordedFacts(of id: Int64, from flight: Flight, inProgress: Bool) throws(LogbookError) {
        try write { db in
            var columns = FlightRows.factColumns(flight) + [("inProgress", inProgress)]
            let edited = try Self.editedFields(id, db)
            if flight.takeoffLocation != nil, !edited.contains("takeoffPlace") {
                columns.append(("takeoffPlace", flight.details.takeoffPlace))
            }
            if flight.landingLocation != nil, !edited.contains("landingPlace") {
                columns.append(("landingPlace", flight.details.landingPlace))
            }
            if !edited.contains("launchMethod") {
                columns.append(("launchMethod", flight.details.launchMethod.rawValue))
            }
            if !edited.contains("releaseHeight") { columns.append(("releaseHeight", flight.details.releaseHeight)) }
            guard try FlightRows.update(id, columns, in: db) else { throw LogbookError.notFound(id) }
        }
    }

    /// The flight flightlogd is still recording, if any.
    package func inProgressFlight() throws(LogbookError) -> (id: Int64, recordingId: Int64, flight: Flight)? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "\(FlightRows.select) WHERE f.inProgress ORDER BY f.takeoffTime DESC LIMIT 1")
            else { return nil }
            return (
                row[FlightRows.columns["f.id"]], row[FlightRows.columns["f.recordingId"]],
                try FlightRows.flight(from: row)
            )
        }
    }

    /// Drops live-recorded fixes older than `olderThan` that lie outside every flight of their recording
    /// (± `keepMarginMillis`). Imported tracks are never touched. - Returns: the number of fixes dropped.
    package func pruneGroundFixes(olderThan: UTCMillis, keepMarginMillis: Int64) throws(LogbookError) -> Int {
        try write { db in
            var dropped = 0
            let recordings = try Int64.fetchAll(db, sql: "SELECT id FROM recording WHERE kind = 'recorded'")
            for recordingId in recordings {
                try Recordings.settleLiveChunks(recordingId: recordingId, into: db)
                let checked = try Row.fetchAll(
                    db, sql: "SELECT id, takeoffTime, landingTime FROM flight WHERE recordingId = ?",
                    arguments: [recordingId]
                ).map { row -> ClosedRange<Int64>? in
                    // Checked as in every flight row: a hostile time must neither overflow nor make an empty range.
                    // A flight whose times are unknown keeps its whole recording (nothing of it is dropped).
                    let id: Int64 = row["id"]
                    let check = StoredValueCheck(flight: id)
                    guard
                        let takeoff = check.checked(
                            StoredValues.integer(row, "takeoffTime"), StoredValues.time, "takeoff time", unit: " ms"),
                        let landing = check.time(
                            StoredValues.integer(row, "landingTime"), after: takeoff, "landing time")
                    else { return nil }
                    return (takeoff - keepMarginMillis)...(landing + keepMarginMillis)
                }
                let windows = checked.compactMap { $0 }
                guard windows.count == checked.count else { continue }
                let chunks = try Row.fetchAll(
                    db,
                    sql:
                        "SELECT firstTime, lastTime, fixCount, data FROM trackChunk WHERE recordingId = ? AND firstTime < ?",
                    arguments: [recordingId, olderThan])
                for chunk in chunks {
                    // Times a hand edit made unreadable: the chunk is kept as it is.
                    guard let first = StoredValues.integer(chunk, "firstTime"),
                        let last = StoredValues.integer(chunk, "lastTime")
                    else { continue }
                    if windows.contains(where: { $0.contains(first) && $0.contains(last) }) { continue }
                    guard
                        let fixes = Recordings.decode(
                            chunk["data"], table: "trackChunk", recordingId: recordingId, firstTime: first.databaseValue
                        )
                    else { continue }  // kept as it is
                    let kept = fixes.filter { fix in fix.time >= olderThan || windows.contains { $0.contains(fix.time) }
                    }
                    guard kept.count < fixes.count else { continue }
                    dropped += fixes.count - kept.count
                    try db.execute(
                        sql: "DELETE FROM trackChunk WHERE recordingId = ? AND firstTime = ?",
                        arguments: [recordingId, first])
                    try Recordings.insertChunk(kept[...], recordingId: recordingId, into: db)
                }
            }
            return dropped
        }
    }
}
