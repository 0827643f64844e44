import FlightLogCore

/// A flight's task scored on its track, with its words: `show`'s Task block and `show --json`'s `"task"`
/// (FlightLogText), the PDF report's task table (docs/TASKS.md).
package struct FlightTaskReport: Sendable {
    package var task: FlightTask
    /// `nil` when the task cannot be scored (``scoringProblem`` says why).
    package var score: TaskScore?
    package var scoringProblem: String?
    /// What the file's task reader noticed and the chosen task's own warnings.
    package var warnings: [String]

    /// The task that counts for `flight` (``FlightTask/counting(for:originalFile:declared:)``), scored against
    /// `fixes` (`extensions`: the recording's B-record extensions, where an engine sensor is; `analysis`: the
    /// flight's, whose release and engine runs the rules take). `nil` (with the reader's warnings) when there is none.
    package static func of(
        _ flight: Flight, fixes: [Fix], extensions: [FixExtension] = [], originalFile: [UInt8]?, declared: FlightTask?,
        analysis: FlightAnalysis? = nil
    ) -> (report: FlightTaskReport?, warnings: [String]) {
        let (chosen, fileWarnings) = FlightTask.counting(for: flight, originalFile: originalFile, declared: declared)
        guard let task = chosen else { return (nil, fileWarnings) }
        var warnings: [String] = []
        for w in fileWarnings + task.warnings where !warnings.contains(w) { warnings.append(w) }
        var report = FlightTaskReport(task: task, score: nil, scoringProblem: nil, warnings: warnings)
        do {
            let scoring = try TaskScoring(
                task: task, fixes: fixes, events: .of(flight, fixes: fixes, extensions: extensions, analysis: analysis))
            report.score = scoring.score(utcOffsetSeconds: flight.known(.utcOffset, flight.utcOffsetSeconds))
            report.task = scoring.task
        } catch { report.scoringProblem = "\(error)" }
        return (report, warnings)
    }

    /// The task in one line: its name, where it came from and the rules, when it was declared, an AAT's minimum
    /// time (`"Circle", declared in the file (scored by the FAI Sporting Code), declared 2016-05-04T07:29:24Z`).
    package var title: String {
        var head = task.name.map { "\"\($0)\"" } ?? "unnamed"
        head += ", " + sourceWords
        if let at = task.declaredAt { head += ", declared \(iso8601UTC(at))" }
        if let opens = startOpensWords { head += ", start opens \(opens) local" }
        if task.kind == .assignedArea {
            head += ", assigned area"
            if let t = task.minimumTimeSeconds { head += " (minimum time \(t / 3600):\(twoDigits(t / 60 % 60)))" }
        }
        return head
    }

    /// The start gate (`NoStart`) as the task gives it, `HH:MM:SS` local time; `nil` without one.
    package var startOpensWords: String? {
        task.startOpensSeconds.map { "\(twoDigits($0 / 3600)):\(twoDigits($0 / 60 % 60)):\(twoDigits($0 % 60))" }
    }

    /// When point `k` was reached (`10:18:34 local`, or `UTC` without the offset), `missed`, or `not scored`.
    package func reachedWords(_ k: Int, utcOffsetSeconds offset: Int?) -> String {
        guard let score else { return "not scored" }
        guard let reached = score.reached[k] else { return "missed" }
        let clock = CivilDateTime(utc: reached.millis, offsetSeconds: offset ?? 0).hourMinuteSecond
        return "\(clock) \(offset == nil ? "UTC" : "local")"
    }

    /// Where the task came from and the rules that scored it, in words.
    package var sourceWords: String {
        let rules = TaskRules.for(task) == .sportingCode ? "FAI Sporting Code" : "its zones as given"
        switch task.source {
        case .declaration: return "declared in the file (scored by the \(rules))"
        case .competition: return "competition task of the file (scored by \(rules))"
        case .file: return "declared task (scored by \(rules))"
        }
    }

    /// `Completed: 44.1 km at 105.3 km/h` or `Not completed: … scored; <the reason>`, as `show` and the report say it.
    package var resultWords: String {
        guard let score else { return "Not scored: " + (scoringProblem ?? "") }
        var words: String
        if score.completed {
            words = "Completed: \(decimal(score.achievedKm ?? score.distanceKm, 1)) km"
            if let speed = score.speedKmh { words += " at \(decimal(speed, 1)) km/h" }
            if let note = score.note { words += "; " + note }
        } else {
            words = "Not completed: \(decimal(score.scoredKm, 1)) of \(decimal(score.distanceKm, 1)) km scored"
            if let reason = score.reason { words += "; " + reason }
        }
        if let nominal = score.nominalKm { words += " (nominal \(decimal(nominal, 1)) km)" }
        if !score.proven { words += " (best found: the search reached its work bound)" }
        return words
    }

    /// Point `k`'s zone as the rules score it: `line 1 km`, `cylinder 500 m`, `sector 90°, 10 km`, `keyhole: …`;
    /// a declaration's turnpoint `500 m cylinder or FAI 90° sector` (Sporting Code); an AAT's turnpoint `area: …`.
    package func zoneWords(_ k: Int) -> String {
        let isTurn = k > 0 && k < task.points.count - 1
        if isTurn && TaskRules.for(task) == .sportingCode { return "500 m cylinder or FAI 90° sector" }
        func length(_ m: Meters) -> String { m < 1000 ? "\(decimal(m, 0)) m" : "\(trimmed(m / 1000)) km" }
        func sector(_ radius: Meters?, _ half: Degrees) -> String {
            if half >= 180 { return "cylinder " + (radius.map(length) ?? "") }
            return "sector \(trimmed(2 * half))°" + (radius.map { ", " + length($0) } ?? ", unbounded")
        }
        let zone = task.points[k].zone
        var words: String
        if zone.isLine {
            words = "line " + (zone.radius.map { length(2 * $0) } ?? "")
        } else if let inner = zone.innerRadius {
            words =
                "keyhole: " + sector(zone.radius, zone.halfAngle) + " and "
                + sector(inner, zone.innerHalfAngle ?? 180)
        } else {
            words = sector(zone.radius, zone.halfAngle)
        }
        return isTurn && task.kind == .assignedArea ? "area: " + words : words
    }

    /// A figure with one decimal, without `.0`.
    private func trimmed(_ x: Double) -> String {
        let text = decimal(x, 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// `start`, `turnpoint N` or `finish`: point `k`'s role.
    package func role(_ k: Int) -> String {
        k == 0 ? "start" : k == task.points.count - 1 ? "finish" : "turnpoint \(k)"
    }

    private func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

extension FlightTaskReport {
    /// `task` not scored: its words without a flight (`flightlog task show`'s zones).
    package init(unscored task: FlightTask) {
        self.init(task: task, score: nil, scoringProblem: nil, warnings: task.warnings)
    }
}
