import FlightLogCore
import Foundation

extension RecorderStatus {
    /// Writes the status atomically.
    package func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Reads a status file.
    package static func read(from path: String) throws -> RecorderStatus {
        try JSONDecoder().decode(RecorderStatus.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
