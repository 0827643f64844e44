import FlightLogCore

/// What the printed logbook says about itself.
package struct LogbookOptions: Sendable {
    /// The logbook owner's name, printed in every page header.
    package var owner: String
    /// The filter that selected the flights in words (empty = all flights); printed in the header.
    package var filterSummary: String
    /// Table rows per page (paper logbooks have 14–20).
    package var rowsPerPage: Int
    /// Extra words on the time zone, e.g. `Europe/Berlin`, printed in the footer.
    package var timeZoneNote: String?

    package init(owner: String, filterSummary: String, rowsPerPage: Int = 16, timeZoneNote: String? = nil) {
        self.owner = owner
        self.filterSummary = filterSummary
        self.rowsPerPage = rowsPerPage
        self.timeZoneNote = timeZoneNote
    }
}

/// The glider pilot's logbook as a PDF: A4 landscape, one row per flight, totals on every page
/// (this page / brought forward / total), certification and signature line (FLIGHTS-AND-LOGBOOK.md §5–8).
package enum LogbookPDF {
    /// Renders `flights` (printed oldest first) as a whole PDF document.
    package static func render(flights: [Flight], options: LogbookOptions) throws(ReportError) -> [UInt8] {
        guard !flights.isEmpty else { throw .noFlights(options.filterSummary) }
        let ordered = flights.enumerated().sorted {
            ($0.element.takeoffTime, $0.offset) < ($1.element.takeoffTime, $1.offset)
        }.map(\.element)
        let page = Output.a4Landscape
        let title = "Logbook – \(options.owner)"
        return try Output.document(.pdf, width: page.width, height: page.height, title: title) { canvas in
            LogbookLayout(canvas: canvas, options: options, flights: ordered).drawAllPages()
        }
    }
}

/// Running totals for the totals block.
struct LogbookTotals: Equatable {
    var flights = 0
    var launches = 0
    var minutes: Int64 = 0

    mutating func add(_ flight: Flight) {
        flights += 1
        launches += 1  // one launch per logged flight
        minutes += ReportText.minutes(flight)
    }

    static func + (a: LogbookTotals, b: LogbookTotals) -> LogbookTotals {
        LogbookTotals(flights: a.flights + b.flights, launches: a.launches + b.launches, minutes: a.minutes + b.minutes)
    }
}

/// Draws the logbook pages on a canvas.
private struct LogbookLayout {
    let canvas: Canvas
    let options: LogbookOptions
    let flights: [Flight]

    let margin = 28.0
    let pageWidth = Output.a4Landscape.width
    let pageHeight = Output.a4Landscape.height
    let tableTop = 60.0
    let headerHeight = 26.0
    let totalsRowHeight = 13.0
    let footerHeight = 34.0

    /// Column layout: name of the group (first header line), sub-header, width in points.
    struct Column {
        var group: String
        var title: String
        var width: Double
        var align: TextStyle.Align = .left
    }

    enum C: Int, CaseIterable {
        case no, date, glider, pic, second, takeoffPlace, takeoffTime, landingPlace, landingTime
        case launchMethod, launches, flightTime, remarks
    }

    var columns: [Column] {
        var cols: [Column] = [
            Column(group: "No.", title: "", width: 24, align: .right),
            Column(group: "Date", title: "(local)", width: 50),
            Column(group: "Glider", title: "type / registration", width: 84),
            Column(group: "Pilot in command", title: "", width: 86),
            Column(group: "Second person", title: "function", width: 86),
            Column(group: "Take-off", title: "place", width: 80),
            Column(group: "", title: "time", width: 34, align: .right),
            Column(group: "Landing", title: "place", width: 80),
            Column(group: "", title: "time", width: 34, align: .right),
            Column(group: "Launch", title: "method", width: 50),
            Column(group: "", title: "no.", width: 22, align: .right),
            Column(group: "Flight", title: "time", width: 36, align: .right),
            Column(group: "Remarks", title: "release height", width: 0),
        ]
        let used = cols.reduce(0) { $0 + $1.width }
        cols[C.remarks.rawValue].width = pageWidth - 2 * margin - used
        return cols
    }

    var rowsPerPage: Int { max(1, options.rowsPerPage) }
    var pageCount: Int { (flights.count + rowsPerPage - 1) / rowsPerPage }
    var rowHeight: Double {
        let available = pageHeight - margin - footerHeight - 3 * totalsRowHeight - tableTop - headerHeight - 6
        return min(30, available / Double(rowsPerPage))
    }

