import FlightLogAirspace
import FlightLogCore
import FlightLogLogbook
import Foundation
import GRDB

/// The imported airspace: whole files, so that importing a file of the same name again replaces its set and
/// removing it takes exactly what it brought.
extension FlightStore: AirspaceStore {
    /// The largest OpenAir file kept (a whole country's is 1–5 MB).
    package static let maxAirspaceFileBytes = 32 << 20

    /// Stores `file`, replacing a file of the same name. - Returns: whether one was replaced.
    @discardableResult
    package func storeAirspaceFile(_ file: AirspaceFile) throws(LogbookError) -> Bool {
        try write { db in
            let replaced =
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM airspaceFile WHERE name = ?", arguments: [file.name]) ?? false
            try db.execute(
                sql: "INSERT OR REPLACE INTO airspaceFile (name, bytes, importedAt) VALUES (?, ?, ?)",
                arguments: [file.name, Data(file.bytes), file.importedAt])
            return replaced
        }
    }

    /// Every kept file, by name; none in a logbook of an older flightlog opened read-only.
    package func airspaceFiles() throws(LogbookError) -> [AirspaceFile] {
        try read { db in
            guard try db.tableExists("airspaceFile") else { return [] }
            return try Row.fetchAll(
                db, sql: "SELECT name, bytes, importedAt, \(Self.hasBytesColumn) FROM airspaceFile ORDER BY name"
            ).compactMap { row in
                guard let (name, importedAt) = Self.airspaceFileRow(row),
                    let bytes = Data.fromDatabaseValue(row["bytes"] as DatabaseValue)
                else { return nil }
                return AirspaceFile(name: name, bytes: [UInt8](bytes), importedAt: importedAt)
            }
        }
    }

    /// Removes the file `name`. - Returns: whether there was one.
    package func removeAirspaceFile(named name: String) throws(LogbookError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM airspaceFile WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    /// The airspaces of every kept file, file by file in name order.
    package func airspaces() throws(LogbookError) -> [Airspace] {
        try airspaceFiles().flatMap { $0.contents.airspaces }
    }

    /// The kept files' stamps, by name, without reading their bytes (``AirspaceCache``).
    package func airspaceStamps() throws(LogbookError) -> [AirspaceCache.Stamp] {
        try read { db in
            guard try db.tableExists("airspaceFile") else { return [] }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT name, importedAt, length(bytes) AS size, \(Self.hasBytesColumn)
                    FROM airspaceFile ORDER BY name
                    """
            ).compactMap { row in
                // The same rows as airspaceFiles(): the cache pairs each stamp with a file's bytes in this order.
                guard let (name, importedAt) = Self.airspaceFileRow(row) else { return nil }
                return AirspaceCache.Stamp(row: (name, importedAt, Int(StoredValues.integer(row, "size") ?? -1)))
            }
        }
    }

    /// Whether a row's `bytes` can be read as bytes (a blob, or text GRDB reads as its UTF-8): both readers of the
    /// table select it, so that the files and their stamps leave out the same rows.
    private static let hasBytesColumn = "typeof(bytes) IN ('blob', 'text') AS hasBytes"

    /// A kept file's name and import time, read leniently (a hand edit with sqlite3 can store any value in any
    /// column, and GRDB's typed subscripts trap on a wrong one): nil, warned, when its name or bytes are unreadable;
    /// an unreadable import time reads as 1970 (warned), as the file's airspace is still good.
    private static func airspaceFileRow(_ row: Row) -> (name: String, importedAt: UTCMillis)? {
        guard let name = StoredValues.text(row, "name"), StoredValues.integer(row, "hasBytes") == 1 else {
            StoredValues.warn(
                table: "airspaceFile", row: "\(row["name"] as DatabaseValue)",
                "its name or bytes are unreadable; its airspace is left out")
            return nil
        }
        guard let importedAt = StoredValues.integer(row, "importedAt"), StoredValues.time.contains(importedAt) else {
            StoredValues.warn(
                table: "airspaceFile", row: name, "its import time is unreadable; shown as 1970-01-01")
            return (name, 0)
        }
        return (name, importedAt)
    }

    /// The airspaces of every kept file through `cache`: read again only when the files changed.
    package func airspaces(cache: AirspaceCache) throws(LogbookError) -> [Airspace] {
        try cache.airspaces(stamps: airspaceStamps()) { () throws(LogbookError) in try airspaceFiles().map(\.bytes) }
    }
}
