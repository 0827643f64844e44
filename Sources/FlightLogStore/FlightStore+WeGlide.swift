import FlightLogCore
import Foundation
import GRDB

extension FlightStore {
    /// The flight's WeGlide state.
    /// - Throws: `LogbookError.notFound` for an unknown id.
    package func weglideState(flightId id: Int64) throws(LogbookError) -> WeGlideState {
        let row = try read { db in
            try Row.fetchOne(
                db, sql: "SELECT weglideFlightId, weglideUploadedAt, weglidePendingSince FROM flight WHERE id = ?",
                arguments: [id])
        }
        guard let row else { throw .notFound(id) }
        return FlightRows.weglide(row["weglideFlightId"], row["weglideUploadedAt"], row["weglidePendingSince"])
    }

    /// Notes that an upload of the flight is about to be sent, so that a crash before ``markWeGlideUploaded``
    /// leaves the flight visibly uncertain rather than forgotten.
    package func markWeGlidePending(flightId id: Int64, at now: Date = Date()) throws(LogbookError) {
        try setWeGlide("weglidePendingSince = ?", [now.millis], flightId: id)
    }

    /// Stores WeGlide's answer: the flight is on WeGlide as `weglideId`; the pending mark goes.
    package func markWeGlideUploaded(flightId id: Int64, weglideId: Int64, at now: Date = Date())
        throws(LogbookError)
    {
        try setWeGlide(
            "weglideFlightId = ?, weglideUploadedAt = ?, weglidePendingSince = NULL", [weglideId, now.millis],
            flightId: id)
    }

    /// Drops the pending mark: WeGlide refused the flight or the request certainly never left this machine.
    package func clearWeGlidePending(flightId id: Int64) throws(LogbookError) {
        try setWeGlide("weglidePendingSince = NULL", [], flightId: id)
    }

    private func setWeGlide(_ assignments: String, _ values: [Int64], flightId id: Int64) throws(LogbookError) {
        let changed = try write { db in
            try db.execute(
                sql: "UPDATE flight SET \(assignments) WHERE id = ?",
                arguments: StatementArguments(values.map { $0 as any DatabaseValueConvertible } + [id]))
            return db.changesCount
        }
        if changed == 0 { throw .notFound(id) }
    }
}

extension Date {
    fileprivate var millis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
