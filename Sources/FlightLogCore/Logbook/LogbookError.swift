/// An error of one kind (`Kind`) with a message that says what to do: ``LogbookError``, and FlightLogSync's
/// `SyncError`. Printed, it is its message.
package struct CodedError<Kind: Sendable & Equatable>: Error, CustomStringConvertible, Equatable {
    package typealias Code = Kind
    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}

/// Everything that can go wrong reading or writing a logbook (this glider's SQLite file or the club's PostgreSQL
/// logbook, both ``LogbookSource``s), with a message that says what to do.
package typealias LogbookError = CodedError<LogbookErrorCode>

/// What kind of ``LogbookError`` it is.
package enum LogbookErrorCode: Sendable, Hashable {
    case missingDatabase, newerSchema, olderSchema, notADatabase, cannotOpen, readOnly, notFound
    /// The same file (by SHA-256) was imported before; its flight ids.
    case duplicateImport([Int64])
    case diskFull, corrupt, other
    /// The flight was entered by hand: it has no track to export.
    case noTrack
    /// The flight's details are no longer the ones an edit was made from: nothing was written.
    case changedElsewhere
}

extension LogbookError {
    package static func notFound(_ id: Int64) -> LogbookError {
        LogbookError(.notFound, "no flight with id \(id) (flightlog list shows the ids)")
    }

    /// "flight 12 has no track (entered by hand with flightlog add): nothing to export as IGC; …"
    package static func noTrack(_ id: Int64, export: String) -> LogbookError {
        LogbookError(
            .noTrack,
            "flight \(id) has no track (entered by hand with flightlog add): nothing to export as \(export); it is in the logbook (export --pdf)"
        )
    }

    /// The edit of flight `id` was made from details it no longer holds (changed by another save meanwhile).
    package static func changedElsewhere(_ id: Int64) -> LogbookError {
        LogbookError(
            .changedElsewhere,
            "flight \(id) was changed elsewhere after this edit was made from it: nothing was saved; look at it again "
                + "and redo the change")
    }
}
