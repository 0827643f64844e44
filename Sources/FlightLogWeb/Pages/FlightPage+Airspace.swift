import FlightLogAirspace
import FlightLogCore

extension FlightPage {
    /// The infringements of the imported airspace (``AirspaceFindings``), after the map; nothing when no airspace
    /// is imported.
    func airspaceSection() -> String {
        guard let airspace, airspace.airspaceCount > 0 else { return "" }
        var html = "<h2>Airspace</h2>"
        if airspace.items.isEmpty {
            html += "<p>No infringement: \(esc(airspace.emptyText)).</p>"
        } else {
            html += "<ul class=\"faults airspace\">"
            for item in airspace.items {
                let local = flight.text(.utcOffset) { item.localText(offsetSeconds: flight.utcOffsetSeconds) }
                html +=
                    "<li><strong>\(esc(item.airspace.label))</strong> \(esc(item.limitsText)): \(esc(local)) local · "
                    + "\(esc(item.utcText)) UTC (\(esc(item.durationText))); \(esc(item.depthText))</li>"
            }
            html += "</ul>"
        }
        html += "<p class=\"muted\">Heights: \(esc(airspace.basisText)). On the map: red restricted, danger and "
        html += "prohibited areas, blue controlled airspace, violet TMZ and RMZ, green class E, grey the rest.</p>"
        return html
    }
}
