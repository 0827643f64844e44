import FlightLogAirspace
import FlightLogCore

extension FlightPage {
    /// The airspaces entered (``AirspaceFindings/groups``, one line each), after the map; nothing when no airspace
    /// is imported. A flight outside every imported file's area gets no "No infringement": nothing was judged.
    func airspaceSection() -> String {
        guard let airspace, airspace.airspaceCount > 0 else { return "" }
        var html = "<h2>Airspace</h2>"
        if airspace.groups.isEmpty {
            // "No infringement" only where every fix was judged; else the headline says what was not.
            let verdict =
                airspace.coverage.extent == .full
                ? "No infringement: \(airspace.headline)"
                : airspace.headline.prefix(1).uppercased() + airspace.headline.dropFirst()
            html += "<p>\(esc(verdict)).</p>"
        } else {
            html += "<ul class=\"faults airspace\">"
            for group in airspace.groups {
                let local = flight.text(.utcOffset) { group.localText(offsetSeconds: flight.utcOffsetSeconds) }
                html +=
                    "<li><strong>\(esc(group.airspace.label))</strong> \(esc(group.limitsText)): \(esc(local)) local · "
                    + "\(esc(group.utcText)) UTC (\(esc(group.durationText))); \(esc(group.depthText))</li>"
            }
            html += "</ul>"
        }
        if let uncovered = airspace.uncoveredText(offsetSeconds: flight.known(.utcOffset, flight.utcOffsetSeconds)) {
            html +=
                "<p class=\"airspace-uncovered\">\(esc(uncovered.prefix(1).uppercased() + uncovered.dropFirst())).</p>"
        }
        guard airspace.isJudged else { return html }
        html += "<p class=\"muted\">Heights: \(esc(airspace.basisText)). On the map: red restricted, danger and "
        html += "prohibited areas, blue controlled airspace, violet TMZ and RMZ, green class E, grey the rest.</p>"
        return html
    }
}
