import FlightLogCore
import FlightLogReports
import FlightLogStore
import Foundation

/// The files a flight can be downloaded as; the raw value is the last URL path segment.
package enum ExportKind: String, CaseIterable, Sendable {
    case igc = "igc"
    case report = "report.pdf"
    case kml = "track.kml"
    case gpx = "track.gpx"
    case geojson = "track.geojson"

    var label: String {
        switch self {
        case .igc: "IGC file"
        case .report: "Report (PDF)"
        case .kml: "KML (Google Earth)"
        case .gpx: "GPX track"
        case .geojson: "GeoJSON"
        }
    }

    var contentType: String {
        switch self {
        case .igc: "application/vnd.fai.igc"
        case .report: "application/pdf"
        case .kml: "application/vnd.google-earth.kml+xml"
        case .gpx: "application/gpx+xml"
        case .geojson: "application/geo+json"
        }
    }
}

/// Renders into a private temporary folder that is removed afterwards, on its own thread (cairo blocks).
/// Only our own fixed file name is used there; nothing from the request reaches the file system.
func renderInTemporaryFolder(_ render: @escaping @Sendable (String) throws -> Void) async throws -> [UInt8] {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8], any Error>) in
        let thread = Thread {
            do {
                let folder = FileManager.default.temporaryDirectory
                    .appendingPathComponent("flightlog-serve-\(SHA256.hex(try randomBytes(8)))")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                defer { try? FileManager.default.removeItem(at: folder) }
                let path = folder.appendingPathComponent("out.pdf").path
                try render(path)
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw ServerError("the PDF was not written")
                }
                continuation.resume(returning: Array(data))
            } catch {
                continuation.resume(throwing: error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
