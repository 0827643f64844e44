import FlightLogCore
import FlightLogReports
import FlightLogStore
import Foundation
import Synchronization

/// The report map's background from the configured MBTiles file (`[server] map_tiles`, as on the phone): its PNG
/// and JPEG tiles, or a warning saying why there are none. The report is made either way.
enum ReportTiles {
    /// The tiles to draw and the warnings so far: none without a file; a file that cannot be opened, or holds WebP
    /// tiles (which the report cannot draw), is a warning and a plain map.
    static func of(_ file: Result<MBTiles, LogbookError>?) -> (ReportMapTiles?, [String]) {
        switch file {
        case nil: return (nil, [])
        case .failure(let error):
            return (nil, ["the map tiles file cannot be used: \(error); the report's map has a plain background"])
        case .success(let tiles) where tiles.format == "webp":
            return (
                nil,
                [
                    "\(tiles.path) holds WebP tiles, which the report cannot draw (the phone's map can); the report's "
                        + "map has a plain background. For the report, use a file of PNG or JPEG tiles"
                ]
            )
        case .success(let tiles):
            return (
                ReportMapTiles(zooms: tiles.zooms, attribution: tiles.attribution) { z, x, y in
                    try tiles.tile(z: z, x: x, y: y)
                }, []
            )
        }
    }

    /// A note of the report's renderer, with the file it is about.
    static func note(_ text: String, _ file: Result<MBTiles, LogbookError>?) -> String {
        guard case .success(let tiles) = file else { return text }
        return "\(tiles.path): \(text)"
    }
}

/// The notes a render closure hands back (it runs on another thread for the web).
final class RenderNotes: Sendable {
    private let notes = Mutex<[String]>([])
    func set(_ notes: [String]) { self.notes.withLock { $0 = notes } }
    func get() -> [String] { notes.withLock { $0 } }
}

extension LogbookExporter {
    /// The configured MBTiles file for reports, opened (`nil` when `path` is).
    package static func mapTiles(path: String?) -> Result<MBTiles, LogbookError>? {
        path.map { path in Result { () throws(LogbookError) in try MBTiles(path: path) } }
    }
}