    func drawAllPages() {
        let cols = columns
        var xs: [Double] = []
        var x = margin
        for col in cols {
            xs.append(x)
            x += col.width
        }
        var broughtForward = LogbookTotals()
        for page in 0..<pageCount {
            let slice = flights[(page * rowsPerPage)..<min(flights.count, (page + 1) * rowsPerPage)]
            var thisPage = LogbookTotals()
            drawHeader(page: page + 1)
            drawTableHeader(cols, xs)
            for row in 0..<rowsPerPage {
                let y = tableTop + headerHeight + Double(row) * rowHeight
                if row % 2 == 1 { canvas.fillRect(margin, y, pageWidth - 2 * margin, rowHeight, .band) }
                let index = page * rowsPerPage + row
                if index < flights.count {
                    let flight = slice[slice.startIndex + row]
                    thisPage.add(flight)
                    drawRow(flight, number: index + 1, y: y, cols, xs)
                }
                canvas.line(margin, y + rowHeight, pageWidth - margin, y + rowHeight, .rule, width: 0.3)
            }
            let bodyBottom = tableTop + headerHeight + Double(rowsPerPage) * rowHeight
            drawVerticalRules(xs, from: tableTop, to: bodyBottom)
            drawTotals(thisPage: thisPage, broughtForward: broughtForward, top: bodyBottom, cols, xs)
            broughtForward = broughtForward + thisPage
            drawFooter()
            canvas.showPage()
        }
    }

    func drawHeader(page: Int) {
        canvas.text("Pilot logbook – \(options.owner)", x: margin, y: 20, width: 480, TextStyle(size: 13, bold: true))
        canvas.text(
            "Page \(page) of \(pageCount)", x: pageWidth - margin - 150, y: 22, width: 150,
            TextStyle(size: 9, align: .right))
        let filter = options.filterSummary.isEmpty ? "all flights" : options.filterSummary
        canvas.text(
            "Filter: \(filter)", x: margin, y: 39, width: pageWidth - 2 * margin - 160,
            TextStyle(size: 8, color: .grey))
        canvas.text(
            "Glider flights · EASA Part-SFCL", x: pageWidth - margin - 200, y: 39, width: 200,
            TextStyle(size: 8, color: .grey, align: .right))
    }

    func drawTableHeader(_ cols: [Column], _ xs: [Double]) {
        canvas.fillRect(margin, tableTop, pageWidth - 2 * margin, headerHeight, .header)
        let bold = TextStyle(size: 7.5, bold: true)
        let sub = TextStyle(size: 6.5, color: .grey)
        for (i, col) in cols.enumerated() {
            var groupStyle = bold
            groupStyle.align = col.group.isEmpty ? col.align : (col.align == .right ? .right : .left)
            if !col.group.isEmpty {
                canvas.text(col.group, x: xs[i] + 3, y: tableTop + 3, width: groupWidth(i, cols) - 6, groupStyle)
            }
            var subStyle = sub
            subStyle.align = col.align
            canvas.text(col.title, x: xs[i] + 3, y: tableTop + 14, width: col.width - 6, subStyle)
        }
        canvas.line(margin, tableTop + headerHeight, pageWidth - margin, tableTop + headerHeight, .black, width: 0.8)
    }

    /// A group header spans the following columns that have no group name of their own.
    func groupWidth(_ i: Int, _ cols: [Column]) -> Double {
        var w = cols[i].width
        var j = i + 1
        while j < cols.count, cols[j].group.isEmpty {
            w += cols[j].width
            j += 1
        }
        return w
    }

    func drawVerticalRules(_ xs: [Double], from top: Double, to bottom: Double) {
        let cols = columns
        for (i, x) in xs.enumerated().dropFirst() where !cols[i].group.isEmpty {
            canvas.line(x, top, x, bottom, .rule, width: 0.4)
        }
        canvas.strokeRect(margin, top, pageWidth - 2 * margin, bottom - top, .black, width: 0.8)
    }

