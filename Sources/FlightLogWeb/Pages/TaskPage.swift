import FlightLogAnalysis
import FlightLogCore

/// The flight page's Task section: `show`'s Task block (``TaskSummary``, worded by FlightLogText) laid out as a
/// heading line, a table of the points and when each was reached, the result and the warnings.
package enum TaskSection {
    static let mapCaption =
        " The task: dashed legs, each zone as its true shape (green: reached, red: missed), a ring on each of its"
        + " points and a green dot where the track reached it."

    static func html(_ s: TaskSummary) -> String {
        let head = s.head.hasPrefix("Task: ") ? String(s.head.dropFirst(6)) : s.head
        var html = "<h2>Task</h2><section id=\"task\"><p>\(esc(head))</p>"
        if !s.rows.isEmpty {
            html += "<table class=\"task\"><tr><th>Point</th><th>Name</th><th>Reached</th></tr>"
            for row in s.rows {
                let missed = row.when == "missed" ? " class=\"missed\"" : ""
                html += "<tr><td>\(esc(row.role))</td><td>\(esc(row.name))</td><td\(missed)>\(esc(row.when))</td></tr>"
            }
            html += "</table>"
        }
        if !s.result.isEmpty {
            html += "<p class=\"task-result \(s.completed ? "ok" : "warn")\">\(esc(s.result))</p>"
        }
        if !s.warnings.isEmpty {
            html += "<ul class=\"muted\">" + s.warnings.map { "<li>warning: \(esc($0))</li>" }.joined() + "</ul>"
        }
        return html + "</section>"
    }

    static let stylesheet = """
        table.task{border-collapse:collapse;width:100%;font-size:.95rem}
        table.task td,table.task th{border-bottom:1px solid var(--line);padding:.3rem .3rem;text-align:left;\
        vertical-align:top;overflow-wrap:anywhere}
        table.task th{color:var(--muted);overflow-wrap:normal;white-space:nowrap}
        table.task td:first-child{overflow-wrap:normal;white-space:nowrap}
        table.task td.missed{color:var(--warn);font-weight:700}
        .task-result{font-weight:700;margin:.5rem 0}
        .task-result.ok{color:var(--ok)}
        .task-result.warn{color:var(--warn)}
        ol.draft{padding:0;margin:.5rem 0;list-style:none;border-top:1px solid var(--line)}
        ol.draft li{display:flex;flex-wrap:wrap;align-items:center;gap:.3rem .5rem;padding:.35rem 0;\
        border-bottom:1px solid var(--line)}
        ol.draft .what{flex:1 1 12rem;min-width:0;overflow-wrap:anywhere}
        ol.draft .role{color:var(--muted);font-weight:600;margin-right:.3rem}
        ol.draft button{min-width:44px;padding:0 .6rem}
        ul.candidates{padding:0;list-style:none;margin:.5rem 0}
        ul.candidates li{margin:.3rem 0}
        ul.candidates button{text-align:left;min-height:44px;height:auto;padding:.3rem .8rem;overflow-wrap:anywhere}
        form.find{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:.5rem 0}
        form.find label{flex:1 1 12rem}
        """
}

