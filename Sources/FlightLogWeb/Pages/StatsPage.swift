import FlightLogCore

/// `flightlog stats` on the phone: the totals of the flights the list's filters choose (``LogbookStatistics``)
/// and the owner's Part-SFCL recency from every flight (``Recency``).
package struct StatsPage {
    var query: ListQuery
    var statistics: LogbookStatistics
    var recency: Recency
    var owner: LogbookOwner?
    var loggedIn: Bool

    package init(
        query: ListQuery, statistics: LogbookStatistics, recency: Recency, owner: LogbookOwner?, loggedIn: Bool
    ) {
        self.query = query
        self.statistics = statistics
        self.recency = recency
        self.owner = owner
        self.loggedIn = loggedIn
    }

    package func render() -> String {
        let q = query.queryString()
        let s = statistics.overall
        var body = "<p><a href=\"/\(q.isEmpty ? "" : "?" + esc(q))\">← Flights</a></p><h1>Stats</h1>"
        body +=
            "<p class=\"muted\">\(esc(owner.map { "Logbook of \($0.name)" } ?? "No owner set ([owner] name in the config): each flight's pilot counts")) · "
            + "\(esc(query.filter.summary))</p>"
        body +=
            "<ul class=\"cards\" aria-label=\"Totals\">"
            + [
                ("\(s.flown)", "flights"), (Self.hm(s.minutes), "hours"), ("\(s.launches)", "launches"),
                (Self.hm(s.picMinutes), "PIC"), (Self.hm(s.dualMinutes), "dual"),
                (Self.hm(s.instructorMinutes), "FI(S)"),
            ]
            .map { "<li><b>\($0.0)</b>\($0.1)</li>" }.joined() + "</ul>"
        if let others = s.othersHeadline { body += "<p class=\"muted\">\(esc(others))</p>" }
        if let note = statistics.leftOutNote { body += "<p class=\"muted\">\(esc(note))</p>" }
        body += "<h2>Recency on \(recency.asOf)</h2>"
        body += "<p class=\"muted\">EASA Part-SFCL, from all flights (not only these).</p><ul class=\"recency\">"
        for rule in [recency.passengers, recency.licence] + recency.launchMethods.map(\.rule) {
            body +=
                "<li>\(Self.badge(rule, asOf: recency.asOf)) <b>\(esc(rule.name))</b>"
                + "<br><span class=\"muted\">needs \(esc(rule.requirement)); has \(esc(rule.have))</span></li>"
        }
        body += "</ul>"
        if s.flights == 0 {
            body += "<p class=\"empty\">No flights match \(esc(query.filter.summary)).</p>"
        } else {
            body += table("Year", statistics.byYear.map { ("\($0.key)", $0.totals) } + [("Total", s)])
            body += table("Glider type", statistics.byGliderType.map { ($0.key, $0.totals) })
            body += table("Launch method", statistics.byLaunchMethod.map { ($0.key.words, $0.totals) })
        }
        return page(title: "Stats", current: "/stats", loggedIn: loggedIn, body: body)
    }

    private func table(_ title: String, _ rows: [(String, LogbookTotals)]) -> String {
        var html =
            "<h2>By \(title.lowercased())</h2><div class=\"scroll\"><table class=\"stats\"><tr><th>\(title)</th>"
            + ["Flown", "Launches", "Time", "PIC", "Dual", "FI(S)"].map { "<th>\($0)</th>" }.joined() + "</tr>"
        for (label, t) in rows {
            html +=
                "<tr><td>\(esc(label))</td>"
                + [
                    "\(t.flown)", "\(t.launches)", Self.hm(t.minutes), Self.hm(t.picMinutes), Self.hm(t.dualMinutes),
                    Self.hm(t.instructorMinutes),
                ].map { "<td>\($0)</td>" }.joined() + "</tr>"
        }
        return html + "</table></div>"
    }

    /// `current until 2026-08-01`, `lapsed 2026-03-02` or `not met`, as a coloured badge.
    static func badge(_ rule: Recency.Rule, asOf: CivilDate) -> String {
        guard let lapses = rule.lapses else { return "<b class=\"badge out\">not met</b>" }
        return rule.isCurrent
            ? "<b class=\"badge ok\">current until \(lapses)</b>" : "<b class=\"badge out\">lapsed \(lapses)</b>"
    }

    static func hm(_ minutes: Int64) -> String { hoursMinutes(minutes * 60_000) }
}
