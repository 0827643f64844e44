import FlightLogCore
import Foundation
import GRDB

/// A raster MBTiles file (an SQLite file of map tiles the user supplies), opened read-only.
///
/// Tiles are stored by `zoom_level`, `tile_column` and `tile_row` in the TMS scheme (row 0 in the south); ``tile(z:x:y:)``
/// takes the slippy-map address (`y` from the north) and flips it. `metadata` gives the image format and the zoom
/// range (else the tiles do).
package final class MBTiles: Sendable {
    package let path: String
    /// `png`, `jpg` or `webp`.
    package let format: String
    package let zooms: ClosedRange<Int>
    /// The tiles' attribution from the metadata (plain text as stored; may be empty).
    package let attribution: String
    private let queue: DatabaseQueue

    /// - Throws: `LogbookError` when the file is missing, not SQLite, has no `tiles` table or no tiles, or holds a
    ///   vector (`pbf`) format.
    package init(path: String) throws(LogbookError) {
        self.path = path
        try Self.checkRegularFile(path)
        var config = Configuration()
        config.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            let read = try queue.read { db -> (String, ClosedRange<Int>?, String) in
                // `tiles` is a table, or a view over deduplicated images (`map` and `images`, as many tools write).
                guard try db.tableExists("tiles") || db.viewExists("tiles") else {
                    throw LogbookError(.notADatabase, "\(path) is not an MBTiles file (no tiles table)")
                }
                var metadata: [String: String] = [:]
                if try db.tableExists("metadata") {
                    for row in try Row.fetchAll(db, sql: "SELECT name, value FROM metadata") {
                        if let name: String = row["name"], let value: String = row["value"] { metadata[name] = value }
                    }
                }
                var zooms: ClosedRange<Int>?
                if let low = metadata["minzoom"].flatMap(Int.init), let high = metadata["maxzoom"].flatMap(Int.init),
                    low <= high
                {
                    zooms = low...high
                } else if let row = try Row.fetchOne(
                    db, sql: "SELECT MIN(zoom_level) AS low, MAX(zoom_level) AS high FROM tiles"),
                    let low: Int = row["low"], let high: Int = row["high"]
                {
                    zooms = low...high
                }
                return ((metadata["format"] ?? "png").lowercased(), zooms, metadata["attribution"] ?? "")
            }
            guard ["png", "jpg", "jpeg", "webp"].contains(read.0) else {
                throw LogbookError(
                    .other, "\(path) holds \(read.0) tiles; the map needs raster tiles (png, jpg or webp)")
            }
            guard let zooms = read.1, zooms.lowerBound >= 0, zooms.upperBound <= 24 else {
                throw LogbookError(.other, "\(path) holds no map tiles")
            }
            self.queue = queue
            self.format = read.0 == "jpeg" ? "jpg" : read.0
            self.zooms = zooms
            self.attribution = read.2
        } catch {
            throw Self.unreadable(error, path: path)
        }
    }

    /// Throws unless `path` is a regular file that can be read: SQLite's own `open` would wait forever on a FIFO
    /// with no writer (the report and `serve` hung) and read a device without end. Opened without blocking and
    /// judged by `fstat` of the open descriptor.
    static func checkRegularFile(_ path: String) throws(LogbookError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw LogbookError(.cannotOpen, "no readable map tiles file at \(path) ([server] map_tiles)")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw LogbookError(
                .cannotOpen,
                "\(path) is not a regular file (a named pipe, device or folder): refused; "
                    + "[server] map_tiles names an MBTiles file")
        }
    }

    /// Why the file cannot be read, in the map tiles' words (not the flight database's).
    private static func unreadable(_ error: any Error, path: String) -> LogbookError {
        if let error = error as? LogbookError { return error }
        let detail = (error as? DatabaseError)?.message ?? "\(error)"
        return LogbookError(.notADatabase, "\(path) is not a readable MBTiles file (\(detail)) ([server] map_tiles)")
    }

    /// The image's content type.
    package var contentType: String { format == "jpg" ? "image/jpeg" : "image/\(format)" }

    /// The tile at slippy-map address z/x/y (y from the north), or `nil` when the file has none there.
    package func tile(z: Int, x: Int, y: Int) throws(LogbookError) -> [UInt8]? {
        guard (0...24).contains(z), (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(y) else { return nil }
        do {
            return try queue.read { db in
                try Data.fetchOne(
                    db, sql: "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                    arguments: [z, x, (1 << z) - 1 - y]
                ).map { [UInt8]($0) }
            }
        } catch {
            throw Self.unreadable(error, path: path)
        }
    }

    /// Which of `addresses` (z/x/y, y from the north) the file holds.
    package func existing(_ addresses: [(z: Int, x: Int, y: Int)]) -> Set<[Int]> {
        var found: Set<[Int]> = []
        try? queue.read { db in
            for a in addresses where (0...24).contains(a.z) {
                let row = (1 << a.z) - 1 - a.y
                if try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                    arguments: [a.z, a.x, row]) == true
                {
                    found.insert([a.z, a.x, a.y])
                }
            }
        }
        return found
    }
}
