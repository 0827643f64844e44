import FlightLogCore
import FlightLogLogbook
import Foundation
import GRDB

/// Recording rows and their track chunks.
package enum Recordings {
    static func insert(kind: String, fileName: String?, sha256: String?, recorder: RecorderInfo, into db: Database)
        throws
        -> Int64
    {
        let json = String(decoding: try JSONEncoder().encode(recorder), as: UTF8.self)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        try db.execute(
            sql: "INSERT INTO recording (kind, fileName, sha256, recorder, createdAt, uuid) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [kind, fileName, sha256, json, now, newUUID()])
        return db.lastInsertedRowID
    }

    /// A new random UUID in lower-case text: the stable id of a recording, flight or edit (`flightlog sync`).
    static func newUUID() -> String { text(of: UUID()) }

    /// A UUID in the text form this logbook stores: lower case.
    static func text(of uuid: UUID) -> String { uuid.uuidString.lowercased() }

    package static func recorder(fromJSON json: String) throws -> RecorderInfo {
        try RecorderInfo(json: json)
    }

    /// Stores `fixes` (in time order) as chunks of about `FlightStore.chunkSize`. A chunk never ends between two
    /// fixes of the same time, so chunk start times stay unique.
    static func insertChunks(_ fixes: [Fix], recordingId: Int64, size: Int = FlightStore.chunkSize, into db: Database)
        throws
    {
        var start = 0
        while start < fixes.count {
            var end = min(start + size, fixes.count)
            while end < fixes.count && fixes[end].time == fixes[end - 1].time { end += 1 }
            try insertChunk(fixes[start..<end], recordingId: recordingId, into: db)
            start = end
        }
    }

    /// - Parameter live: into `liveChunk`, the table flightlogd appends each second's fixes to (one page a commit).
    static func insertChunk(_ fixes: ArraySlice<Fix>, recordingId: Int64, live: Bool = false, into db: Database) throws
    {
        guard let first = fixes.first, let last = fixes.last else { return }
        // Cached: flightlogd runs this every second.
        try db.cachedStatement(
            sql:
                "INSERT INTO \(live ? "liveChunk" : "trackChunk") (recordingId, firstTime, lastTime, fixCount, data) VALUES (?, ?, ?, ?, ?)"
        ).execute(arguments: [recordingId, first.time, last.time, fixes.count, Data(TrackCodec.encode(Array(fixes)))])
    }

    /// The fixes of one chunk blob, or nil when they cannot be read (a damaged file, a hand edit): then the chunk is
    /// left out with a warning naming the table, recording and chunk, and the other chunks still count. Writers
    /// that would rewrite the chunk leave it as it is instead (nothing of it is lost by reading).
    /// `stored` is the column as SQLite holds it: a hand edit can leave a number or text there, which GRDB's typed
    /// read would trap on.
    static func decode(_ stored: DatabaseValue, table: String, recordingId: Int64, firstTime: DatabaseValue)
        -> [Fix]?
    {
        let chunk = "of recording \(recordingId) from \(firstTime) ms"
        guard case .blob(let blob) = stored.storage else {
            StoredValues.warn(table: table, row: chunk, "its fixes are not bytes; the track is shown without them")
            return nil
        }
        do {
            return try TrackCodec.decode(blob)
        } catch {
            StoredValues.warn(
                table: table, row: chunk,
                "its fixes cannot be read (\(error.description)); the track is shown without them")
            return nil
        }
    }

    /// Moves a recording's live rows into track chunks (compaction does this every 10 min). When one cannot be
    /// read, all stay where they are (readers still find them there).
    static func settleLiveChunks(recordingId: Int64, into db: Database) throws {
        let rows = try Row.fetchAll(
            db, sql: "SELECT data, firstTime FROM liveChunk WHERE recordingId = ? ORDER BY firstTime",
            arguments: [recordingId])
        guard !rows.isEmpty else { return }
        var fixes: [Fix] = []
        for row in rows {
            guard let decoded = decode(row[0], table: "liveChunk", recordingId: recordingId, firstTime: row[1])
            else { return }
            fixes += decoded
        }
        try db.execute(sql: "DELETE FROM liveChunk WHERE recordingId = ?", arguments: [recordingId])
        try insertChunks(fixes, recordingId: recordingId, into: db)
    }

    /// Fixes of a recording with `from <= time <= to`, in time order.
    static func fixes(recordingId: Int64, from: UTCMillis, to: UTCMillis, _ db: Database) throws -> [Fix] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT data, firstTime, 'trackChunk' FROM trackChunk
                WHERE recordingId = ?1 AND firstTime <= ?2 AND lastTime >= ?3
                UNION ALL
                SELECT data, firstTime, 'liveChunk' FROM liveChunk
                WHERE recordingId = ?1 AND firstTime <= ?2 AND lastTime >= ?3
                ORDER BY firstTime
                """,
            arguments: [recordingId, to, from])
        var fixes: [Fix] = []
        for row in rows {
            let decoded = decode(row[0], table: row[2], recordingId: recordingId, firstTime: row[1]) ?? []
            fixes += decoded.filter { $0.time >= from && $0.time <= to }
        }
        return fixes
    }

    static func requireExists(_ id: Int64, _ db: Database) throws {
        guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM recording WHERE id = ?"), arguments: [id]) != nil
        else {
            throw LogbookError(.notFound, "no recording with id \(id)")
        }
    }
}