/// `/task` on a glider's `flightlog serve` (docs/TASKS.md, "On the phone"): the pending declaration with its map
/// and legs, and a task being built from the shipped airfields and the pilots' CUP waypoints. The task being built
/// travels in the page's forms (``draftField``: one place name a line, names `task declare --points` takes), so
/// every step (find, add, move, remove) is a plain GET and declaring one plain POST: no script.
package struct TaskPage {
    /// A place of the task being built: the name that finds it (``draftField``), its label and where it is.
    package struct Place: Sendable {
        package var key: String
        package var label: String
        package var coordinate: Coordinate

        package init(key: String, label: String, coordinate: Coordinate) {
            (self.key, self.label, self.coordinate) = (key, label, coordinate)
        }
    }

    /// What the search field found: added, several (choose one), or none (with names that come close).
    package enum Found: Sendable {
        case added(String)
        case several(query: String, [Place])
        case unknown(query: String, [Place])
    }

    /// The form field of the task being built: its places' names, one a line.
    package static let draftField = "points"

    package var pending: FlightTask?
    package var pendingMap: String?
    package var draft: [Place]
    package var draftMap: String?
    package var found: Found?
    package var error: String?
    package var notice: String?
    /// The session's CSRF token when this viewer may declare (logged in, editing on); nil: no declare button.
    package var csrfToken: String?
    package var editingEnabled: Bool
    package var loggedIn: Bool

    package init(
        pending: FlightTask?, pendingMap: String?, draft: [Place], draftMap: String?, found: Found? = nil,
        error: String? = nil, notice: String? = nil, csrfToken: String?, editingEnabled: Bool, loggedIn: Bool
    ) {
        (self.pending, self.pendingMap, self.draft, self.draftMap) = (pending, pendingMap, draft, draftMap)
        (self.found, self.error, self.notice, self.csrfToken) = (found, error, notice, csrfToken)
        (self.editingEnabled, self.loggedIn) = (editingEnabled, loggedIn)
    }

    /// `start`, `TP1` …, `finish`: the roles `flightlog task show` gives.
    static func role(_ k: Int, of count: Int) -> String { k == 0 ? "start" : k == count - 1 ? "finish" : "TP\(k)" }

    /// The legs and the total on the FAI sphere, as `flightlog task show` gives them.
    /// `zones`: each point's zone in words, for a task file's own zones (a Zone column).
    static func legs(_ places: [(name: String, coordinate: Coordinate)], zones: [String]? = nil) -> String {
        let task = FlightTask(
            source: .file,
            points: places.map { TaskPoint(name: $0.name, coordinate: $0.coordinate, zone: .faiTurnpoint) })
        let legs = task.legDistances()
        var html = "<table class=\"task\"><tr><th>Point</th><th>Name</th>"
        html += (zones == nil ? "" : "<th>Zone</th>") + "<th>Leg</th></tr>"
        for (k, place) in places.enumerated() {
            let leg = k == 0 ? "" : "\(decimal(legs[k - 1] / 1000, 1)) km"
            let zone = zones.map { k < $0.count ? "<td>\(esc($0[k]))</td>" : "<td></td>" } ?? ""
            html += "<tr><td>\(role(k, of: places.count))</td><td>\(esc(place.name))</td>\(zone)<td>\(leg)</td></tr>"
        }
        return html + "</table><p><b>Total: \(decimal(legs.reduce(0, +) / 1000, 1)) km</b> "
            + "<span class=\"muted\">(FAI sphere, R = 6371 km)</span></p>"
    }

    package func render() -> String {
        var body = "<h1>Task</h1>"
        body +=
            "<p class=\"muted\">Declare the task of your next flight: flightlogd writes it into the next flight "
            + "it records that takes off after the declaration (its IGC file's C records, signed with it).</p>"
        if let notice { body += "<p class=\"notice\" role=\"status\">\(esc(notice))</p>" }
        if let error { body += "<p class=\"error\" role=\"alert\">\(esc(error))</p>" }
        body += "<h2>Declared</h2>"
        if let pending {
            if let name = pending.name { body += "<p><b>\(esc(name))</b></p>" }
            // A task file's own zones (an XCSoar .tsk, a CUP task's ObsZone lines) are drawn and named as given.
            let words = pending.hasDeclarationZones ? nil : FlightTaskReport(unscored: pending)
            if pending.kind == .assignedArea {
                let time = pending.minimumTimeSeconds.map {
                    ", minimum time \($0 / 3600):\($0 / 600 % 6)\($0 / 60 % 10)"
                }
                body += "<p>Assigned area task\(time ?? "")</p>"
            }
            let caption = words == nil ? Self.mapCaption : Self.ownZonesCaption
            body += pendingMap.map { "<figure>\($0)<figcaption>\(caption)</figcaption></figure>" } ?? ""
            body += Self.legs(
                pending.points.map { ($0.name, $0.coordinate) },
                zones: words.map { w in pending.points.indices.map { w.zoneWords($0) } })
            body +=
                pending.declaredAt.map { "<p>Declared at \(iso8601UTC($0)) (GPS time).</p>" }
                ?? "<p>No GPS time yet: flightlogd stamps the declaration with its first GPS time.</p>"
            if let csrfToken {
                body +=
                    "<form method=\"post\" action=\"/task/clear\" class=\"actions\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"\(esc(csrfToken))\">"
                    + "<button type=\"submit\" class=\"secondary\">Clear the declared task</button></form>"
            }
        } else {
            body += "<p class=\"empty\">No task is declared.</p>"
        }
        body += "<h2>New task</h2>" + builder()
        return page(title: "Task", current: "/task", loggedIn: loggedIn, body: body)
    }

    package static let mapCaption =
        "Dashed legs; start and finish 1 km lines, turnpoints the FAI 90° sector or 500 m cylinder. North is up."
    /// The caption of a declared task with its task file's own zones.
    package static let ownZonesCaption = "Dashed legs; each zone as the task file gives it (below). North is up."

    /// The task being built: the search field, the places with their buttons, its map and legs, the declare form.
    private func builder() -> String {
        let keys = esc(draft.map(\.key).joined(separator: "\n"))
        var html = "<form class=\"find\" method=\"get\" action=\"/task\">"
        html += "<input type=\"hidden\" name=\"\(Self.draftField)\" value=\"\(keys)\">"
        html +=
            "<label>Add a turnpoint<input name=\"find\" maxlength=\"\(WebLimits.maxFieldCharacters)\" "
            + "placeholder=\"code or name, e.g. EDKA\" autocomplete=\"off\"></label>"
        // The first button is the one Enter presses in the search field.
        html += "<button type=\"submit\" name=\"op\" value=\"find\">Add</button>"
        switch found {
        case .added(let label): html += "<p class=\"notice\" role=\"status\">Added \(esc(label)).</p>"
        case .several(let query, let places):
            html += "<p class=\"error\" role=\"alert\">'\(esc(query))' matches \(places.count) places: which one?</p>"
            html += candidates(places)
        case .unknown(let query, let places):
            html += "<p class=\"error\" role=\"alert\">No airfield or waypoint is called '\(esc(query))'."
            html +=
                places.isEmpty ? " Give its code or its name as the airfield list has it.</p>" : " Did you mean:</p>"
            html += candidates(places)
        case nil: break
        }
        if draft.isEmpty {
            html += "<p class=\"muted\">Add the start first, then each turnpoint, then the finish.</p></form>"
            return html
        }
        html += "<ol class=\"draft\">"
        for (k, place) in draft.enumerated() {
            html += "<li><span class=\"what\"><span class=\"role\">\(Self.role(k, of: draft.count))</span>"
            html += "\(esc(place.label))</span>"
            if k > 0 { html += button("up:\(k)", "↑", "Move \(place.label) up") }
            if k < draft.count - 1 { html += button("down:\(k)", "↓", "Move \(place.label) down") }
            html += button("remove:\(k)", "✕", "Remove \(place.label)") + "</li>"
        }
        html += "</ol></form>"
        guard draft.count >= 2 else {
            return html + "<p class=\"muted\">A task needs at least a start and a finish.</p>"
        }
        html += draftMap.map { "<figure>\($0)<figcaption>\(Self.mapCaption)</figcaption></figure>" } ?? ""
        html += Self.legs(draft.map { ($0.label, $0.coordinate) })
        guard editingEnabled else {
            return html + "<p class=\"muted\">Declaring needs the edit password ([server] password_hash).</p>"
        }
        guard let csrfToken else {
            return html
                + "<p><a class=\"button\" href=\"\(LoginTarget.loginPath(next: "/task"))\">Log in to declare</a></p>"
        }
        html += "<form method=\"post\" action=\"/task\" class=\"actions\">"
        html += "<input type=\"hidden\" name=\"csrf\" value=\"\(esc(csrfToken))\">"
        html += "<input type=\"hidden\" name=\"\(Self.draftField)\" value=\"\(keys)\">"
        html += "<button type=\"submit\">Declare this task</button></form>"
        return html
    }

    private func button(_ op: String, _ text: String, _ label: String) -> String {
        "<button type=\"submit\" class=\"secondary\" name=\"op\" value=\"\(op)\" aria-label=\"\(esc(label))\" "
            + "title=\"\(esc(label))\">\(text)</button>"
    }

    /// Each place as a button that adds it (in the search form: the task being built goes along).
    private func candidates(_ places: [Place]) -> String {
        guard !places.isEmpty else { return "" }
        return "<ul class=\"candidates\">"
            + places.map { p in
                "<li><button type=\"submit\" class=\"secondary\" name=\"add\" value=\"\(esc(p.key))\">"
                    + "\(esc(p.label)) <span class=\"muted\">\(esc(p.coordinate.shortText))</span></button></li>"
            }.joined() + "</ul>"
    }
}
