import FlightLogCore
import Foundation

package enum FlightReportFormat: Sendable {
    case pdf, svg
    /// A raster image of the page at 150 dpi (cairo's image surface written as PNG).
    case png
}

package struct FlightReportOptions: Sendable {
    package enum ColorBy: Sendable { case altitude, vario }
    /// QNH in pascals: the barogram then shows altitude above QNH (derived from pressure altitude) and says so.
    package var qnhPascals: Double?
    /// What the track colour on the map shows.
    package var colorBy: ColorBy

    package init(qnhPascals: Double? = nil, colorBy: ColorBy = .altitude) {
        self.qnhPascals = qnhPascals
        self.colorBy = colorBy
    }
}

/// A one-page flight report (A4 portrait): details, barogram, and the track to scale.
package enum FlightReport {
    /// Renders the report as a whole PDF or SVG document.
    package static func render(
        flight: Flight, fixes: [Fix], format: FlightReportFormat, options: FlightReportOptions
    ) throws(ReportError) -> [UInt8] {
        let page = Output.a4Portrait
        if format == .png {
            return try Output.png(width: page.width, height: page.height, dpi: 150) { canvas in
                ReportPage(canvas: canvas, flight: flight, fixes: fixes, options: options).draw()
            }
        }
        return try Output.document(
            format == .pdf ? .pdf : .svg, width: page.width, height: page.height,
            title: "Flight report – \(GeoExport.title(flight))"
        ) { canvas in
            ReportPage(canvas: canvas, flight: flight, fixes: fixes, options: options).draw()
        }
    }

    /// The barogram alone as an SVG document (`width` × `height` points), for the web UI. Its `<title>` names
    /// the faults drawn as bands (cairo draws text as glyph outlines, which no reader or search finds).
    package static func barogramSVG(
        flight: Flight, fixes: [Fix], width: Double, height: Double, options: FlightReportOptions
    ) throws(ReportError) -> String {
        let svg = try chartSVG("baro", flight, fixes, width, height, options) {
            $0.barogram(x: 0, y: 0, width: width, height: height)
        }
        let faults = RecordingFaults.of(flight, fixes: fixes)
        guard !faults.isEmpty, let open = svg.range(of: "<svg"), let end = svg[open.upperBound...].firstIndex(of: ">")
        else { return svg }
        let title = "Barogram. Recording faults: " + faults.map(\.text).joined(separator: "; ")
        return svg.replacingCharacters(
            in: end..<svg.index(after: end), with: "><title>\(GeoExport.xmlEscaped(title))</title>")
    }

    /// The track map alone as an SVG document (`width` × `height` points), for the web UI.
    package static func mapSVG(
        flight: Flight, fixes: [Fix], width: Double, height: Double, options: FlightReportOptions
    ) throws(ReportError) -> String {
        try chartSVG("map", flight, fixes, width, height, options) { $0.map(x: 0, y: 0, width: width, height: height) }
    }

    /// cairo numbers its glyph and clip ids from 0 in every document; inline SVGs share one HTML id space, so
    /// each chart's ids get a prefix naming the chart and the flight.
    private static func chartSVG(
        _ kind: String, _ flight: Flight, _ fixes: [Fix], _ width: Double, _ height: Double,
        _ options: FlightReportOptions, draw: (Charts) -> Void
    ) throws(ReportError) -> String {
        let svg = try Output.svgString(width: width, height: height) { canvas in
            draw(Charts(canvas: canvas, flight: flight, fixes: fixes, options: options))
        }
        let prefix = "fl\(flight.id.map(String.init) ?? "x")-\(kind)-"
        return svg.replacingOccurrences(of: "id=\"", with: "id=\"\(prefix)")
            .replacingOccurrences(of: "href=\"#", with: "href=\"#\(prefix)")
            .replacingOccurrences(of: "url(#", with: "url(#\(prefix)")
    }
}

private struct ReportPage {
    let canvas: Canvas
    let flight: Flight
    let fixes: [Fix]
    let options: FlightReportOptions
    let margin = 36.0

    func draw() {
        let width = Output.a4Portrait.width - 2 * margin
        let d = flight.details
        let title = ["Flight report", flight.dateText, d.gliderType, d.registration]
            .compactMap { $0 }.joined(separator: " · ")
        canvas.text(title, x: margin, y: 30, width: width, TextStyle(size: 15, bold: true))
        var y = 56.0
        let left = details(leftColumn, x: margin, y: y, width: width / 2 - 8)
        let right = details(rightColumn, x: margin + width / 2 + 8, y: y, width: width / 2 - 8)
        y = max(left, right) + 14
        let charts = Charts(canvas: canvas, flight: flight, fixes: fixes, options: options)
        if charts.fixes.isEmpty {
            canvas.text(
                "No track: this flight has imported details only, so there is no barogram and no map.",
                x: margin, y: y, width: width, TextStyle(size: 9, color: .grey))
            return
        }
        heading("Barogram", y: y)
        charts.barogram(x: margin, y: y + 16, width: width, height: 230)
        y += 16 + 230 + 16
        heading("Track", y: y)
        let mapHeight = Output.a4Portrait.height - margin - (y + 16)
        charts.map(x: margin, y: y + 16, width: width, height: mapHeight)
    }

