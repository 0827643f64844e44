import FlightLogCore
import GRDB

extension FlightStore {
    /// Stores a flight entered by hand (`flightlog add`): a recording of kind `manual` with no fixes, and the flight.
    /// Deleting the flight removes the recording too.
    /// - Returns: the new flight's id.
    package func addManualFlight(_ flight: Flight) throws(LogbookError) -> Int64 {
        try write { db in
            let recordingId = try Recordings.insert(
                kind: "manual", fileName: nil, sha256: nil, recorder: RecorderInfo(manufacturer: "", serial: ""),
                into: db)
            return try FlightRows.insert(flight, recordingId: recordingId, inProgress: false, into: db)
        }
    }
}

extension FlightRows {
    /// SQL condition (over `flight`) for flights with a track: not entered by hand.
    static let hasTrack = "recordingId NOT IN (SELECT id FROM recording WHERE kind = 'manual')"
}
