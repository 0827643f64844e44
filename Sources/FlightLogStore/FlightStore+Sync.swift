import FlightLogCore
import Foundation
import GRDB

/// A value of a flight column, as SQLite stores it (sync sends it to the server as is).
package enum SyncValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// One recording as the club logbook receives it: the recording row, its track chunks (exact blob bytes), the
/// original file and its finished flights. Only the chunks the finished flights' tracks need are included.
package struct SyncRecording: Sendable {
    package struct Chunk: Sendable, Hashable {
        /// From `liveChunk` (fixes flightlogd has not compacted yet), else `trackChunk`.
        package var live: Bool
        package var firstTime: UTCMillis
        package var lastTime: UTCMillis
        package var fixCount: Int
        /// The TrackCodec blob, byte for byte.
        package var data: [UInt8]
    }

    package struct Flight: Sendable {
        package var uuid: String
        /// Every column of the local `flight` row but `id`, `recordingId`, `inProgress`, `uuid` and
        /// `weglidePendingSince`, by name.
        package var columns: [(name: String, value: SyncValue)]
    }

    package var id: Int64
    package var uuid: String
    package var kind: String
    package var fileName: String?
    package var sha256: String?
    /// RecorderInfo as JSON.
    package var recorder: String
    package var createdAt: Int64
    package var chunks: [Chunk]
    package var originalFile: [UInt8]?
    package var flights: [Flight]
    /// Changes whenever any of the above does (chunk blobs by their size and fix count): what ``FlightStore/markPushed(recording:fingerprint:)`` keeps.
    package var fingerprint: String
}

/// One edit of a flight's details, as the server and every device know it.
package struct SyncEdit: Sendable, Hashable {
    package var uuid: String
    package var flightUuid: String
    /// The device that made it; `nil` in a local list means this device.
    package var deviceUuid: String?
    package var field: String
    package var oldValue: String?
    package var newValue: String?
    package var editedAt: UTCMillis

    package var fieldEdit: FieldEdit { FieldEdit(uuid: uuid, field: field, newValue: newValue, editedAt: editedAt) }
}

extension SyncEdit {
    /// An edit the club logbook sends: its ids kept in the text form this logbook stores.
    package init(
        pulled uuid: UUID, flight: UUID, device: UUID, field: String, oldValue: String?, newValue: String?,
        editedAt: UTCMillis
    ) {
        self.init(
            uuid: Recordings.text(of: uuid), flightUuid: Recordings.text(of: flight),
            deviceUuid: Recordings.text(of: device), field: field, oldValue: oldValue, newValue: newValue,
            editedAt: editedAt)
    }
}

/// What `flightlog sync` reads and marks in the local database. Pushing never changes a flight; only pulled edits do.
extension FlightStore {
    /// This device's id (made once, by the migration) and the server sequence number of the last edit pulled.
    package func syncDevice() throws(LogbookError) -> (uuid: String, editCursor: Int64) {
        try read { db in
            let row = try Row.fetchOne(db, sql: "SELECT uuid, editCursor FROM syncDevice LIMIT 1")
            guard let row else { throw LogbookError(.other, "the flight database has no device id") }
            // Read leniently: a hand edit may leave any value here (GRDB's typed reads would trap).
            guard let uuid = StoredValues.text(row, "uuid"), UUID(uuidString: uuid) != nil else {
                throw LogbookError(
                    .other,
                    "the flight database's device id (syncDevice.uuid) is not a UUID: restore a backup before syncing")
            }
            guard let cursor = StoredValues.integer(row, "editCursor"), cursor >= 0 else {
                StoredValues.warn(
                    table: "syncDevice", row: "editCursor",
                    "it holds no sequence number; every club edit is pulled again (the ones already here are skipped)")
                return (uuid, 0)
            }
            return (uuid, cursor)
        }
    }

