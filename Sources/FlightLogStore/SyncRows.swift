import FlightLogCore
import Foundation
import GRDB

/// Reading recordings for `flightlog sync` (see ``FlightStore/recordingsToPush()``).
enum SyncRows {
    /// A track chunk goes to the server when it overlaps a finished flight of its recording, with the margin
    /// ``FlightStore/track(forFlight:marginMillis:)`` shows around it; ground time outside flights stays here.
    static let marginMillis: Int64 = 60_000

    /// Recording `id` with its chunks, file and finished flights; without blobs (empty `data`, no file bytes)
    /// unless `withData`. The fingerprint is the same either way.
    static func recording(_ id: Int64, withData: Bool, _ db: Database) throws -> SyncRecording {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT r.uuid, r.kind, r.fileName, r.sha256, r.recorder, r.createdAt, length(o.bytes) AS fileSize,
                        CASE WHEN ?2 THEN o.bytes END AS bytes
                    FROM recording r LEFT JOIN recordingFile o ON o.recordingId = r.id WHERE r.id = ?1
                    """,
                arguments: [id, withData])
        else { throw LogbookError(.notFound, "no recording with id \(id)") }
        var fingerprint = Fingerprint()
        // Read leniently (GRDB's typed reads trap on a value of another type): a recording without a readable id,
        // kind, recorder or time cannot go to the club logbook; the caller reports it and syncs the others.
        guard let uuid = StoredValues.text(row, "uuid"), let kind = StoredValues.text(row, "kind"),
            let recorder = StoredValues.text(row, "recorder"), let createdAt = StoredValues.integer(row, "createdAt")
        else { throw LogbookError(.other, "recording \(id) holds an unreadable id, kind, recorder or creation time") }
        fingerprint.add(row, ["uuid", "kind", "fileName", "sha256", "recorder", "createdAt", "fileSize"])
        let chunks = try Row.fetchAll(db, sql: chunkSQL, arguments: [id, withData, marginMillis]).map { chunk in
            fingerprint.add(chunk, ["live", "firstTime", "lastTime", "fixCount", "size"])
            return SyncRecording.Chunk(
                live: StoredValues.integer(chunk, "live") == 1,
                firstTime: StoredValues.integer(chunk, "firstTime") ?? 0,
                lastTime: StoredValues.integer(chunk, "lastTime") ?? 0,
                fixCount: Int(clamping: StoredValues.integer(chunk, "fixCount") ?? 0),
                data: Data.fromDatabaseValue(chunk["data"] as DatabaseValue).map { [UInt8]($0) } ?? [])
        }
        let flights = try Row.fetchAll(
            db, sql: "SELECT * FROM flight WHERE recordingId = ? AND NOT inProgress ORDER BY id", arguments: [id]
        ).map { flight in
            let names = Array(flight.columnNames)
            let columns: [(name: String, value: SyncValue)] = names.filter { !Self.localFlightColumns.contains($0) }
                .map { ($0, syncValue(flight[$0] as DatabaseValue)) }
            fingerprint.add(flight, names)
            return SyncRecording.Flight(uuid: StoredValues.text(flight, "uuid") ?? "", columns: columns)
        }
        return SyncRecording(
            id: id, uuid: uuid, kind: kind, fileName: StoredValues.text(row, "fileName"),
            sha256: StoredValues.text(row, "sha256"), recorder: recorder, createdAt: createdAt, chunks: chunks,
            originalFile: withData ? Data.fromDatabaseValue(row["bytes"] as DatabaseValue).map { [UInt8]($0) } : nil,
            flights: flights,
            fingerprint: fingerprint.text)
    }

    /// Flight columns that stay on this device: its own row ids and state, and the mark of an upload to WeGlide
    /// whose answer never came (this device's alone; where the flight is on WeGlide goes to the club), and the task
    /// declared for a recorded flight and an imported file's competition class (the club schema has no column for
    /// them yet).
    static let localFlightColumns: Set<String> = [
        "id", "recordingId", "inProgress", "uuid", "weglidePendingSince", "declaredTask", "competitionClass",
    ]

    /// The chunks of recording ?1 overlapping a finished flight ± ?3 ms, blobs only when ?2.
    private static let chunkSQL =
        ["trackChunk", "liveChunk"].enumerated().map { live, table in
            """
            SELECT \(live) AS live, firstTime, lastTime, fixCount, length(data) AS size, CASE WHEN ?2 THEN data END AS data
            FROM \(table) c WHERE recordingId = ?1 AND EXISTS (
                SELECT 1 FROM flight f WHERE f.recordingId = ?1 AND NOT f.inProgress
                    AND c.firstTime <= f.landingTime + ?3 AND c.lastTime >= f.takeoffTime - ?3)
            """
        }.joined(separator: "\nUNION ALL\n") + "\nORDER BY live, firstTime"

    static func syncValue(_ value: DatabaseValue) -> SyncValue {
        switch value.storage {
        case .null: .null
        case .int64(let i): .integer(i)
        case .double(let d): .real(d)
        case .string(let s): .text(s)
        case .blob(let b): .text(b.base64EncodedString())  // no flight column holds a blob
        }
    }

    /// `["a","b"]` for `json_each`.
    static func jsonArray(_ strings: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(strings)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// FNV-1a (64 bit) over the values' texts: stable across runs and machines (Swift's `Hasher` is not).
    struct Fingerprint {
        private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

        /// Adds the named columns of `row`, names and values.
        mutating func add(_ row: Row, _ columns: [String]) {
            for name in columns {
                for byte in "\(name)=\(row[name] as DatabaseValue)\u{1F}".utf8 {
                    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                }
            }
        }

        var text: String { String(hash, radix: 16) }
    }
}
