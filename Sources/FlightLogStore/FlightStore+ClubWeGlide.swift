import FlightLogCore
import Foundation
import GRDB

/// A finished flight of this logbook not on WeGlide, as the club logbook compares it with the flights uploaded
/// from elsewhere: the same flight is the one of the same UUID, or one flown at an overlapping time in the same
/// glider (registration) or by the same pilot (search keys as stored).
package struct WeGlideQuestion: Sendable, Equatable {
    package var uuid: String
    package var takeoffTime: UTCMillis
    package var landingTime: UTCMillis
    package var pilotKey: String?
    package var registrationKey: String?
}

/// A flight's place on WeGlide as the club logbook knows it.
package struct ClubWeGlideUpload: Sendable, Equatable {
    package var flightUuid: String
    package var weglideId: Int64
    package var uploadedAt: UTCMillis
}

extension ClubWeGlideUpload {
    /// The upload of the flight the club logbook names by `flight`, kept in the text form this logbook stores.
    package init(flight: UUID, weglideId: Int64, uploadedAt: UTCMillis) {
        self.init(flightUuid: Recordings.text(of: flight), weglideId: weglideId, uploadedAt: uploadedAt)
    }
}

extension FlightStore {
    /// The finished flights without a WeGlide id, oldest first.
    package func flightsNotOnWeGlide() throws(LogbookError) -> [WeGlideQuestion] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT uuid, takeoffTime, landingTime, pilotKey, registrationKey FROM flight
                    WHERE weglideFlightId IS NULL AND NOT inProgress ORDER BY takeoffTime
                    """
            ).compactMap { row in
                guard let uuid = StoredValues.text(row, "uuid"), let takeoff = StoredValues.integer(row, "takeoffTime"),
                    let landing = StoredValues.integer(row, "landingTime")
                else { return nil }
                return WeGlideQuestion(
                    uuid: uuid, takeoffTime: takeoff, landingTime: landing,
                    pilotKey: StoredValues.text(row, "pilotKey"),
                    registrationKey: StoredValues.text(row, "registrationKey"))
            }
        }
    }

    /// Stores where the club logbook says flights are on WeGlide, for those still without a WeGlide id; a pending
    /// mark goes (the flight is on WeGlide: nothing is uncertain any more). The server's rows are outside input: an
    /// id that is not positive or a time out of range is left out.
    /// - Returns: how many flights are now known to be on WeGlide.
    package func applyClubWeGlide(_ uploads: [ClubWeGlideUpload]) throws(LogbookError) -> Int {
        let valid = uploads.filter { $0.weglideId > 0 && StoredValues.time.contains($0.uploadedAt) }
        guard !valid.isEmpty else { return 0 }
        return try write { db in
            var changed = 0
            for upload in valid {
                try db.execute(
                    sql: """
                        UPDATE flight SET weglideFlightId = ?, weglideUploadedAt = ?, weglidePendingSince = NULL
                        WHERE uuid = ? AND weglideFlightId IS NULL AND NOT inProgress
                        """,
                    arguments: [upload.weglideId, upload.uploadedAt, upload.flightUuid])
                changed += db.changesCount
            }
            return changed
        }
    }
}
