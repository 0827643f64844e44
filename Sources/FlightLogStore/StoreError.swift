import FlightLogCore
import Foundation
import GRDB

/// Everything that can go wrong in the flight store, with a message that says what to do.
package struct StoreError: Error, CustomStringConvertible, Equatable {
    package enum Code: Sendable, Hashable {
        case missingDatabase, newerSchema, olderSchema, notADatabase, cannotOpen, readOnly, notFound
        /// The same file (by SHA-256) was imported before; its flight ids.
        case duplicateImport([Int64])
        case diskFull, corrupt, other
        /// The flight was entered by hand: it has no track to export.
        case noTrack
        /// The flight's details are no longer the ones an edit was made from: nothing was written.
        case changedElsewhere
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }

    package static func notFound(_ id: Int64) -> StoreError {
        StoreError(.notFound, "no flight with id \(id) (flightlog list shows the ids)")
    }

    /// "flight 12 has no track (entered by hand with flightlog add): nothing to export as IGC; …"
    package static func noTrack(_ id: Int64, export: String) -> StoreError {
        StoreError(
            .noTrack,
            "flight \(id) has no track (entered by hand with flightlog add): nothing to export as \(export); it is in the logbook (export --pdf)")
    }

    /// The edit of flight `id` was made from details it no longer holds (changed by another save meanwhile).
    package static func changedElsewhere(_ id: Int64) -> StoreError {
        StoreError(
            .changedElsewhere,
            "flight \(id) was changed elsewhere after this edit was made from it: nothing was saved; look at it again "
                + "and redo the change")
    }

    /// Maps any error thrown inside a database access to a `StoreError`.
    static func from(_ error: any Error, path: String) -> StoreError {
        if let e = error as? StoreError { return e }
        if let e = error as? TrackCodecError { return StoreError(.corrupt, "\(path): \(e.description)") }
        if let e = error as? DatabaseError {
            let detail = e.message ?? "SQLite error \(e.resultCode.rawValue)"
            switch e.resultCode {
            case .SQLITE_FULL: return StoreError(.diskFull, "disk full: nothing was written (\(path))")
            case .SQLITE_READONLY:
                return StoreError(.readOnly, "the flight database \(path) is read-only for this user: nothing was written")
            case .SQLITE_NOTADB: return StoreError(.notADatabase, "\(path) is not a flight database (not SQLite)")
            case .SQLITE_CORRUPT: return StoreError(.corrupt, "the flight database \(path) is damaged: \(detail)")
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
                return StoreError(
                    .cannotOpen,
                    "cannot open the flight database \(path); check that it is a file this user may read, in a folder it may enter")
            case .SQLITE_IOERR:
                return StoreError(
                    .other,
                    "the flight database \(path) could not be read or written; check that its disk is still there, and --database")
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                let seconds = Int(FlightStore.busyTimeoutSeconds)
                return StoreError(
                    .other, "the flight database \(path) stayed busy for \(seconds) s (another flightlog is writing); try again")
            default: return StoreError(.other, "flight database \(path): \(detail)")
            }
        }
        if error is DecodingError || error is RowDecodingError {
            return StoreError(
                .corrupt, "the flight database \(path) holds a value this flightlog cannot read: \(error)")
        }
        return StoreError(.other, "flight database \(path): \(error)")
    }
}
