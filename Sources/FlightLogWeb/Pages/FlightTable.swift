import FlightLogAnalysis
import FlightLogCore

/// The flight list as a table for wide screens (the stylesheet shows it from ``minWidth`` CSS px and the phone's
/// rows below): one line per flight with date, take-off time, duration, glider, registration, pilot, the second
/// person and role, launch, places and the contest distance (a long text cut, whole in its cell's title). Both are in the page; CSS picks one, no script.
enum FlightTable {
    static let minWidth = 1000

    /// `contest`: the stored contest summaries by flight id (a flight without one shows "—"); `nil` when the
    /// logbook keeps none, which leaves the column out.
    static func html(_ flights: [Flight], contest: [Int64: ContestSummary]?) -> String {
        let heads =
            [
                ("Date", ""), ("Take-off", ""), ("Duration", "num"), ("Glider", ""), ("Registration", ""),
                ("Pilot", ""), ("Instructor / guest", ""), ("Launch", ""), ("Places", ""),
            ] + (contest == nil ? [] : [("Contest km", "num")])
        var html = "<div class=\"flights-table\"><table><thead><tr>"
        html += heads.map { "<th scope=\"col\"\($0.1.isEmpty ? "" : " class=\"\($0.1)\"")>\($0.0)</th>" }.joined()
        html += "</tr></thead><tbody>"
        for flight in flights {
            let id = flight.id ?? 0
            let d = flight.details
            func cell(_ text: String?, _ cls: String = "") -> String {
                let shown = text.flatMap { $0.isEmpty ? nil : esc($0) } ?? Flight.unknownText
                // A long text is cut to keep each flight on one line (`.flights-table td{max-width}`): whole in
                // the cell's title.
                let title = (text?.count ?? 0) > 20 ? " title=\"\(shown)\"" : ""
                return "<td\(cls.isEmpty ? "" : " class=\"\(cls)\"")\(title)>\(shown)</td>"
            }
            html += "<tr><td><a href=\"/flights/\(id)\">\(flight.dateText)</a></td>"
            html += cell(flight.localText(.takeoffTime, \.hourMinute), "num")
            html += cell(flight.flightTimeText, "num")
            html += cell(d.gliderType) + cell(d.registration) + cell(d.pilot) + cell(flight.secondPersonText)
            html += cell(d.launchMethod == .unknown ? nil : d.launchMethod.label)
            let places = [flight.takeoffPlaceText, flight.details.landingPlace].compactMap { $0 }
            html += "<td class=\"where\" title=\"\(esc(places.joined(separator: " → ")))\">\(placesHTML(flight))"
            html += flight.hasTrack ? "</td>" : " <b class=\"badge manual\">no track</b></td>"
            if let contest {
                html += cell(contest[id].map { decimal($0.freeSixKm, 1) }, "num")
            }
            html += "</tr>"
        }
        return html + "</tbody></table></div>"
    }
}
