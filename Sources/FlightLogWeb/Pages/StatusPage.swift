import FlightLogCore

/// The recorder's status as the phone shows it: the ``StatusSummary`` headline first (coloured by its tone), the
/// problems with what to do, then one definition list per section. The lists wrap: a value that does not fit
/// beside its label goes below it, so nothing scrolls sideways or overlaps at 320 px.
package struct StatusPage {
    var summary: StatusSummary
    /// The rows of a status file this version cannot read, shown folded away for whoever looks into it.
    var unreadableRows: [(String, String)]
    var loggedIn: Bool

    package init(summary: StatusSummary, unreadableRows: [(String, String)] = [], loggedIn: Bool) {
        self.summary = summary
        self.unreadableRows = unreadableRows
        self.loggedIn = loggedIn
    }

    package func render() -> String {
        var body = "<h1 class=\"headline \(summary.tone.rawValue)\">\(esc(summary.headline))</h1>"
        if !summary.problems.isEmpty {
            body += "<ul class=\"problems\">"
            for problem in summary.problems {
                body += "<li><b>\(esc(problem.what))</b> \(esc(problem.todo))</li>"
            }
            body += "</ul>"
        }
        for section in summary.sections {
            body += "<h2>\(esc(section.title))</h2><dl class=\"status\">"
            for row in section.rows {
                let value = row.link.map { "<a href=\"\(esc($0))\">\(esc(row.value))</a>" } ?? esc(row.value)
                body += "<div><dt>\(esc(row.label))</dt><dd>\(value)</dd></div>"
            }
            body += "</dl>"
        }
        if !unreadableRows.isEmpty {
            body += "<details class=\"raw\"><summary>What the status file holds</summary><dl class=\"status\">"
            body += unreadableRows.map { "<div><dt>\(esc($0.0))</dt><dd>\(esc($0.1))</dd></div>" }.joined()
            body += "</dl></details>"
        }
        return page(title: "Status", current: "/status", loggedIn: loggedIn, body: body)
    }

    /// The status page's own rules (in every page's stylesheet; the page frame has one).
    static let stylesheet = """
        .headline{font-size:1.3rem;margin:.6rem 0;padding:.55rem .8rem;border-radius:8px;background:var(--card);\
        border-left:7px solid var(--ok)}
        .headline.warning{border-left-color:var(--warn)}
        .headline.stopped{border-left-color:var(--warn);color:var(--warn)}
        ul.problems{list-style:none;margin:.5rem 0;padding:0}
        ul.problems li{margin:.4rem 0;padding:.5rem .8rem;border-left:5px solid var(--warn);border-radius:6px;\
        background:var(--card);overflow-wrap:anywhere}
        ul.problems b{display:block;color:var(--warn)}
        dl.status{margin:.25rem 0}
        dl.status div{display:flex;flex-wrap:wrap;column-gap:.75rem;padding:.3rem 0;border-bottom:1px solid var(--line)}
        dl.status dt{flex:0 0 8.5rem;color:var(--muted);font-weight:600}
        dl.status dd{flex:1 1 11rem;min-width:0;margin:0;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
        details.raw{margin:1rem 0}details.raw summary{min-height:44px;display:flex;align-items:center;cursor:pointer}
        """
}
