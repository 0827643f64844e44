import FlightLogCore
import Foundation
import GRDB

/// Where a flight stands with WeGlide (schema v14).
package enum WeGlideState: Sendable, Hashable {
    /// Never sent (or every attempt refused or failed before sending).
    case notUploaded
    /// On WeGlide as `flightId` since `uploadedAt`.
    case uploaded(flightId: Int64, uploadedAt: Date)
    /// An upload began at `since` and its answer was never stored: it may or may not be on WeGlide.
    case uncertain(since: Date)
}

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
        if let weglideId: Int64 = row["weglideFlightId"] {
            let millis: Int64 = row["weglideUploadedAt"] ?? 0
            return .uploaded(flightId: weglideId, uploadedAt: Date(millis: millis))
        }
        if let since: Int64 = row["weglidePendingSince"] { return .uncertain(since: Date(millis: since)) }
        return .notUploaded
    }

    /// Every flight's WeGlide id and upload time, by flight id (flights not on WeGlide are absent).
    package func weglideUploads() throws(LogbookError) -> [Int64: (flightId: Int64, uploadedAt: Date)] {
        try read { db in
            var uploads: [Int64: (flightId: Int64, uploadedAt: Date)] = [:]
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, weglideFlightId, weglideUploadedAt FROM flight WHERE weglideFlightId IS NOT NULL")
            for row in rows {
                uploads[row["id"]] = (row["weglideFlightId"], Date(millis: row["weglideUploadedAt"] ?? 0))
            }
            return uploads
        }
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
    fileprivate init(millis: Int64) { self.init(timeIntervalSince1970: Double(millis) / 1000) }
    fileprivate var millis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
