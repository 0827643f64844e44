import FlightLogAirspace
import FlightLogAnalysis
import FlightLogCore

/// One flight: facts, map and barogram (inline SVG), downloads, edit link and edit history.
package struct FlightPage {
    var flight: Flight
    /// The screen charts (``ChartHTML``); `nil` when there is nothing to draw.
    var mapHTML: String?
    var barogramHTML: String?
    var history: [FieldChange]
    var notice: String?
    var loggedIn: Bool
    var editingEnabled: Bool
    /// GPS, barometer and power losses of a recorded flight (shaded on the barogram, listed below it).
    var faults: [RecordingFault] = []
    /// The flight's analysis (contest distance, thermals, glides); `nil` without a track: the page reads as before.
    var analysis: FlightAnalysis?
    /// The barogram–map cursor's data (``TrackCursor/json``); with it the page loads ``FlightScript``.
    var cursorJSON: String?
    /// Where the track was inside the imported airspace; nil or none imported: no airspace section.
    var airspace: AirspaceFindings?
    /// The session's CSRF token when this viewer may upload the flight to WeGlide (a logged-in edit on a glider
    /// whose config has a WeGlide account); nil: no button.
    var weglideCSRF: String?
    /// The flight's task in `show`'s words (``TaskSummary``); nil: the flight has none, and no Task section.
    var task: TaskSummary?

    package init(
        flight: Flight, mapHTML: String?, barogramHTML: String?, history: [FieldChange], notice: String?,
        loggedIn: Bool, editingEnabled: Bool, faults: [RecordingFault] = [], analysis: FlightAnalysis? = nil,
        cursorJSON: String? = nil,
        airspace: AirspaceFindings? = nil, weglideCSRF: String? = nil, task: TaskSummary? = nil
    ) {
        self.flight = flight
        self.mapHTML = mapHTML
        self.barogramHTML = barogramHTML
        self.history = history
        self.notice = notice
        self.loggedIn = loggedIn
        self.editingEnabled = editingEnabled
        self.faults = faults
        self.analysis = analysis
        self.cursorJSON = cursorJSON
        self.airspace = airspace
        self.weglideCSRF = weglideCSRF
        self.task = task
    }

    /// `HH:MM` UTC of `end` (takeoff or landing), or "—".
    private func utcHourMinute(_ end: FlightFact) -> String {
        flight.utcText(end) { CivilDateTime(utc: $0).hourMinute }
    }

    package func render() -> String {
        let id = flight.id ?? 0
        let d = flight.details
        var facts: [(String, String)] = [
            ("Date", flight.dateText),
            ("Take-off", "\(flight.localText(.takeoffTime, \.hourMinute)) local · \(utcHourMinute(.takeoffTime)) UTC"),
            (
                "Landing",
                "\(flight.localText(.landingTime, \.hourMinute)) local · \(utcHourMinute(.landingTime)) UTC"
                    + (flight.endedInFlight ? " (the last fix)" : "")
            ),
            ("Time zone", flight.zoneLabel),
            ("Duration", flight.flightTimeText),
            ("From", flight.takeoffPlaceText),
            ("To", flight.landingPlaceText),
            ("Glider", flight.gliderText.isEmpty ? "—" : flight.gliderText),
            ("Pilot", d.pilot ?? "—"),
            ("Second person", flight.secondPersonText ?? "—"),
            ("Launch", d.launchMethod.label),
        ]
        let launchEnd = AnalysisWords.launchEnd(d.launchMethod)
        if let release = flight.releaseTime {
            let local = flight.text(.utcOffset) {
                CivilDateTime(utc: release, offsetSeconds: flight.utcOffsetSeconds).hourMinute
            }
            facts.append((launchEnd, "\(local) local"))
        }
        if flight.unknown.contains(.releaseTime) { facts.append((launchEnd, Flight.unknownText)) }
        facts.append(("\(launchEnd) height", d.releaseHeight.map { "\(decimal($0, 0)) m" } ?? Flight.unknownText))
        if flight.unknown.contains(.launches) { facts.append(("Launches", Flight.unknownText)) }
        let altitudeKind = flight.hasBarometer ? "pressure altitude, ISA" : "GPS altitude, no barometer"
        facts.append(
            ("Max altitude", flight.maxAltitude.map { "\(decimal($0, 0)) m (\(altitudeKind))" } ?? Flight.unknownText))
        facts.append(
            ("Farthest", flight.text(.maxDistance) { distanceText(flight.maxDistanceFromTakeoff) + " from take-off" }))
        facts.append(("Path flown", flight.text(.pathLength) { distanceText(flight.pathLength) }))
        if let remarks = d.remarks { facts.append(("Remarks", remarks)) }
        if case .imported(let name, _) = flight.source { facts.append(("Imported from", name)) }
        if !flight.hasTrack { facts.append(("Source", "entered by hand: no track")) }

        var body = "<p><a href=\"/\">← All flights</a></p>"
        body += "<h1>\(flight.dateText) · \(flight.localText(.takeoffTime, \.hourMinute))</h1>"
        body += "<p class=\"places\">\(placesHTML(flight))</p>"
        body += "<p class=\"muted\">Flight \(id) · \(flight.flightTimeText) · \(esc(flight.gliderText))</p>"
        if let notice { body += "<p class=\"notice\" role=\"status\">\(esc(notice))</p>" }
        let block = analysis.map { AnalysisBlock(analysis: $0, flight: flight) }
        if let block { body += "<h2>Analysis</h2>" + block.summary() }
        if let task { body += TaskSection.html(task) }
        if flight.hasTrack {
            // Side by side on a wide screen (the stylesheet's `.charts`).
            body += "<div class=\"charts\"><section><h2>Map</h2>"
            let marks =
                analysis?.freeSix != nil || analysis?.phases.thermals.isEmpty == false
                ? " The scored route as a line (turnpoints as numbered squares S, 1 … F), thermals as purple circles "
                    + "(larger: stronger climb)." : ""
            body += figure(
                mapHTML,
                caption: "Track; take-off, release (orange diamond) and landing marked; airfields as rings with their "
                    + "runways, the take-off field green, the landing field red. North is up." + marks
                    + (task == nil ? "" : TaskSection.mapCaption))
            body += "</section><section><h2>Barogram</h2>"
            body += figure(
                barogramHTML,
                caption: flight.hasBarometer
                    ? "Pressure altitude (ISA 1013.25 hPa) over time." : "GPS altitude over time (no barometer).")
            if let cursorJSON, barogramHTML != nil {
                body += "<script type=\"application/json\" id=\"cursor-data\">\(cursorJSON)</script>"
                body += "<script src=\"\(FlightScript.path)\" defer></script>"
            }
            body += "</section></div>"
            body += airspaceSection()
            if let thermals = block?.thermalList() {
                body += "<h2>Thermals</h2><p class=\"muted\">Local time, duration, gain, average climb, direction; "
                body += "shaded green on the barogram.</p>" + thermals
            }
        } else {
            body +=
                "<p class=\"empty\">No track: this flight was entered by hand (flightlog add). It counts in the logbook and the totals.</p>"
        }
        if !faults.isEmpty {
            body += "<h2>Recording faults</h2><ul class=\"faults\">"
            body += faults.map { "<li>\(esc($0.text))</li>" }.joined() + "</ul>"
            body +=
                "<p class=\"muted\">Shaded on the barogram. The map draws no line where the position was unknown.</p>"
        }
        body += "<h2>Details</h2>"
        body += "<dl class=\"facts\">" + facts.map { "<dt>\(esc($0.0))</dt><dd>\(esc($0.1))</dd>" }.joined() + "</dl>"
        if editingEnabled {
            body += "<p><a class=\"button secondary\" href=\"/flights/\(id)/edit\">Edit details</a></p>"
        }
        body += weglideSection()
        if flight.hasTrack {
            body += "<h2>Downloads</h2><div class=\"downloads\">"
            for kind in ExportKind.allCases {
                body +=
                    "<a class=\"button secondary\" href=\"/flights/\(id)/\(kind.rawValue)\" download>\(kind.label)</a>"
            }
            body += "</div>"
            if EditedOriginal(flight: flight, history: history) != nil {
                body += "<p class=\"muted\" id=\"igc-original\">\(esc(EditedOriginal.downloadNote))</p>"
            }
        }
        if !history.isEmpty {
            body +=
                "<h2>Edit history</h2><table class=\"history\"><tr><th>When (UTC)</th><th>Field</th><th>Change</th></tr>"
            for line in FieldChange.lines(history, currentRole: d.secondPersonRole) {
                let when = CivilDateTime(utc: line.change.editedAt)
                body +=
                    "<tr><td>\(when.date) \(when.hourMinute)</td><td>\(esc(line.label))</td>"
                    + "<td>\(esc(line.oldText)) → \(esc(line.newText))</td></tr>"
            }
            body += "</table>"
        }
        return page(title: "Flight \(id)", current: "", loggedIn: loggedIn, body: body)
    }

    /// Where the flight is on WeGlide: the link, or the uncertainty and what to do about it; the upload button
    /// (``weglideCSRF``) for a flight with a track not on WeGlide yet.
    private func weglideSection() -> String {
        let id = flight.id ?? 0
        /// A POST to the upload (`again`: send a flight that may be on WeGlide once more).
        func button(_ label: String, again: Bool = false) -> String {
            guard let weglideCSRF, flight.hasTrack else { return "" }
            return "<form method=\"post\" action=\"/flights/\(id)/weglide\" class=\"actions\">"
                + "<input type=\"hidden\" name=\"csrf\" value=\"\(esc(weglideCSRF))\">"
                + (again ? "<input type=\"hidden\" name=\"again\" value=\"1\">" : "")
                + "<button type=\"submit\">\(label)</button></form>"
        }
        switch flight.weglide {
        case .notUploaded:
            let form = button("Upload to WeGlide")
            return form.isEmpty ? "" : "<h2>WeGlide</h2>" + form
        case .uploaded(let weglideId, let at):
            let link = WeGlideState.link(weglideId)
            let when = CivilDateTime(utc: at)
            return "<h2>WeGlide</h2><p id=\"weglide\"><a href=\"\(esc(link))\">WeGlide flight \(weglideId)</a>"
                + " <span class=\"muted\">uploaded \(when.date) \(when.hourMinute) UTC</span></p>"
        case .uncertain(let since):
            let when = CivilDateTime(utc: since)
            return "<h2>WeGlide</h2><p id=\"weglide\" class=\"notice\">An upload began \(when.date) \(when.hourMinute) "
                + "UTC and its answer never arrived: the flight may be on WeGlide. Look at your WeGlide flights; if "
                + "it is not there, send it again (<code>flightlog upload --again \(id)</code>).</p>"
                + button("Not on WeGlide: send again", again: true)
        }
    }

    private func figure(_ chart: String?, caption: String) -> String {
        guard let chart else { return "<p class=\"empty\">No track to draw for this flight.</p>" }
        return "<figure>\(chart)<figcaption>\(caption)</figcaption></figure>"
    }
}