    func drawRow(_ f: Flight, number: Int, y: Double, _ cols: [Column], _ xs: [Double]) {
        let d = f.details
        let main = TextStyle(size: 7.5)
        let second = TextStyle(size: 6.5, color: .grey)
        let line1 = y + 3
        let line2 = y + 3 + 10
        func cell(_ c: C, _ text: String?, _ style: TextStyle, lines: Int = 1, at top: Double) {
            guard let text, !text.isEmpty else { return }
            var s = style
            s.maxLines = lines
            if cols[c.rawValue].align == .right { s.align = .right }
            canvas.text(text, x: xs[c.rawValue] + 3, y: top, width: cols[c.rawValue].width - 6, s)
        }
        cell(.no, "\(number)", second, at: line1 + 1)
        cell(.date, f.localDate.description, main, at: line1)
        cell(.glider, d.gliderType, main, at: line1)
        cell(.glider, d.registration, second, at: line2)
        cell(.pic, d.pilot, main, lines: 2, at: line1)
        cell(.second, d.secondPerson, main, at: line1)
        cell(.second, ReportText.role(d.secondPerson == nil ? nil : d.secondPersonRole), second, at: line2)
        cell(.takeoffPlace, ReportText.place(d.takeoffPlace, f.takeoffCoordinate), main, lines: 2, at: line1)
        cell(.takeoffTime, ReportText.localTime(f.takeoffTime, f), main, at: line1)
        cell(.takeoffTime, ReportText.utcTime(f.takeoffTime) + "Z", second, at: line2)
        cell(.landingPlace, ReportText.place(f.landingPlaceLabel, f.landingCoordinate), main, lines: 2, at: line1)
        cell(.landingTime, ReportText.localTime(f.landingTime, f), main, at: line1)
        cell(.landingTime, ReportText.utcTime(f.landingTime) + "Z", second, at: line2)
        cell(.launchMethod, ReportText.launch(d.launchMethod), main, at: line1)
        cell(.launches, "1", main, at: line1)
        cell(.flightTime, hoursMinutes(f.duration), TextStyle(size: 7.5, bold: true), at: line1)
        var remarks: [String] = []
        if let h = d.releaseHeight { remarks.append("Release \(ReportText.metres(h))") }
        if let r = ReportText.nonEmpty(d.remarks) { remarks.append(r) }
        cell(.remarks, remarks.joined(separator: " · "), TextStyle(size: 7), lines: 2, at: line1)
    }

    func drawTotals(
        thisPage: LogbookTotals, broughtForward: LogbookTotals, top: Double, _ cols: [Column], _ xs: [Double]
    ) {
        let rows = [("This page", thisPage), ("Brought forward", broughtForward), ("Total", thisPage + broughtForward)]
        let labelWidth = xs[C.launchMethod.rawValue] - margin
        for (i, (label, totals)) in rows.enumerated() {
            let y = top + Double(i) * totalsRowHeight
            let isTotal = i == 2
            canvas.fillRect(margin, y, labelWidth + cols[C.launchMethod.rawValue].width, totalsRowHeight, .header)
            let style = TextStyle(size: 7.5, bold: isTotal)
            canvas.text(label, x: xs[C.pic.rawValue] + 3, y: y + 2.5, width: 120, style)
            var right = style
            right.align = .right
            canvas.text("\(totals.flights) flights", x: xs[C.landingPlace.rawValue], y: y + 2.5,
                        width: xs[C.launchMethod.rawValue] + cols[C.launchMethod.rawValue].width
                            - xs[C.landingPlace.rawValue] - 3, right)
            let launchesX = xs[C.launches.rawValue]
            canvas.text("\(totals.launches)", x: launchesX + 3, y: y + 2.5, width: cols[C.launches.rawValue].width - 6, right)
            let timeX = xs[C.flightTime.rawValue]
            canvas.text(hoursMinutes(totals.minutes * 60_000), x: timeX + 3, y: y + 2.5,
                        width: cols[C.flightTime.rawValue].width - 6, right)
            canvas.line(margin, y + totalsRowHeight, xs[C.remarks.rawValue], y + totalsRowHeight, .rule, width: 0.3)
        }
        let bottom = top + 3 * totalsRowHeight
        for c in [C.launches, .flightTime, .remarks] {
            canvas.line(xs[c.rawValue], top, xs[c.rawValue], bottom, .rule, width: 0.4)
        }
        canvas.strokeRect(margin, top, xs[C.remarks.rawValue] - margin, bottom - top, .black, width: 0.8)
    }

    func drawFooter() {
        let y = pageHeight - margin - footerHeight + 12
        var zone = "Times: local at the take-off place"
        if let note = ReportText.nonEmpty(options.timeZoneNote) { zone += " (\(note))" }
        zone += "; second line UTC (Z). Flight time = take-off to landing."
        canvas.text(zone, x: margin, y: y, width: 330, TextStyle(size: 6.5, color: .grey, maxLines: 2))
        canvas.text(
            "I certify that the entries in this logbook are true.", x: margin + 340, y: y, width: 210,
            TextStyle(size: 7.5))
        let sigX = pageWidth - margin - 220
        canvas.text("Signature", x: sigX, y: y + 8, width: 60, TextStyle(size: 7.5))
        canvas.line(sigX + 44, y + 18, pageWidth - margin, y + 18, .black, width: 0.6)
        canvas.text(options.owner, x: sigX + 44, y: y + 20, width: 176, TextStyle(size: 6.5, color: .grey))
    }
}