    func heading(_ text: String, y: Double) {
        canvas.text(text, x: margin, y: y, TextStyle(size: 10, bold: true, color: .accent))
    }

    /// Local and UTC time of `t`, a time of `fact` ("—" for what is unknown).
    func when(_ t: UTCMillis, _ fact: FlightFact) -> String {
        let local = flight.text(fact, .utcOffset) { ReportText.localTime(t, flight) }
        return "\(local) local (\(flight.offsetLabel)) · \(flight.text(fact) { ReportText.utcTime(t) }) UTC"
    }

    var leftColumn: [(String, String)] {
        let d = flight.details
        var rows: [(String, String)] = [
            ("Date", flight.dateText + (flight.timeZoneIdentifier.map { " (\($0))" } ?? "")),
            ("Take-off", ReportText.place(d.takeoffPlace, flight.known(.takeoffPosition, flight.takeoffCoordinate))),
            ("", when(flight.takeoffTime, .takeoffTime)),
            (
                "Landing",
                ReportText.place(flight.landingPlaceLabel, flight.known(.landingPosition, flight.landingCoordinate))
            ),
            ("", when(flight.landingTime, .landingTime) + (flight.endedInFlight ? " (the last fix)" : "")),
            ("Duration", flight.flightTimeText + " h"),
            ("Launch", ReportText.launch(d.launchMethod)),
        ]
        var release: [String] = []
        if let t = flight.releaseTime { release.append(when(t, .releaseTime)) }
        if flight.unknown.contains(.releaseTime) { release.append(Flight.unknownText) }
        if let h = d.releaseHeight { release.append("\(ReportText.metres(h)) above take-off") }
        if flight.unknown.contains(.releaseHeight) { release.append("\(Flight.unknownText) above take-off") }
        if !release.isEmpty { rows.append(("Release", release.joined(separator: " · "))) }
        return rows
    }

    var rightColumn: [(String, String)] {
        let d = flight.details
        var glider = [d.gliderType, d.registration].compactMap(ReportText.nonEmpty).joined(separator: " ")
        if let cid = ReportText.nonEmpty(d.competitionId) { glider += " (\(cid))" }
        var rows: [(String, String)] = [
            ("Glider", glider.isEmpty ? "–" : glider),
            ("Pilot in command", ReportText.nonEmpty(d.pilot) ?? "–"),
        ]
        if let second = ReportText.nonEmpty(d.secondPerson) {
            let role = ReportText.role(d.secondPersonRole)
            rows.append(("Second person", role.isEmpty ? second : "\(second) (\(role))"))
        }
        if let max = flight.maxAltitude {
            var text = "\(ReportText.metres(max)) " + (flight.hasBarometer ? "pressure altitude" : "GNSS altitude")
            if let qnh = options.qnhPascals, flight.hasBarometer {
                text += " · \(ReportText.metres(ISA.altitudeAboveQNH(pressureAltitude: max, qnh: qnh))) QNH"
            }
            rows.append(("Max altitude", text))
        }
        if flight.unknown.contains(.maxAltitude) { rows.append(("Max altitude", Flight.unknownText)) }
        rows.append(
            (
                "Distance",
                "\(flight.text(.pathLength) { ReportText.kilometres(flight.pathLength) }) flown · "
                    + "\(flight.text(.maxDistance) { ReportText.kilometres(flight.maxDistanceFromTakeoff) }) max from take-off"
            ))
        switch flight.source {
        case .recorded: rows.append(("Source", "recorded by flightlogd"))
        case .imported(let name, _): rows.append(("Source", "imported from \(name)"))
        case .manual: rows.append(("Source", "entered by hand: no track"))
        }
        if let r = ReportText.nonEmpty(d.remarks) { rows.append(("Remarks", r)) }
        if case .recorded = flight.source {
            let faults = RecordingFaults.of(flight, fixes: fixes)
            let shown = 4
            for (i, fault) in faults.prefix(shown).enumerated() { rows.append((i == 0 ? "Faults" : "", fault.text)) }
            if faults.count > shown {
                rows.append(("", "and \(faults.count - shown) more (flightlog show lists them)"))
            }
            if faults.isEmpty { rows.append(("Faults", "none (no GPS, barometer or power loss of 10 s or more)")) }
        }
        return rows
    }

    /// Key/value rows; returns the y below the last row.
    func details(_ rows: [(String, String)], x: Double, y: Double, width: Double) -> Double {
        var y = y
        let keyWidth = 78.0
        for (key, value) in rows {
            canvas.text(key, x: x, y: y, width: keyWidth - 4, TextStyle(size: 8, color: .grey))
            let h = canvas.text(value, x: x + keyWidth, y: y, width: width - keyWidth, TextStyle(size: 8, maxLines: 2))
            y += max(h, 10) + 2.5
        }
        return y
    }
}
