import FlightLogAirspace
import FlightLogCore
import FlightLogLogbook
import Foundation
import PostgresNIO

/// The club's airspace (`flightlog airspace import FILE --database postgres://…`): OpenAir files kept byte for byte
/// in `airspace_file`, one set per file name as on a glider, for the infringements and the map of every club
/// flight page. Parsed once and kept by the web server until the files change (``AirspaceCache``).
extension ClubWebLogbook: AirspaceStore {
    /// Stores `file`, replacing a file of the same name. - Returns: whether one was replaced.
    @discardableResult
    package func storeAirspaceFile(_ file: AirspaceFile) async throws(LogbookError) -> Bool {
        try await withTransaction { [logger] c in
            var replaced = false
            for try await _ in try await c.query(
                "DELETE FROM airspace_file WHERE name = \(file.name) RETURNING 1", logger: logger)
            {
                replaced = true
            }
            try await c.query(
                """
                INSERT INTO airspace_file (name, bytes, imported_at)
                VALUES (\(file.name), \(ByteBuffer(bytes: file.bytes)), \(file.importedAt))
                """, logger: logger)
            return replaced
        }
    }

    /// Every kept file, by name.
    package func airspaceFiles() async throws(LogbookError) -> [AirspaceFile] {
        try await withConnection { [logger] c in
            var files: [AirspaceFile] = []
            for try await (name, bytes, importedAt) in try await c.query(
                "SELECT name, bytes, imported_at FROM airspace_file ORDER BY name", logger: logger
            ).decode((String, ByteBuffer, Int64).self) {
                files.append(AirspaceFile(name: name, bytes: Array(buffer: bytes), importedAt: importedAt))
            }
            return files
        }
    }

    /// Removes the file `name`. - Returns: whether there was one.
    package func removeAirspaceFile(named name: String) async throws(LogbookError) -> Bool {
        try await withConnection { [logger] c in
            for try await _ in try await c.query(
                "DELETE FROM airspace_file WHERE name = \(name) RETURNING 1", logger: logger)
            {
                return true
            }
            return false
        }
    }

    /// The airspaces of every kept file, file by file in name order: the kept ones while the files' stamps (name,
    /// import time, size: no bytes read) stay the same.
    package func airspaces() async throws(LogbookError) -> [Airspace] {
        let stamps = try await withConnection { [logger] c in
            var stamps: [AirspaceCache.Stamp] = []
            // A login that may not add the table (not the tables' owner) on a server where nobody has: no airspace.
            for try await exists in try await c.query(
                "SELECT to_regclass('airspace_file') IS NOT NULL", logger: logger
            ).decode(Bool.self) where !exists {
                return stamps
            }
            for try await (name, importedAt, size) in try await c.query(
                "SELECT name, imported_at, octet_length(bytes) FROM airspace_file ORDER BY name", logger: logger
            ).decode((String, Int64, Int32).self) {
                stamps.append(AirspaceCache.Stamp(row: (name, importedAt, Int(size))))
            }
            return stamps
        }
        if let kept = airspaceCache.kept(stamps) { return kept }
        let files = stamps.isEmpty ? [] : try await airspaceFiles()
        return airspaceCache.keep(files.map(\.bytes), stamps: files.map(AirspaceCache.Stamp.init))
    }
}
