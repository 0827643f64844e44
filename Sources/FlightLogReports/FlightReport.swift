import FlightLogAirspace
import FlightLogAnalysis
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
    /// The imported airspace: drawn under the track, its infringements listed (limits above mean sea level judged
    /// at `qnhPascals` when given, else by GNSS altitude).
    package var airspaces: [Airspace] = []
    /// The airfields the map may show (those around the flight; the map draws the ones on it), and the distance
    /// within which a take-off or landing is at a field.
    package var airfields: [Airfield] = []
    package var airfieldRadius: Meters = AirfieldIndex.defaultRadius
    /// Raster tiles drawn under the map (the user's MBTiles file); `nil`: a plain background.
    package var mapTiles: ReportMapTiles?
    /// The task that counts for the flight, scored: drawn on the map and tabled after page 1 (nil: none).
    package var task: FlightTaskReport?

    package init(qnhPascals: Double? = nil, colorBy: ColorBy = .altitude) {
        self.qnhPascals = qnhPascals
        self.colorBy = colorBy
    }
}

/// The flight report (A4 portrait): details, the analysis in short, barogram and map with the scored route and the
/// thermals on page 1; the scored route leg by leg and every thermal in tables on the pages after it.
package enum FlightReport {
    /// Renders the report as a whole PDF or SVG document, or a PNG image; an SVG or PNG has its pages one below the
    /// other. `analysis` is the flight's (``FlightAnalysis``, computed over these `fixes`); without it the report
    /// has no analysis, as for a flight entered by hand.
    package static func render(
        flight: Flight, fixes: [Fix], analysis: FlightAnalysis? = nil, format: FlightReportFormat,
        options: FlightReportOptions
    ) throws(ReportError) -> [UInt8] {
        try renderWithLayout(flight: flight, fixes: fixes, analysis: analysis, format: format, options: options).bytes
    }

    /// ``render(flight:fixes:analysis:format:options:)`` and, in words, what of the report could not be drawn as
    /// asked (map tiles that could not be read): the report is made all the same.
    package static func renderWithNotes(
        flight: Flight, fixes: [Fix], analysis: FlightAnalysis? = nil, format: FlightReportFormat,
        options: FlightReportOptions
    ) throws(ReportError) -> (bytes: [UInt8], notes: [String]) {
        let made = try renderWithLayout(
            flight: flight, fixes: fixes, analysis: analysis, format: format, options: options)
        return (made.bytes, made.layout.map?.notes ?? [])
    }

    /// ``render(flight:fixes:analysis:format:options:)`` and where page 1's charts went (for the tests).
    static func renderWithLayout(
        flight: Flight, fixes: [Fix], analysis: FlightAnalysis?, format: FlightReportFormat,
        options: FlightReportOptions
    ) throws(ReportError) -> (bytes: [UInt8], layout: ReportPage.Layout) {
        let page = Output.a4Portrait
        let report = ReportPage(flight: flight, fixes: fixes, analysis: analysis, options: options)
        let pages = report.tablePages.count + 1
        var layout = ReportPage.Layout()
        let stackedHeight = page.height * Double(pages)
        let bytes: [UInt8]
        if format == .png {
            bytes = try Output.png(width: page.width, height: stackedHeight, dpi: 150) { canvas in
                layout = report.draw(canvas, stacked: true)
            }
        } else {
            bytes = try Output.document(
                format == .pdf ? .pdf : .svg, width: page.width, height: format == .pdf ? page.height : stackedHeight,
                title: "Flight report – \(GeoExport.title(flight))"
            ) { canvas in
                layout = report.draw(canvas, stacked: format != .pdf)
            }
        }
        return (bytes, layout)
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

struct ReportPage {
    let flight: Flight
    let fixes: [Fix]
    let analysis: FlightAnalysis?
    let options: FlightReportOptions
    let margin = 36.0

    /// Where page 1's charts are (nil: not drawn).
    struct Layout {
        var barogram: Charts.Frame?
        var map: Charts.Frame?
    }

    var text: ReportAnalysis? { analysis.map { ReportAnalysis(analysis: $0, flight: flight, fixes: fixes) } }

    /// Draws every page: one after another in a PDF, one below the other (`stacked`) in an SVG or PNG.
    func draw(_ canvas: Canvas, stacked: Bool) -> Layout {
        let layout = drawFirst(canvas)
        let pages = tablePages
        for (n, page) in pages.enumerated() {
            if stacked {
                canvas.translate(0, Output.a4Portrait.height)
                canvas.line(0, 0, Output.a4Portrait.width, 0, .rule, width: 0.5)
            } else {
                canvas.showPage()
            }
            drawTables(canvas, page, number: n + 2, of: pages.count + 1)
        }
        return layout
    }

    func drawFirst(_ canvas: Canvas) -> Layout {
        let width = Output.a4Portrait.width - 2 * margin
        var y = drawTitle(canvas, page: 1)
        let left = details(canvas, leftColumn, x: margin, y: y, width: width / 2 - 8)
        let right = details(canvas, rightColumn, x: margin + width / 2 + 8, y: y, width: width / 2 - 8)
        y = max(left, right) + 14
        let charts = Charts(canvas: canvas, flight: flight, fixes: fixes, options: options, analysis: analysis)
        if charts.fixes.isEmpty {
            canvas.text(
                "No track: this flight has imported details only, so there is no barogram and no map.",
                x: margin, y: y, width: width, TextStyle(size: 9, color: .grey))
            return Layout()
        }
        if let text {
            heading(canvas, "Analysis (distances: great circles on the FAI sphere, R = 6371 km)", y: y)
            let summary = text.summary, rows = { (rows: [AnalysisSummary.Row]) in rows.map { ($0.label, $0.value) } }
            let left = details(canvas, rows(summary.contest), x: margin, y: y + 16, width: width / 2 + 30)
            let right = details(
                canvas, rows(summary.flying), x: margin + width / 2 + 38, y: y + 16, width: width / 2 - 38)
            y = max(left, right) + 12
        }
        let barogramHeight = analysis == nil ? 230.0 : 180.0
        heading(canvas, "Barogram", y: y)
        var layout = Layout()
        layout.barogram = charts.barogram(x: margin, y: y + 16, width: width, height: barogramHeight)
        y += 16 + barogramHeight + 16
        heading(canvas, "Track", y: y)
        let mapHeight = Output.a4Portrait.height - margin - (y + 16)
        layout.map = charts.map(x: margin, y: y + 16, width: width, height: mapHeight)
        return layout
    }

    /// The title line; `page` of more than one is numbered. Returns where the page's content starts.
    func drawTitle(_ canvas: Canvas, page: Int) -> Double {
        let d = flight.details
        let title = ["Flight report", flight.dateText, d.gliderType, d.registration]
            .compactMap { $0 }.joined(separator: " · ")
        let pages = tablePages.count + 1
        let number = pages > 1 ? "Page \(page) of \(pages)" : ""
        let width = Output.a4Portrait.width - 2 * margin
        canvas.text(title, x: margin, y: 30, width: width - 90, Self.titleStyle(title, width: width - 90, canvas))
        canvas.text(number, x: margin + width - 90, y: 34, width: 90, TextStyle(size: 8, color: .grey, align: .right))
        return 56
    }

    /// The title's style: 15 pt, smaller for a long title so that the glider and registration are never cut,
    /// down to 9 pt on two lines (the room of one line at 15 pt).
    static func titleStyle(_ title: String, width: Double, _ canvas: Canvas) -> TextStyle {
        var style = TextStyle(size: 15, bold: true)
        let natural = canvas.measure(title, style).width
        guard natural > width else { return style }
        style.size = max(9, (style.size * width / natural * 2).rounded(.down) / 2)
        style.maxLines = 2
        return style
    }

    func heading(_ canvas: Canvas, _ text: String, y: Double) {
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
            ("Launch", d.launchMethod.label),
        ]
        var release: [String] = []
        if let t = flight.releaseTime { release.append(when(t, .releaseTime)) }
        if flight.unknown.contains(.releaseTime) { release.append(Flight.unknownText) }
        if let h = d.releaseHeight { release.append("\(ReportText.metres(h)) above take-off") }
        if flight.unknown.contains(.releaseHeight) { release.append("\(Flight.unknownText) above take-off") }
        if !release.isEmpty { rows.append((AnalysisWords.launchEnd(d.launchMethod), release.joined(separator: " · "))) }
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
        rows += airspaceRows
        return rows
    }

    /// Key/value rows; returns the y below the last row.
    func details(_ canvas: Canvas, _ rows: [(String, String)], x: Double, y: Double, width: Double) -> Double {
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
