import FlightLogAnalysis
import FlightLogCore

/// The flight list: filters, totals, one page of flights (newest first), paging and the logbook download.
package struct ListPage {
    var query: ListQuery
    var flights: [Flight]
    var totals: (flights: Int, launches: Int, durationMillis: Int64)
    /// Flights in the whole logbook (to tell "empty logbook" from "nothing matches").
    var logbookCount: Int
    var error: String?
    var loggedIn: Bool
    /// The flights' stored contest summaries for the wide table (``FlightTable``); `nil`: the logbook keeps none.
    var contest: [Int64: ContestSummary]?

    package init(
        query: ListQuery, flights: [Flight], totals: (flights: Int, launches: Int, durationMillis: Int64),
        logbookCount: Int, error: String?, loggedIn: Bool, contest: [Int64: ContestSummary]? = nil
    ) {
        self.query = query
        self.flights = flights
        self.totals = totals
        self.logbookCount = logbookCount
        self.error = error
        self.loggedIn = loggedIn
        self.contest = contest
    }

    var pageCount: Int { max(1, (totals.flights + ListQuery.pageSize - 1) / ListQuery.pageSize) }

    package func render() -> String {
        var body = "<h1>Flights</h1>"
        if let error { body += "<p class=\"error\" role=\"alert\">\(esc(error))</p>" }
        if logbookCount == 0 {
            body += emptyLogbook
            return page(title: "Flights", current: "/", loggedIn: loggedIn, body: body)
        }
        body += filterForm
        let q = query.queryString()
        let suffix = q.isEmpty ? "" : "?" + esc(q)
        body += """
            <p class="totals" aria-label="Totals"><span><b>\(totals.flights)</b> flight\(totals.flights == 1 ? "" : "s") · \
            <b>\(hoursMinutes(totals.durationMillis))</b> h · <b>\(totals.launches)</b> launch\(totals.launches == 1 ? "" : "es")\
            </span><a href="/stats\(suffix)">Stats →</a></p>
            """
        if flights.isEmpty {
            body +=
                "<p class=\"empty\">No flights match \(esc(query.filter.summary)). <a href=\"/\">Show all flights</a></p>"
        } else {
            body += "<ul class=\"flights\">" + flights.map(row).joined() + "</ul>"
            body += FlightTable.html(flights, contest: contest)
            body += pager
        }
        let which = query.filter.isEmpty ? "all flights" : "these flights"
        body +=
            "<p><a class=\"button secondary\" href=\"/logbook.pdf\(suffix)\">Logbook PDF of \(which)</a> "
            + "<a class=\"button secondary\" href=\"/logbook.zip\(suffix)\">IGC files + logbook (ZIP)</a></p>"
        return page(title: "Flights", current: "/", loggedIn: loggedIn, body: body)
    }

    private func row(_ flight: Flight) -> String {
        let id = flight.id ?? 0
        let people = [flight.details.pilot, flight.secondPersonText].compactMap { $0 }.joined(separator: " + ")
        let what = [
            flight.gliderText, flight.details.launchMethod == .unknown ? nil : flight.details.launchMethod.label,
        ]
        .compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " · ")
        return """
            <li><a href="/flights/\(id)">\
            <span class="when">\(flight.dateText) \(flight.localText(.takeoffTime, \.hourMinute))</span>\
            <span class="dur">\(flight.flightTimeText)</span>\
            <span class="what">\(esc(what.isEmpty ? "Glider not set" : what))\(people.isEmpty ? "" : "<br>" + esc(people))</span>\
            <span class="where">\(placesHTML(flight))\(flight.hasTrack ? "" : " <b class=\"badge manual\">no track</b>")</span></a></li>
            """
    }

    private var pager: String {
        guard pageCount > 1 else { return "" }
        func link(_ number: Int, _ label: String) -> String {
            let q = query.queryString(page: number)
            return "<a class=\"button secondary\" href=\"/\(q.isEmpty ? "" : "?" + esc(q))\">\(label)</a>"
        }
        let previous = query.page > 1 ? link(query.page - 1, "← Newer") : "<span></span>"
        let next = query.page < pageCount ? link(query.page + 1, "Older →") : "<span></span>"
        return "<nav class=\"pager\" aria-label=\"Pages\">\(previous)"
            + "<span class=\"muted\">Page \(query.page) of \(pageCount)</span>\(next)</nav>"
    }

    private var filterForm: String {
        let f = query.filter
        func field(_ name: String, _ label: String, _ value: String?, type: String = "text", hint: String = "")
            -> String
        {
            "<label>\(label)<input type=\"\(type)\" name=\"\(name)\" value=\"\(esc(value ?? ""))\" maxlength=\"\(WebLimits.maxFieldCharacters)\"\(hint.isEmpty ? "" : " placeholder=\"\(hint)\"")></label>"
        }
        func option(_ value: String, _ label: String, _ selected: Bool) -> String {
            "<option value=\"\(value)\"\(selected ? " selected" : "")>\(label)</option>"
        }
        let instructor = f.withInstructor.map { $0 ? "yes" : "no" } ?? ""
        let launches = LaunchMethod.allCases.map { option($0.rawValue, $0.label, f.launch == $0) }.joined()
        let clear =
            f.isEmpty
            ? "" : "<a class=\"clear\" href=\"/\" title=\"Clear the filters\" aria-label=\"Clear the filters\">×</a>"
        return """
            <div class="filterbar"><details class="filters"><summary><span>\(esc(query.foldedSummary))</span></summary>
            <form class="grid" method="get" action="/">
            <label>Instructor<select name="instructor">\(option("", "Any", instructor.isEmpty))\
            \(option("yes", "With instructor", instructor == "yes"))\(option("no", "Without instructor", instructor == "no"))</select></label>
            \(field("instructor_name", "Instructor's name", f.instructorName))\(field("guest", "Guest", f.guest))\(field("plane", "Glider type", f.plane, hint: "ASK 21"))\
            \(field("pilot", "Pilot", f.pilot))\(field("registration", "Registration", f.registration, hint: "D-1234"))\
            \(field("since", "From", f.since?.description, type: "date"))\(field("until", "To", f.until?.description, type: "date"))
            <label>Launch<select name="launch">\(option("", "Any", f.launch == nil))\(launches)</select></label>
            <label>Landing<select name="outlanding">\(option("", "Any", f.outlanding == nil))\
            \(option("no", "At an airfield", f.outlanding == false))\(option("yes", "Outlandings", f.outlanding == true))</select></label>
            <div class="actions"><button type="submit">Show flights</button><a class="button secondary" href="/">Clear</a></div>
            </form></details>\(clear)</div>
            """
    }

    private var emptyLogbook: String {
        """
        <div class="empty"><p><b>No flights yet.</b> flightlogd records a flight by itself from takeoff to landing.</p>
        <p>To check the sensors on the Pi:</p>
        <ul><li><code>flightlog status</code> — GPS fix, barometer, recording state</li>
        <li><code>systemctl status flightlogd</code> — is the recorder running?</li>
        <li><code>journalctl -u flightlogd -n 50</code> — its latest messages</li></ul>
        <p>Old flights from another logger: <code>flightlog import FILE.igc</code>.</p>
        <p><a href="/status">Recorder status</a></p></div>
        """
    }
}
