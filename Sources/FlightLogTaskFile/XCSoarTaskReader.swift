import FlightLogCore

/// Reads an XCSoar task file (`.tsk`, XML; docs/TASKS.md "XCSoar task files"): `<Task type=… aat_min_time=…>`
/// with one `<Point type="Start|Turn|Area|Finish|OptionalStart">` per point, each a `<Waypoint name=…>` with its
/// `<Location latitude=… longitude=…/>` and an `<ObservationZone type=…/>`. Each zone type becomes the
/// ``TaskZone`` of XCSoar's geometry (`src/Task/Deserialiser.cpp`, `src/Engine/Task/ObservationZones/`).
///
/// A point that cannot be read (no waypoint, no name, no location, a coordinate out of range) refuses the whole
/// task, as leaving it out would change the task; what can be read differently (an unknown zone type, a size out of
/// range, an option not scored) is a warning and XCSoar's default.
package enum XCSoarTaskReader {
    /// Far more than a task of 101 points takes (about 300 bytes a point).
    package static let maxFileSize = 1 << 20
    /// Start, 99 turnpoints, finish: what a declaration (C records) holds.
    package static let maxPoints = 101
    /// XCSoar's sizes when a file gives none (`SectorDefaults`, the zones' constructors).
    static let defaultRadius: Meters = 10_000
    static let matRadius: Meters = 1609.344

    /// The task of `bytes`, called `name` (a `.tsk` file has no name of its own).
    /// - Throws: ``TaskFileProblem`` naming the line and what is wrong.
    package static func read(_ bytes: [UInt8], name: String? = nil) throws(TaskFileProblem) -> FlightTask {
        guard bytes.count <= maxFileSize else {
            throw TaskFileProblem(line: nil, "the file has \(bytes.count) bytes, more than a task file holds (1 MiB)")
        }
        let root = try TaskXML.parse(bytes)
        guard root.name == "Task" else {
            throw TaskFileProblem(
                line: root.line, "the file's element is <\(root.name.prefix(40))>, not an XCSoar <Task>")
        }
        var warnings: [String] = []
        let kind = kind(of: root, warnings: &warnings)
        var elements = root.children.filter { $0.name == "Point" }
        let optional = elements.filter { $0.attributes["type"] == "OptionalStart" }
        if let first = optional.first {
            warnings.append("line \(first.line): \(optional.count) optional start point(s) not scored: left out")
            elements.removeAll { $0.attributes["type"] == "OptionalStart" }
        }
        guard elements.count <= maxPoints else {
            throw TaskFileProblem(
                line: elements[maxPoints].line, "the task has \(elements.count) points, more than \(maxPoints)")
        }
        guard elements.count >= 2 else {
            throw TaskFileProblem(line: root.line, "the task has \(elements.count) points: a start and a finish needed")
        }
        var points: [TaskPoint] = []
        for (k, element) in elements.enumerated() {
            let role: Role = k == 0 ? .start : k == elements.count - 1 ? .finish : .turn
            points.append(try point(element, index: k + 1, role: role, warnings: &warnings))
        }
        for k in 1..<points.count where points[k].coordinate == points[k - 1].coordinate {
            warnings.append("leg \(k) from \(points[k - 1].name) to \(points[k].name) has no length")
        }
        var task = FlightTask(source: .file, kind: kind.kind, name: name, points: points, warnings: warnings)
        if kind.kind == .assignedArea { task.minimumTimeSeconds = minimumTime(root, warnings: &task.warnings) }
        return task
    }

    enum Role { case start, turn, finish }

    /// The task's kind from `type`, with a warning for the options flightlog does not score.
    static func kind(of root: TaskXML, warnings: inout [String]) -> (kind: FlightTask.Kind, type: String) {
        let type = root.attributes["type"] ?? "FAIGeneral"
        let kind: FlightTask.Kind
        switch type {
        case "AAT": kind = .assignedArea
        case "MAT":
            kind = .assignedArea
            warnings.append("line \(root.line): a modified area task (MAT) is scored as an assigned area task")
        case "RT", "FAIGeneral", "FAITriangle", "FAIOR", "FAIGoal", "Touring", "Mixed": kind = .racing
        default:
            kind = .racing
            warnings.append(
                "line \(root.line): task type \"\(type.prefix(20))\" is not XCSoar's: read as a racing task")
        }
        let unscored = [
            ("start_open_time", "start gate"), ("start_close_time", "start gate"), ("start_max_speed", "start speed"),
            ("start_max_height", "start height"), ("finish_min_height", "finish height"),
        ].filter { key, _ in
            guard let value = root.attributes[key]?.trimmingSpaces, !value.isEmpty else { return false }
            return Double(value).map { $0 != 0 } ?? true
        }
        if !unscored.isEmpty {
            warnings.append(
                "line \(root.line): not scored: "
                    + unscored.map { "\($0.0)=\(root.attributes[$0.0]!.prefix(12))" }
                    .joined(separator: ", "))
        }
        return (kind, type)
    }

    /// `aat_min_time` in whole seconds (XCSoar writes seconds), `nil` with a warning when absent or out of range.
    static func minimumTime(_ root: TaskXML, warnings: inout [String]) -> Int? {
        guard let text = root.attributes["aat_min_time"] else {
            warnings.append("line \(root.line): an assigned area task without aat_min_time: no minimum time")
            return nil
        }
        guard let seconds = Double(text.trimmingSpaces), seconds >= 1, seconds < 86_400 else {
            warnings.append(
                "line \(root.line): aat_min_time \"\(text.prefix(20))\" is not 1 s to 24 h: no minimum time")
            return nil
        }
        return Int(seconds.rounded())
    }

    /// One `<Point>`: its waypoint and zone.
    static func point(_ element: TaskXML, index: Int, role: Role, warnings: inout [String]) throws(TaskFileProblem)
        -> TaskPoint
    {
        func refuse(_ line: Int, _ what: String) -> TaskFileProblem {
            TaskFileProblem(line: line, "point \(index) \(what)")
        }
        guard let waypoint = element.child("Waypoint") else { throw refuse(element.line, "has no <Waypoint>") }
        guard let name = waypoint.attributes["name"] else {
            throw refuse(waypoint.line, "has a waypoint without a name")
        }
        guard let location = waypoint.child("Location") else { throw refuse(waypoint.line, "has no <Location>") }
        guard let latitude = number(location.attributes["latitude"]), (-90...90).contains(latitude) else {
            throw refuse(
                location.line, "has latitude \"\(location.attributes["latitude"]?.prefix(20) ?? "")\": not -90 to 90")
        }
        guard let longitude = number(location.attributes["longitude"]), (-180...180).contains(longitude) else {
            throw refuse(
                location.line,
                "has longitude \"\(location.attributes["longitude"]?.prefix(20) ?? "")\": not -180 to 180")
        }
        let shown = name.trimmingSpaces.isEmpty ? "point \(index)" : String(name.trimmingSpaces.prefix(100))
        let type = element.attributes["type"] ?? ""
        let expected = role == .start ? ["Start"] : role == .finish ? ["Finish"] : ["Turn", "Area"]
        if !expected.contains(type) {
            warnings.append(
                "line \(element.line): point \(index) is of type \"\(type.prefix(20))\": read as the "
                    + (role == .start ? "start" : role == .finish ? "finish" : "turnpoint \(index - 1)"))
        }
        let zone = zone(element.child("ObservationZone"), role: role, line: element.line, warnings: &warnings)
        if element.attributes["score_exit"].map({ $0 == "1" || $0 == "true" }) == true {
            warnings.append("line \(element.line): point \(index) scored on exit in XCSoar: scored on entry here")
        }
        return TaskPoint(name: shown, coordinate: Coordinate(latitude: latitude, longitude: longitude), zone: zone)
    }

    /// A decimal number as XCSoar's attributes hold them, `nil` unless finite.
    static func number(_ text: String?) -> Double? {
        guard let text, let value = Double(text.trimmingSpaces), value.isFinite else { return nil }
        return value
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
