import FlightLogCore

extension FlightStore {
    /// The new details of an edit and whether its landing place is a known field (``updateDetails(id:to:editedAt:base:landingAtField:)``).
    package typealias DetailsChange = (details: FlightDetails, landingAtField: Bool)

    /// Saves `change` applied to flight `id` as stored; when another process changed the flight between the read
    /// and the write (the store refuses that write: ``LogbookError/Code/changedElsewhere``), again on what it holds
    /// now, up to `attempts` times, so that neither edit is lost (an edit sets single fields). `change` gets the
    /// stored flight and the attempt (1 first).
    /// - Returns: the details saved and what changed (empty when nothing did).
    package func editDetails(
        id: Int64, attempts: Int = 50, now: () -> UTCMillis,
        _ change: (_ stored: Flight, _ attempt: Int) throws -> DetailsChange
    ) throws -> (details: FlightDetails, changes: [FieldChange]) {
        var attempt = 1
        while true {
            let stored = try flight(id: id)
            let new = try change(stored, attempt)
            do {
                let changes = try updateDetails(
                    id: id, to: new.details, editedAt: now(), base: stored.details,
                    landingAtField: new.landingAtField)
                return (new.details, changes)
            } catch {
                guard error.code == .changedElsewhere, attempt < attempts else { throw error }
                attempt += 1
            }
        }
    }
}
