import FlightLogAnalysis
import FlightLogCore

/// What the printed logbook says about itself.
package struct LogbookOptions: Sendable {
    /// The logbook owner's name (config `[owner] name` or `--owner`), printed in every page header; the owner's
    /// role on each flight (``OwnerRole``) decides its time columns. Empty: no owner set, every flight is seen from
    /// its pilot's seat and the header says so.
    package var owner: String
    /// The filter that selected the flights in words (empty = all flights); printed in the header.
    package var filterSummary: String
    /// Table rows per page (paper logbooks have 14–20).
    package var rowsPerPage: Int
    /// Extra words on the time zone, e.g. `Europe/Berlin`, printed in the footer.
    package var timeZoneNote: String?
    /// The flights' contest km and engine time by flight id, from their stored analyses; a flight with a track
    /// but none here shows "—". nil: no contest column (a logbook that keeps no analyses).
    package var contest: [Int64: ContestSummary]?

    package init(
        owner: String, filterSummary: String, rowsPerPage: Int = 16, timeZoneNote: String? = nil,
        contest: [Int64: ContestSummary]? = nil
    ) {
        self.owner = owner
        self.filterSummary = filterSummary
        self.rowsPerPage = rowsPerPage
        self.timeZoneNote = timeZoneNote
        self.contest = contest
    }
}

/// The glider pilot's logbook as a PDF in the Part-SFCL layout (AMC1 SFCL.050; docs/LOGBOOK.md):
/// A4 landscape, one row per flight with date, departure and arrival place and time, glider, PIC, launches per
/// method, flight time and the owner's PIC, dual and FI(S) time, remarks; every page ends with this page /
/// brought forward / total for every time column and the launches per method; certification and signature.
/// Rows where the owner did not fly (passenger, not aboard) show their time in brackets and count in no total.
package enum LogbookPDF {
    /// Renders `flights` (printed oldest first) as a whole PDF document.
    package static func render(flights: [Flight], options: LogbookOptions) throws(ReportError) -> [UInt8] {
        guard !flights.isEmpty else { throw .noFlights(options.filterSummary) }
        let owner = LogbookOwner(options.owner)
        let entries = flights.enumerated().sorted {
            ($0.element.takeoffTime, $0.offset) < ($1.element.takeoffTime, $1.offset)
        }.map { LogbookEntry($0.element, owner: owner) }
        let page = Output.a4Landscape
        let title = owner.map { "Logbook – \($0.name)" } ?? "Logbook"
        return try Output.document(.pdf, width: page.width, height: page.height, title: title) { canvas in
            LogbookLayout(canvas: canvas, options: options, owner: owner, entries: entries).drawAllPages()
        }
    }

    /// The launch methods in the order of the launch columns (NfL codes W, F, E; ? unknown).
    static let launchColumns: [LaunchMethod] = [.winch, .aerotow, .self, .unknown]
}