    /// Recordings with a finished flight whose chunks, file or finished flights changed since they were last pushed
    /// (or were never pushed), oldest first, each with its current fingerprint. Reads no track blobs.
    package func recordingsToPush() throws(LogbookError) -> [(id: Int64, fingerprint: String)] {
        try read { db in
            let ids = try Int64.fetchAll(
                db, sql: "SELECT DISTINCT recordingId FROM flight WHERE NOT inProgress ORDER BY recordingId")
            return try ids.compactMap { id in
                let fingerprint: String
                do {
                    fingerprint = try SyncRows.recording(id, withData: false, db).fingerprint
                } catch let error as LogbookError {
                    StoredValues.warn(
                        table: "recording", row: "\(id)", "\(error.message); not sent to the club logbook")
                    return nil
                }
                let pushed = try String.fetchOne(
                    db, sql: "SELECT fingerprint FROM syncRecording WHERE recordingId = ?", arguments: [id])
                return pushed == fingerprint ? nil : (id, fingerprint)
            }
        }
    }

    /// Recording `id` with its blobs, as it is now (its fingerprint may differ from the one listed a moment ago).
    package func recordingToPush(id: Int64) throws(LogbookError) -> SyncRecording {
        try read { db in try SyncRows.recording(id, withData: true, db) }
    }

