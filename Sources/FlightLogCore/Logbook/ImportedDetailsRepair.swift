/// Undoes what flightlog before 2026-12 did to imported files: it filled the blanks of a file's headers (pilot,
/// glider type, registration, competition id) from the config's defaults for new flights, so a stranger's flight
/// became the owner's. The file's own bytes are kept, so what it said can be read again; `flightlog repair` runs
/// this on every imported flight.
package enum ImportedDetailsRepair {
    /// The fields the config's defaults used to fill on import.
    package static let fields: [LogbookField] = [.pilot, .gliderType, .registration, .competitionId]

    /// `current` with each of ``fields`` set back to what the file says (`file`, read as the importer reads it,
    /// ``IGCImport/logbookDetails(_:)``) where the stored value is the config's default, the file says otherwise,
    /// and the pilot never edited that field (`editedFields`: the history names of the flight's edits). A value
    /// the pilot set by hand is never undone; a field the config gives no default is never touched.
    package static func restored(
        _ current: FlightDetails, file: FlightDetails, defaults: FlightDetails, editedFields: Set<String>
    ) -> FlightDetails {
        var result = current
        for field in fields where !editedFields.contains(field.historyName) {
            guard let stamped = field.text(of: defaults), field.text(of: current) == stamped else { continue }
            let said = field.text(of: file)
            if said != stamped { _ = field.write(said, to: &result) }
        }
        return result
    }
}
