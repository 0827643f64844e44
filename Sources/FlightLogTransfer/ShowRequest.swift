import FlightLogAirspace
import FlightLogAnalysis
import FlightLogCore
import FlightLogStore
import FlightLogText

/// `flightlog show ID`: the flight and what is worked out from its track (recording faults, analysis, airspace
/// findings, the task), read from the store and laid out as the text or the JSON object.
package struct ShowRequest: Sendable {
    package var id: Int64
    /// `--qnh`: airspace limits above mean sea level are checked against the pressure altitude at it (nil: GNSS).
    package var qnhHectopascals: Double?
    package var json: Bool

    package init(id: Int64, qnhHectopascals: Double?, json: Bool) {
        (self.id, self.qnhHectopascals, self.json) = (id, qnhHectopascals, json)
    }

    /// What `show` prints: the JSON object, or the details and, for a flight with a track, its airspace block.
    /// - Throws: the store's error for an unknown id or an unreadable database.
    package func output(store db: FlightStore, config: FlightLogConfig) throws -> String {
        let owner = config.owner.flatMap(LogbookOwner.init)
        let flight = try db.flight(id: id)
        let track = try db.track(forFlight: id)
        let faults = RecordingFaults.of(flight, fixes: track.fixes)
        let analysis = flight.hasTrack ? try db.analysis(forFlight: id, glider: config.ownGlider) : nil
        let airspace =
            flight.hasTrack
            ? AirspaceFindings(
                flight: flight, fixes: track.fixes, airspaces: try db.airspaces(),
                qnh: qnhHectopascals.map { $0 * 100 }) : nil
        let task = try db.taskReport(for: flight, fixes: track.fixes, analysis: analysis)
        if json {
            return FlightJSON.show(
                flight, faults: faults, analysis: analysis, owner: owner, airspace: airspace, task: task.report)
        }
        let text = FlightDetailsText.text(
            flight, fixes: track.fixes, faults: faults, analysis: analysis, history: try db.history(id: id),
            owner: owner, task: FlightTaskReport.block(task, flight: flight))
        guard let airspace else { return text }
        return text + "\n\n" + terminalSafe(AirspaceText.block(airspace, flight: flight), keepNewlines: true)
    }
}
