import FlightLogCore
import Foundation
import GRDB

/// SQLite's and GRDB's errors in the pilot's words.
extension LogbookError {
    /// Maps any error thrown inside a database access to a `LogbookError`.
    static func from(_ error: any Error, path: String) -> LogbookError {
        if let e = error as? LogbookError { return e }
        if let e = error as? TrackCodecError { return LogbookError(.corrupt, "\(path): \(e.description)") }
        if let e = error as? DatabaseError {
            let detail = e.message ?? "SQLite error \(e.resultCode.rawValue)"
            switch e.resultCode {
            case .SQLITE_FULL: return LogbookError(.diskFull, "disk full: nothing was written (\(path))")
            case .SQLITE_READONLY:
                return LogbookError(
                    .readOnly, "the flight database \(path) is read-only for this user: nothing was written")
            case .SQLITE_NOTADB: return LogbookError(.notADatabase, "\(path) is not a flight database (not SQLite)")
            case .SQLITE_CORRUPT: return LogbookError(.corrupt, "the flight database \(path) is damaged: \(detail)")
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
                return LogbookError(
                    .cannotOpen,
                    "cannot open the flight database \(path); check that it is a file this user may read, in a folder it may enter"
                )
            case .SQLITE_IOERR:
                return LogbookError(
                    .other,
                    "the flight database \(path) could not be read or written; check that its disk is still there, and --database"
                )
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                let seconds = Int(FlightStore.busyTimeoutSeconds)
                return LogbookError(
                    .other,
                    "the flight database \(path) stayed busy for \(seconds) s (another flightlog is writing); try again"
                )
            default: return LogbookError(.other, "flight database \(path): \(detail)")
            }
        }
        if error is DecodingError || error is RowDecodingError {
            return LogbookError(
                .corrupt, "the flight database \(path) holds a value this flightlog cannot read: \(error)")
        }
        return LogbookError(.other, "flight database \(path): \(error)")
    }
}
