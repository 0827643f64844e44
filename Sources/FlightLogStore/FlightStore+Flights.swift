import FlightLogCore
import FlightLogLogbook
import Foundation
import GRDB
import GRDBSQLite

extension FlightStore {
    /// Stores an imported track and the flights found in it, in one transaction.
    /// - Returns: the new flight ids, in the order of `flights`.
    /// - Throws: `.duplicateImport(ids)` when a file with this SHA-256 was imported before (nothing is written);
    ///   `.diskFull`, `.readOnly`. An empty `flights` list is not an error (the track is still kept).
    /// `original`: the file's bytes, kept verbatim for `export --igc` (nil: not kept).
    package func importFlights(
        track: Track, fileName: String, sha256: String, original: [UInt8]? = nil, flights: [Flight]
    ) throws(LogbookError) -> [Int64] {
        try write { db in
            let existing = try Self.flightIds(sha256: sha256, db)
            if let existing, existing.isEmpty {
                // The file's recording holds no flight any more (its flights deleted by hand, not by `delete`,
                // which removes the recording too): nothing of it is shown, so the file is imported again.
                try Self.removeRecording(sha256: sha256, db)
            } else if let existing {
                throw LogbookError(
                    .duplicateImport(existing),
                    "\(fileName) was imported before (flights \(existing.map(String.init).joined(separator: ", "))); nothing was written"
                )
            }
            let recordingId = try Recordings.insert(
                kind: "imported", fileName: fileName, sha256: sha256, recorder: track.recorder, into: db)
            try Recordings.insertChunks(track.fixes, recordingId: recordingId, into: db)
            if let original {
                // Written in place into a zeroblob: bound as a value, a 37 MB file was copied twice more (a third
                // of a big import's peak memory).
                try db.execute(
                    sql: "INSERT INTO recordingFile (recordingId, bytes) VALUES (?, zeroblob(?))",
                    arguments: [recordingId, original.count])
                try Self.writeBlob(original, table: "recordingFile", column: "bytes", row: recordingId, db)
            }
            return try flights.map { flight in
                try FlightRows.insert(flight, recordingId: recordingId, inProgress: false, into: db)
            }
        }
    }

