import FlightLogCore
import FlightLogReports
import FlightLogStore
import FlightLogTransfer
import FlightLogWeb
import Foundation

extension ExportKind {
    /// The exporter's format of this download.
    var format: ExportFormat {
        switch self {
        case .igc: .igc
        case .report: .report(.pdf)
        case .kml: .kml
        case .gpx: .gpx
        case .geojson: .geojson
        }
    }
}

/// Runs a render (cairo blocks) on its own thread and returns the whole document, made in memory: nothing
/// touches the file system, so a full disk cannot truncate it. An empty result is an error, never a download.
func renderOffThread(_ render: @escaping @Sendable () throws -> [UInt8]) async throws -> [UInt8] {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8], any Error>) in
        let thread = Thread {
            continuation.resume(
                with: Result {
                    let bytes = try render()
                    guard !bytes.isEmpty else { throw ServerError("the document came out empty") }
                    return bytes
                })
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