    /// Call after the server committed recording `id` as it was with this fingerprint.
    package func markPushed(recording id: Int64, fingerprint: String) throws(LogbookError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO syncRecording (recordingId, fingerprint) VALUES (?, ?)",
                arguments: [id, fingerprint])
        }
    }

    /// Edits made on this device and not pushed yet, of finished flights, oldest first.
    package func editsToPush() throws(LogbookError) -> [SyncEdit] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT e.uuid, f.uuid AS flightUuid, e.field, e.oldValue, e.newValue, e.editedAt
                    FROM flightEdit e JOIN flight f ON f.id = e.flightId
                    WHERE NOT e.pushed AND e.deviceUuid IS NULL AND NOT f.inProgress ORDER BY e.id
                    """
            ).compactMap { row -> SyncEdit? in
                guard let edit = Self.edit(row), let flightUuid = StoredValues.text(row, "flightUuid") else {
                    return nil
                }
                return SyncEdit(
                    uuid: edit.uuid, flightUuid: flightUuid, deviceUuid: nil, field: edit.field,
                    oldValue: StoredValues.text(row, "oldValue"), newValue: edit.newValue, editedAt: edit.editedAt)
            }
        }
    }

    /// Call after the server committed these edits.
    package func markEditsPushed(_ uuids: [String]) throws(LogbookError) {
        try markPushed("UPDATE flightEdit SET pushed = 1 WHERE uuid IN (SELECT value FROM json_each(?))", uuids)
    }

    /// Flights deleted here since the last sync: their UUIDs and when they were deleted, oldest first.
    package func deletionsToPush() throws(LogbookError) -> [(flightUuid: String, deletedAt: UTCMillis)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT flightUuid, deletedAt FROM syncDeletion ORDER BY deletedAt, flightUuid")
                .compactMap { row -> (String, UTCMillis)? in
                    guard let uuid = StoredValues.text(row, "flightUuid"),
                        let at = StoredValues.integer(row, "deletedAt"), StoredValues.time.contains(at)
                    else {
                        StoredValues.warn(
                            table: "syncDeletion", row: "\(row["flightUuid"] as DatabaseValue)",
                            "it holds no flight id and deletion time; not sent to the club logbook")
                        return nil
                    }
                    return (uuid, at)
                }
        }
    }

    /// Call after the server committed these deletions.
    package func markDeletionsPushed(_ uuids: [String]) throws(LogbookError) {
        try markPushed("DELETE FROM syncDeletion WHERE flightUuid IN (SELECT value FROM json_each(?))", uuids)
    }

    /// Runs `sql` once, its `?` the JSON array of `uuids` (nothing to run for none).
    private func markPushed(_ sql: String, _ uuids: [String]) throws(LogbookError) {
        guard !uuids.isEmpty else { return }
        try write { db in try db.execute(sql: sql, arguments: [SyncRows.jsonArray(uuids)]) }
    }

    /// Adds edits the server holds for this device's flights to their histories (an edit already here is skipped,
    /// one of a flight deleted here is dropped), sets each touched field to its winning edit
    /// (``EditResolution``), and keeps `cursor` as the last pulled server sequence number — all in one transaction.
    /// The server's rows are outside input: an edit whose field, value or time breaks ``FieldRules`` is refused
    /// (not stored, so it never counts again: the cursor passes it) with a line naming the flight and field.
    /// - Returns: the number of edits that were new here, and a line for each refused one.
    @discardableResult
    package func applyPulledEdits(_ edits: [SyncEdit], cursor: Int64) throws(LogbookError) -> (
        added: Int, refused: [String]
    ) {
        try write { db in
            var added = 0
            var refused: [String] = []
            var touched: [Int64: Set<String>] = [:]
            for var edit in edits {
                guard
                    let flightId = try Int64.fetchOne(
                        db, sql: "SELECT id FROM flight WHERE uuid = ?", arguments: [edit.flightUuid])
                else { continue }
                if let problem = Self.problem(pulled: edit) {
                    refused.append(
                        "refused the club logbook's edit of flight \(flightId) (\(edit.flightUuid)), field "
                            + "\(FieldRules.preview(edit.field)): \(problem); "
                            + "correct it on the club logbook")
                    continue
                }
                // The old value is only shown in the history: one that breaks the rules is not kept.
                if let old = edit.oldValue, FieldRules.textProblem(field: "remarks", text: old) != nil {
                    edit.oldValue = nil
                }
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO flightEdit (uuid, flightId, field, oldValue, newValue, editedAt, deviceUuid, pushed)
                        VALUES (?, ?, ?, ?, ?, ?, ?, 1)
                        """,
                    arguments: [
                        edit.uuid, flightId, edit.field, edit.oldValue, edit.newValue, edit.editedAt, edit.deviceUuid,
                    ])
                guard db.changesCount > 0 else { continue }
                added += 1
                touched[flightId, default: []].insert(edit.field)
            }
            for (flightId, fields) in touched {
                let history = try Row.fetchAll(
                    db,
                    sql:
                        "SELECT uuid, field, newValue, editedAt FROM flightEdit WHERE flightId = ? AND field IN (SELECT value FROM json_each(?))",
                    arguments: [flightId, SyncRows.jsonArray(fields.sorted())]
                ).compactMap(Self.edit)
                let old = try Self.flight(id: flightId, db).details
                let new = EditResolution.apply(EditResolution.winners(history), to: old)
                if new != old { _ = try FlightRows.update(flightId, FlightRows.detailColumns(new), in: db) }
            }
            try db.execute(sql: "UPDATE syncDevice SET editCursor = max(editCursor, ?)", arguments: [cursor])
            return (added, refused)
        }
    }

    /// The edit in a `flightEdit` row, read leniently; nil (warned) when its id, field or time is unreadable.
    private static func edit(_ row: Row) -> FieldEdit? {
        guard let uuid = StoredValues.text(row, "uuid"), let field = StoredValues.text(row, "field"),
            let editedAt = StoredValues.integer(row, "editedAt"), StoredValues.time.contains(editedAt)
        else {
            StoredValues.warn(
                table: "flightEdit", row: "\(row["uuid"] as DatabaseValue)",
                "its id, field or edit time is unreadable; it is left out of the club sync")
            return nil
        }
        return FieldEdit(uuid: uuid, field: field, newValue: StoredValues.text(row, "newValue"), editedAt: editedAt)
    }

    /// Why a pulled edit cannot be taken: its field or value (``FieldRules``, as for a local edit) or its time.
    private static func problem(pulled edit: SyncEdit) -> String? {
        if let problem = FieldRules.problem(field: edit.field, text: edit.newValue) { return problem }
        guard FieldRules.editTimes.contains(edit.editedAt) else {
            return "\(edit.field) was edited at \(edit.editedAt) ms, not a time between 1970 and 2100"
        }
        return nil
    }
}

extension FlightDetails {
    /// The `flight` columns these details are stored in, search keys included, as sync sends them.
    package var syncColumns: [(name: String, value: SyncValue)] {
        FlightRows.detailColumns(self).map { ($0.name, SyncRows.syncValue($0.value?.databaseValue ?? .null)) }
    }
}