    /// Fills the zeroblob of `column` in row `row` of `table` with `bytes` (SQLite's incremental blob I/O).
    private static func writeBlob(_ bytes: [UInt8], table: String, column: String, row: Int64, _ db: Database) throws {
        guard !bytes.isEmpty else { return }
        guard bytes.count <= Int(Int32.max) else { throw DatabaseError(resultCode: .SQLITE_TOOBIG) }
        var blob: OpaquePointer?
        var code = sqlite3_blob_open(db.sqliteConnection, "main", table, column, row, 1, &blob)
        if code == SQLITE_OK {
            code = bytes.withUnsafeBytes { sqlite3_blob_write(blob, $0.baseAddress, Int32($0.count), 0) }
        }
        sqlite3_blob_close(blob)
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot write the file's bytes")
        }
    }

    /// The file flight `id` was imported from, byte for byte, with its name and the number of flights in it;
    /// `nil` for a recorded flight or one imported before files were kept.
    /// - Throws: `.notFound` for an unknown id.
    package func originalFile(forFlight id: Int64) throws(LogbookError) -> (
        fileName: String, bytes: [UInt8], flights: Int
    )? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT r.fileName, o.bytes,
                            (SELECT count(*) FROM flight g WHERE g.recordingId = f.recordingId) AS flights
                        FROM flight f JOIN recording r ON r.id = f.recordingId
                        LEFT JOIN recordingFile o ON o.recordingId = f.recordingId WHERE f.id = ?
                        """,
                    arguments: [id])
            else { throw LogbookError.notFound(id) }
            guard let data = Data.fromDatabaseValue(row["bytes"] as DatabaseValue) else { return nil }
            let flights = Int(clamping: StoredValues.integer(row, "flights") ?? 1)
            return (StoredValues.text(row, "fileName") ?? "flight-\(id).igc", [UInt8](data), flights)
        }
    }

    /// Removes the recording of the imported file with this SHA-256, with its fixes and kept bytes.
    private static func removeRecording(sha256: String, _ db: Database) throws {
        let select = "SELECT id FROM recording WHERE sha256 = ? AND kind = 'imported'"
        for table in ["trackChunk", "liveChunk", "recordingFile"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE recordingId IN (\(select))", arguments: [sha256])
        }
        try db.execute(sql: "DELETE FROM recording WHERE id IN (\(select))", arguments: [sha256])
    }

    /// The flights whose recording holds exactly `fixes` (in time order) as an IGC file writes them
    /// (``IGCWriter/sameFixesAsWritten(_:_:)``): the same flight in a file with other bytes, such as one rebuilt by
    /// `export --igc --rebuild`. Only flights overlapping the fixes' time are read, so it costs nothing for a new day.
    package func flightIds(holdingFixes fixes: [Fix]) throws(LogbookError) -> [Int64] {
        guard let first = fixes.first?.time, let last = fixes.last?.time else { return [] }
        return try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, recordingId FROM flight WHERE takeoffTime <= ? AND landingTime >= ?
                    ORDER BY takeoffTime, id
                    """,
                arguments: [last + 999, first - 999])
            var checked: Set<Int64> = []
            for row in rows {
                let recordingId: Int64 = row["recordingId"]
                guard checked.insert(recordingId).inserted else { continue }
                // Whole seconds: a recorded fix's milliseconds are not in the file.
                let stored = try Recordings.fixes(
                    recordingId: recordingId, from: first - first % 1000, to: last - last % 1000 + 999, db)
                if IGCWriter.sameFixesAsWritten(stored, fixes) {
                    return rows.filter { $0["recordingId"] == recordingId }.map { $0["id"] }
                }
            }
            return []
        }
    }

    /// Ids of the flights imported from the file with this SHA-256 (empty if never imported).
    package func flightIds(importedWithSHA256 sha256: String) throws(LogbookError) -> [Int64] {
        try read { db in try Self.flightIds(sha256: sha256, db) ?? [] }
    }

    /// `nil` when no recording has this hash.
    private static func flightIds(sha256: String, _ db: Database) throws -> [Int64]? {
        guard
            let recordingId = try Int64.fetchOne(
                db, sql: "SELECT id FROM recording WHERE sha256 = ?", arguments: [sha256])
        else { return nil }
        return try Int64.fetchAll(
            db, sql: "SELECT id FROM flight WHERE recordingId = ? ORDER BY takeoffTime, id", arguments: [recordingId])
    }

    /// Flights matching `filter`, by takeoff time (oldest first unless `newestFirst`), a page of `limit` from `offset`.
    package func flights(matching filter: FlightFilter, newestFirst: Bool = false, limit: Int? = nil, offset: Int = 0)
        throws(LogbookError) -> [Flight]
    {
        let condition = FlightRows.condition(filter)
        let order = newestFirst ? "DESC" : "ASC"
        var arguments = condition.arguments
        arguments += [limit ?? -1, max(0, offset)]
        let live = liveFlightId()
        return try read { db in
            // A cursor reads each row in place (no copy), which matters for long lists.
            try Array(
                Row.fetchCursor(
                    db,
                    sql:
                        "\(FlightRows.select) WHERE \(condition.sql) ORDER BY f.takeoffTime \(order), f.id \(order) LIMIT ? OFFSET ?",
                    arguments: arguments
                ).map { try FlightRows.flight(from: $0, live: live) })
        }
    }

    package func count(matching filter: FlightFilter) throws(LogbookError) -> Int {
        let condition = FlightRows.condition(filter)
        return try read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM flight f WHERE \(condition.sql)", arguments: condition.arguments) ?? 0
        }
    }

    /// Number of flights, of launches (each flight's `launches`), and the summed flight time (takeoff to landing, ms)
    /// as ``totalMinutes(_:)`` counts it: each flight's whole minutes, summed (a whole number of minutes).
    package func totals(matching filter: FlightFilter) throws(LogbookError) -> FlightTotals {
        let condition = FlightRows.condition(filter)
        // The stored numbers are checked as `FlightRows.flight(from:)` checks them, so a hostile row can neither
        // overflow sum() nor make the total disagree: a flight time or launch count that is unknown there (out of
        // range) counts nothing here, as in every other sum (``Flight/leftOutOfSums``).
        let (launches, time) = (StoredValues.launches, StoredValues.time)
        return try read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(*) AS n,
                        coalesce(sum(CASE WHEN launches BETWEEN \(launches.lowerBound) AND \(launches.upperBound)
                            THEN launches ELSE 0 END), 0) AS launches,
                        coalesce(sum(CASE WHEN takeoffTime BETWEEN 0 AND \(time.upperBound)
                            AND landingTime BETWEEN takeoffTime AND \(time.upperBound)
                            THEN (landingTime - takeoffTime) / 60000 ELSE 0 END), 0) * 60000 AS ms
                    FROM flight f WHERE \(condition.sql)
                    """,
                arguments: condition.arguments)
            return FlightTotals(row: (row?["n"] ?? 0, row?["launches"] ?? 0, row?["ms"] ?? 0))
        }
    }

    /// - Throws: `.notFound` "no flight with id 42 (flightlog list shows the ids)".
    package func flight(id: Int64) throws(LogbookError) -> Flight {
        let live = liveFlightId()
        return try read { db in try Self.flight(id: id, db, live: live) }
    }

    /// Flight `id`; with `live` as a view reads it (``FlightRows/flight(from:live:)``), else as stored.
    static func flight(id: Int64, _ db: Database, live: Int64?? = nil) throws -> Flight {
        guard let row = try Row.fetchOne(db, sql: "\(FlightRows.select) WHERE f.id = ?", arguments: [id]) else {
            throw LogbookError.notFound(id)
        }
        guard let live else { return try FlightRows.flight(from: row) }
        return try FlightRows.flight(from: row, live: live)
    }

    /// The flight a running flightlogd is recording now: the one its status file beside this database names as
    /// flying, when that file is fresh (``RecorderStatus/isStale(fileAgeSeconds:)``) and not a stopped recorder's.
    /// nil when no recorder runs here (a copy of the logbook, the recorder stopped or never restarted).
    package func liveFlightId(now: Date = Date()) -> Int64? {
        guard let snapshot = RecorderStatusFile.read(at: RecorderStatusFile.path(besideDatabase: path)),
            !RecorderStatus.isStale(fileAgeSeconds: snapshot.age(now: now)), let status = snapshot.status,
            !status.stopped, status.flying
        else { return nil }
        return status.flightId
    }

    /// The recorded fixes from takeoff − `marginMillis` to landing + `marginMillis`, with the recorder info.
    package func track(forFlight id: Int64, marginMillis: Int64 = 60_000) throws(LogbookError) -> Track {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql:
                        "SELECT f.recordingId, f.takeoffTime, f.landingTime, r.recorder FROM flight f JOIN recording r ON r.id = f.recordingId WHERE f.id = ?",
                    arguments: [id])
            else { throw LogbookError.notFound(id) }
            // Checked as in every flight row, so that the margins cannot overflow.
            let check = StoredValueCheck(flight: id)
            let takeoff = StoredValues.integer(row, "takeoffTime")
            let from = check.checked(takeoff, StoredValues.time, "take-off time", unit: " ms") ?? 0
            let to = check.time(StoredValues.integer(row, "landingTime"), after: from, "landing time") ?? from
            let fixes = try Recordings.fixes(
                recordingId: StoredValues.integer(row, "recordingId") ?? 0, from: from - marginMillis,
                to: to + marginMillis, db)
            let recorder = try Recordings.recorder(fromJSON: StoredValues.text(row, "recorder") ?? "")
            return Track(recorder: recorder, fixes: fixes)
        }
    }

    /// Replaces the logbook details of flight `id`, recording each changed field in its history. Never touches
    /// the track or the recorded facts.
    ///
    /// `base` is the details `details` were made from (a form, an editor): when the flight holds other details
    /// now, nothing is written and `.changedElsewhere` is thrown. The compare and the write are one IMMEDIATE
    /// transaction, so of two saves made from the same details only the first can succeed.
    /// `landingAtField`: the new landing place names a known airfield (the caller looked it up): the flight
    /// landed at a field, whatever the track's end is nearest to; the pilot's word wins.
    /// - Returns: the changes (empty when nothing differed; then nothing is written).
    package func updateDetails(
        id: Int64, to details: FlightDetails, editedAt: UTCMillis, base: FlightDetails? = nil,
        landingAtField: Bool = false
    ) throws(LogbookError) -> [FieldChange] {
        try write { db in
            let flight = try Self.flight(id: id, db)
            let old = flight.details
            if let base, base != old { throw LogbookError.changedElsewhere(id) }
            let changes = old.changes(to: details, editedAt: editedAt)
            guard !changes.isEmpty else { return [] }
            var columns = FlightRows.detailColumns(details)
            // The outlanding follows the place the pilot typed (``FlightPlace/named(_:)``), in every view and filter.
            if details.landingPlace != old.landingPlace,
                let landing = flight.landingLocation?.named(details.landingPlace)
            {
                columns.append(("landingOutlanding", landing.isOutlanding && !landingAtField))
            }
            _ = try FlightRows.update(id, columns, in: db)
            for change in changes {
                try db.execute(
                    sql:
                        "INSERT INTO flightEdit (flightId, field, oldValue, newValue, editedAt, uuid) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [
                        id, change.field, change.oldValue, change.newValue, change.editedAt, Recordings.newUUID(),
                    ])
            }
            return changes
        }
    }

    /// The edits of flight `id`, oldest first.
    package func history(id: Int64) throws(LogbookError) -> [FieldChange] {
        try read { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM flight WHERE id = ?", arguments: [id]) != nil else {
                throw LogbookError.notFound(id)
            }
            return try Row.fetchAll(
                db, sql: "SELECT * FROM flightEdit WHERE flightId = ? ORDER BY editedAt, id", arguments: [id]
            ).map {
                // Checked like every stored time: an unknown one is shown as 1970 (with a warning), never a trap.
                let editedAt = StoredValues.integer($0, "editedAt")
                if editedAt == nil || !StoredValues.time.contains(editedAt!) {
                    StoredValues.warn(
                        table: "flightEdit", row: "\(StoredValues.integer($0, "id") ?? 0) of flight \(id)",
                        "the edit time is not a time from 1970 to 2200; shown as 1970")
                }
                return FieldChange(
                    field: StoredValues.text($0, "field") ?? "?", oldValue: StoredValues.text($0, "oldValue"),
                    newValue: StoredValues.text($0, "newValue"),
                    editedAt: editedAt.flatMap { StoredValues.time.contains($0) ? $0 : nil } ?? 0)
            }
        }
    }

    /// Deletes the flight and its edit history; when no other flight uses its recording, the recorded fixes too
    /// (and, for an imported file, the recording, so the file can be imported again). Its UUID stays in
    /// `syncDeletion` for `flightlog sync`, which hides it in the club logbook too.
    package func delete(id: Int64, at time: UTCMillis = UTCMillis(Date().timeIntervalSince1970 * 1000))
        throws(LogbookError)
    {
        try write { db in
            guard
                let recordingId = try Int64.fetchOne(
                    db, sql: "SELECT recordingId FROM flight WHERE id = ?", arguments: [id])
            else { throw LogbookError.notFound(id) }
            try db.execute(
                sql:
                    "INSERT OR IGNORE INTO syncDeletion (flightUuid, deletedAt) SELECT uuid, ? FROM flight WHERE id = ?",
                arguments: [time, id])
            try db.execute(sql: "DELETE FROM flight WHERE id = ?", arguments: [id])
            let others =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM flight WHERE recordingId = ?", arguments: [recordingId])
                ?? 0
            if others == 0 {
                try db.execute(sql: "DELETE FROM trackChunk WHERE recordingId = ?", arguments: [recordingId])
                try db.execute(sql: "DELETE FROM liveChunk WHERE recordingId = ?", arguments: [recordingId])
                try db.execute(sql: "DELETE FROM recordingFile WHERE recordingId = ?", arguments: [recordingId])
                try db.execute(
                    sql: "DELETE FROM recording WHERE id = ? AND kind IN ('imported', 'manual')",
                    arguments: [recordingId])
            }
        }
    }
}
