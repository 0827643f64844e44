import FlightLogTransfer
import Foundation

/// The command line's face of ``FlightLogTransfer/AtomicFile`` (complete files or none, only regular files
/// replaced): the same calls, failures as ``CLIError``.
enum AtomicFile {
    @discardableResult
    static func checkTarget(_ path: String) throws(CLIError) -> stat? {
        do { return try FlightLogTransfer.AtomicFile.checkTarget(path) } catch { throw CLIError(error.description) }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        do { try FlightLogTransfer.AtomicFile.write(bytes, to: path) } catch { throw CLIError(error.description) }
    }

    static func writeToStandardOutput(_ bytes: [UInt8]) throws(CLIError) {
        do { try FlightLogTransfer.AtomicFile.writeToStandardOutput(bytes) } catch { throw CLIError(error.description) }
    }
}

/// Writes a file completely or not at all (``AtomicFile``).
func writeAtomically(_ data: Data, to path: String) throws(CLIError) {
    try AtomicFile.write([UInt8](data), to: path)
}