/// Draws the logbook pages on a canvas.
private struct LogbookLayout {
    let canvas: Canvas
    let options: LogbookOptions
    let owner: LogbookOwner?
    let entries: [LogbookEntry]

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
        case no, date, takeoffPlace, takeoffTime, landingPlace, landingTime, glider, pic
        case winch, aerotow, selfLaunch, unknownLaunch, flightTime, picTime, dualTime, fiTime, contest, remarks
    }

    var columns: [Column] {
        var cols: [Column] = [
            Column(group: "No.", title: "", width: 22, align: .right),
            Column(group: "Date", title: "(local)", width: 50),
            Column(group: "Departure", title: "place", width: 60),
            Column(group: "", title: "time", width: 32, align: .right),
            Column(group: "Arrival", title: "place", width: 60),
            Column(group: "", title: "time", width: 32, align: .right),
            Column(group: "Glider", title: "type / reg.", width: 58),
            Column(group: "PIC", title: "name", width: 96),
            Column(group: "Launches", title: "W", width: 17, align: .right),
            Column(group: "", title: "F", width: 17, align: .right),
            Column(group: "", title: "E", width: 17, align: .right),
            Column(group: "", title: "?", width: 17, align: .right),
            Column(group: "Flight", title: "time", width: 34, align: .right),
            Column(group: "PIC", title: "time", width: 32, align: .right),
            Column(group: "Dual", title: "time", width: 32, align: .right),
            Column(group: "FI(S)", title: "time", width: 32, align: .right),
            // The free distance (OLC classic, WeGlide), engine time below it; no column without analyses.
            Column(group: "Contest", title: "km", width: options.contest == nil ? 0 : 40, align: .right),
            Column(group: "Remarks", title: "crew, release height, endorsements", width: 0),
        ]
        let used = cols.reduce(0) { $0 + $1.width }
        cols[C.remarks.rawValue].width = pageWidth - 2 * margin - used
        return cols
    }

    var rowsPerPage: Int { max(1, options.rowsPerPage) }
    /// The height of an empty row and the least of every row: `rowsPerPage` of them fill a page's body.
    var rowHeight: Double {
        let available = pageHeight - margin - footerHeight - 3 * totalsRowHeight - tableTop - headerHeight - 6
        return min(30, available / Double(rowsPerPage))
    }
    /// The rows' room on a page, between the table header and the totals.
    var bodyHeight: Double { Double(rowsPerPage) * rowHeight }
    /// Lines a wrapped cell (a place, the PIC, the remarks) may take: as many as a page's body holds, so that
    /// only text longer than a whole page is cut.
    var wrapLines: Int { max(2, Int((bodyHeight - 6) / 9)) }

    /// The entries of each page: at most `rowsPerPage`, and no more than their heights fit in the body (a row
    /// grows with its wrapped places and remarks).
    func pages(_ heights: [Double]) -> [Range<Int>] {
        var pages: [Range<Int>] = []
        var start = 0
        var used = 0.0
        for (i, height) in heights.enumerated() {
            if i > start && (i - start == rowsPerPage || used + height > bodyHeight + 0.01) {
                pages.append(start..<i)
                start = i
                used = 0
            }
            used += height
        }
        if start < heights.count { pages.append(start..<heights.count) }
        return pages
    }

    func drawAllPages() {
        let cols = columns
        var xs: [Double] = []
        var x = margin
        for col in cols {
            xs.append(x)
            x += col.width
        }
        let heights = entries.enumerated().map { i, e in
            min(bodyHeight, max(rowHeight, drawRow(e, number: i + 1, y: 0, cols, xs, draw: false)))
        }
        let pages = pages(heights)
        var broughtForward = LogbookTotals()
        let overall = LogbookTotals(entries)
        for (page, range) in pages.enumerated() {
            let thisPage = LogbookTotals(entries[range])
            drawHeader(page: page + 1, of: pages.count, overall: overall)
            drawTableHeader(cols, xs)
            let bodyBottom = tableTop + headerHeight + bodyHeight
            var y = tableTop + headerHeight
            var index = range.lowerBound
            // The page's flights, then empty ruled rows down to the totals, as on a paper logbook's page.
            while y < bodyBottom - 0.01 {
                let isFlight = index < range.upperBound
                let height = isFlight ? heights[index] : min(rowHeight, bodyBottom - y)
                if (index - range.lowerBound) % 2 == 1 {
                    canvas.fillRect(margin, y, pageWidth - 2 * margin, height, .band)
                }
                if isFlight { drawRow(entries[index], number: index + 1, y: y, cols, xs) }
                canvas.line(margin, y + height, pageWidth - margin, y + height, .rule, width: 0.3)
                y += height
                index += 1
            }
            drawVerticalRules(xs, from: tableTop, to: bodyBottom)
            drawTotals(thisPage: thisPage, broughtForward: broughtForward, top: bodyBottom, cols, xs)
            broughtForward = broughtForward + thisPage
            drawFooter()
            canvas.showPage()
        }
    }

    /// The title; the whole logbook's headline as `stats` says it (the owner's flights first, the others apart);
    /// the filter.
    func drawHeader(page: Int, of pageCount: Int, overall: LogbookTotals) {
        let title = owner.map { "Pilot logbook – \($0.name)" } ?? "Pilot logbook"
        canvas.text(title, x: margin, y: 16, width: 480, TextStyle(size: 13, bold: true))
        canvas.text(
            "Page \(page) of \(pageCount)", x: pageWidth - margin - 150, y: 18, width: 150,
            TextStyle(size: 9, align: .right))
        let headline = [overall.ownerHeadline, overall.othersHeadline].compactMap { $0 }.joined(separator: " · ")
        canvas.text(headline, x: margin, y: 35, width: pageWidth - 2 * margin, TextStyle(size: 8, bold: true))
        let filter = options.filterSummary.isEmpty ? "all flights" : options.filterSummary
        let whose =
            owner == nil ? " · no owner set ([owner] name or --owner): times as each flight's pilot logs them" : ""
        canvas.text(
            "Filter: \(filter)\(whose)", x: margin, y: 46, width: pageWidth - 2 * margin - 210,
            TextStyle(size: 8, color: .grey))
        canvas.text(
            "Sailplanes · EASA Part-SFCL (AMC1 SFCL.050)", x: pageWidth - margin - 200, y: 46, width: 200,
            TextStyle(size: 8, color: .grey, align: .right))
    }

    func drawTableHeader(_ cols: [Column], _ xs: [Double]) {
        canvas.fillRect(margin, tableTop, pageWidth - 2 * margin, headerHeight, .header)
        let bold = TextStyle(size: 7.5, bold: true)
        let sub = TextStyle(size: 6.5, color: .grey)
        for (i, col) in cols.enumerated() where col.width > 0 {
            var groupStyle = bold
            groupStyle.align =
                col.group.isEmpty
                ? col.align : (col.align == .right && groupWidth(i, cols) == col.width ? .right : .left)
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

    /// Draws a flight's row with its top at `y`, or with `draw` false only measures it; returns the height its
    /// text needs. Places, the PIC's name and the remarks wrap to as many lines as they take (``wrapLines``).
    @discardableResult
    func drawRow(
        _ e: LogbookEntry, number: Int, y: Double, _ cols: [Column], _ xs: [Double], draw: Bool = true
    ) -> Double {
        let f = e.flight
        let d = f.details
        let main = TextStyle(size: 7.5)
        let second = TextStyle(size: 6.5, color: .grey)
        let line1 = y + 3
        let line2 = y + 3 + 10
        let wrap = wrapLines
        var bottom = y
        func cell(_ c: C, _ text: String?, _ style: TextStyle, lines: Int = 1, at top: Double) {
            guard let text, !text.isEmpty else { return }
            var s = style
            s.maxLines = lines
            if cols[c.rawValue].align == .right { s.align = .right }
            let width = cols[c.rawValue].width - 6
            let height =
                draw
                ? canvas.text(text, x: xs[c.rawValue] + 3, y: top, width: width, s)
                : canvas.measure(text, width: width, s)
            bottom = max(bottom, top + height)
        }
        /// A field's code above its name (grey), or a place text, wrapped.
        func placeCell(_ c: C, _ place: (main: String, name: String?)) {
            guard let name = place.name else { return cell(c, place.main, main, lines: wrap, at: line1) }
            cell(c, place.main, main, at: line1)
            cell(c, name, second, lines: wrap, at: line2)
        }
        /// A count or time the owner logged, or in brackets (grey) on a flight the owner did not fly.
        func logged(_ text: String) -> (String, TextStyle) {
            e.role.flies ? (text, main) : ("(\(text))", second)
        }
        cell(.no, "\(number)", second, at: line1 + 1)
        cell(.date, f.dateText, main, at: line1)
        placeCell(.takeoffPlace, place(d.takeoffPlace, f.takeoffLocation, f.takeoffCoordinate, .takeoffPosition, f))
        cell(.takeoffTime, f.localText(.takeoffTime, \.hourMinute), main, at: line1)
        cell(.takeoffTime, f.utcText(.takeoffTime, ReportText.utcTime) + "Z", second, at: line2)
        placeCell(
            .landingPlace, place(f.landingPlaceLabel, f.landingLocation, f.landingCoordinate, .landingPosition, f))
        cell(.landingTime, f.localText(.landingTime, \.hourMinute), main, at: line1)
        cell(.landingTime, f.utcText(.landingTime, ReportText.utcTime) + "Z", second, at: line2)
        cell(.glider, d.gliderType, main, at: line1)
        cell(.glider, d.registration, second, at: line2)
        cell(.pic, d.pilotInCommand, main, lines: wrap, at: line1)
        let launchColumn = C(rawValue: C.winch.rawValue + LogbookPDF.launchColumns.firstIndex(of: d.launchMethod)!)!
        let launches = logged(f.text(.launches) { "\(max(1, d.launches))" })
        cell(launchColumn, launches.0, launches.1, at: line1)
        let time = logged(f.flightTimeText)
        cell(.flightTime, time.0, e.role.flies ? TextStyle(size: 7.5, bold: true) : time.1, at: line1)
        if e.picMinutes > 0 { cell(.picTime, hoursMinutes(e.picMinutes * 60_000), main, at: line1) }
        if e.dualMinutes > 0 { cell(.dualTime, hoursMinutes(e.dualMinutes * 60_000), main, at: line1) }
        if e.instructorMinutes > 0 { cell(.fiTime, hoursMinutes(e.instructorMinutes * 60_000), main, at: line1) }
        if let contest = options.contest, f.hasTrack {
            let summary = f.id.flatMap { contest[$0] }
            cell(.contest, summary.map { ReportText.fixed($0.freeSixKm, 1) } ?? "—", main, at: line1)
            if let engine = summary?.engineSeconds, engine > 0 {
                cell(.contest, "eng. " + hoursMinutes(Int64(engine * 1000)), second, at: line2)
            }
        }
        cell(.remarks, remarks(e).joined(separator: " · "), TextStyle(size: 7), lines: wrap, at: line1)
        return bottom - y + 3
    }

    /// A place as a paper logbook writes it: a field as its code with its short name below (`EDKA`, `Aachen-Merzbruck`),
    /// unless the pilot wrote the place text; else the text, else the coordinate (nothing for a flight entered by
    /// hand without a place: it has no coordinates).
    func place(
        _ text: String?, _ location: FlightPlace?, _ at: Coordinate, _ position: FlightFact, _ f: Flight
    ) -> (main: String, name: String?) {
        if let location, let name = location.name, !location.isOutlanding, text == nil || text == location.description {
            let short = Airfield.shortName(of: name)
            return location.code.map { ($0, short) } ?? (short, nil)
        }
        return (f.hasTrack ? ReportText.place(text, f.known(position, at)) : (text ?? ""), nil)
    }

    /// Markers first (`[not aboard]`, `[passenger]`, `[no track]`), then the crew, release height and remarks.
    func remarks(_ e: LogbookEntry) -> [String] {
        let d = e.flight.details
        var parts: [String] = []
        if e.role == .notAboard, let owner { parts.append("[not aboard: \(owner.name)]") }
        if e.role == .passenger { parts.append("[passenger]") }
        if e.role == .unknown { parts.append("[no pilot named: not counted]") }
        if !e.flight.hasTrack { parts.append("[no track]") }
        if let name = d.secondPerson, name != d.pilotInCommand {
            parts.append("\(ReportText.role(d.secondPersonRole).nonEmptyOr("Second")): \(name)")
        } else if d.secondPersonRole == .instructor, let pilot = d.pilot {
            parts.append("Student: \(pilot)")
        }
        if let h = d.releaseHeight { parts.append("Release \(ReportText.metres(h))") }
        if e.flight.unknown.contains(.releaseHeight) { parts.append("Release \(Flight.unknownText)") }
        if let r = ReportText.nonEmpty(d.remarks) { parts.append(r) }
        return parts
    }

    func drawTotals(
        thisPage: LogbookTotals, broughtForward: LogbookTotals, top: Double, _ cols: [Column], _ xs: [Double]
    ) {
        let rows = [("This page", thisPage), ("Brought forward", broughtForward), ("Total", thisPage + broughtForward)]
        let first = C.winch.rawValue
        for (i, (label, totals)) in rows.enumerated() {
            let y = top + Double(i) * totalsRowHeight
            canvas.fillRect(margin, y, xs[C.remarks.rawValue] - margin, totalsRowHeight, .header)
            let style = TextStyle(size: 7.5, bold: i == 2)
            canvas.text(label, x: xs[C.landingPlace.rawValue] + 3, y: y + 2.5, width: 120, style)
            var right = style
            right.align = .right
            func number(_ c: C, _ text: String) {
                canvas.text(text, x: xs[c.rawValue] + 1, y: y + 2.5, width: cols[c.rawValue].width - 3, right)
            }
            // The owner's flights, as the time columns count them; the others apart, beside the row.
            canvas.text(
                totals.flownCount, x: xs[C.glider.rawValue], y: y + 2.5, width: xs[first] - xs[C.glider.rawValue] - 3,
                right)
            if let others = totals.othersBeside {
                canvas.text(
                    others, x: xs[C.remarks.rawValue] + 4, y: y + 2.5, width: cols[C.remarks.rawValue].width - 6,
                    TextStyle(size: 7.5, color: .grey))
            }
            for (k, method) in LogbookPDF.launchColumns.enumerated() {
                number(C(rawValue: first + k)!, "\(totals.launches(method))")
            }
            number(.flightTime, hoursMinutes(totals.minutes * 60_000))
            number(.picTime, hoursMinutes(totals.picMinutes * 60_000))
            number(.dualTime, hoursMinutes(totals.dualMinutes * 60_000))
            number(.fiTime, hoursMinutes(totals.instructorMinutes * 60_000))
            canvas.line(margin, y + totalsRowHeight, xs[C.remarks.rawValue], y + totalsRowHeight, .rule, width: 0.3)
        }
        let bottom = top + 3 * totalsRowHeight
        for c in C.allCases where c.rawValue >= first {
            canvas.line(xs[c.rawValue], top, xs[c.rawValue], bottom, .rule, width: 0.4)
        }
        canvas.strokeRect(margin, top, xs[C.remarks.rawValue] - margin, bottom - top, .black, width: 0.8)
    }

    func drawFooter() {
        let y = pageHeight - margin - footerHeight + 12
        var zone = "Times: local at the take-off place"
        if let note = ReportText.nonEmpty(options.timeZoneNote) { zone += " (\(note))" }
        zone +=
            "; second line UTC (Z). Flight time = take-off to landing. Launches: W winch, F aerotow, "
            + "E self-launch, ? unknown. (Bracketed): the owner did not fly; not in the totals."
        canvas.text(zone, x: margin, y: y, width: 330, TextStyle(size: 6.5, color: .grey, maxLines: 3))
        canvas.text(
            "I certify that the entries in this logbook are true.", x: margin + 340, y: y, width: 210,
            TextStyle(size: 7.5))
        let sigX = pageWidth - margin - 220
        canvas.text("Signature", x: sigX, y: y + 8, width: 60, TextStyle(size: 7.5))
        canvas.line(sigX + 44, y + 18, pageWidth - margin, y + 18, .black, width: 0.6)
        canvas.text(owner?.name ?? "", x: sigX + 44, y: y + 20, width: 176, TextStyle(size: 6.5, color: .grey))
    }
}

extension String {
    fileprivate func nonEmptyOr(_ fallback: String) -> String { isEmpty ? fallback : self }
}
