import FlightLogAnalysis
import FlightLogCore

/// A flight's task scored on its track: `show`'s Task block and `show --json`'s `"task"` (docs/TASKS.md).
package struct FlightTaskReport: Sendable {
    package var task: FlightTask
    /// `nil` when the task cannot be scored (``scoringProblem`` says why).
    package var score: TaskScore?
    package var scoringProblem: String?
    /// What the file's task reader noticed and the chosen task's own warnings.
    package var warnings: [String]

    /// The task that counts for `flight`, scored against `fixes`: the competition task of its original IGC file
    /// when there is one, else the file's declaration that counts for its take-off, else `declared` (the task it
    /// was declared with when recorded here). `nil` (with the reader's warnings) when there is none.
    package static func of(
        _ flight: Flight, fixes: [Fix], originalFile: [UInt8]?, declared: FlightTask?
    ) -> (report: FlightTaskReport?, warnings: [String]) {
        var fileWarnings: [String] = []
        var chosen: FlightTask?
        if let originalFile, let file = try? IGCReader.read(originalFile) {
            fileWarnings = file.taskWarnings
            if let competition = file.competitionTask {
                chosen = competition
            } else {
                let counts = file.declarationThatCounts(takeoff: flight.known(.takeoffTime, flight.takeoffTime))
                chosen = counts.task
                if counts.task == nil { fileWarnings += counts.warnings }
            }
        }
        guard let task = chosen ?? declared else { return (nil, fileWarnings) }
        var warnings: [String] = []
        for w in fileWarnings + task.warnings where !warnings.contains(w) { warnings.append(w) }
        var report = FlightTaskReport(task: task, score: nil, scoringProblem: nil, warnings: warnings)
        do {
            let scoring = try TaskScoring(task: task, fixes: fixes)
            report.score = scoring.score(utcOffsetSeconds: flight.known(.utcOffset, flight.utcOffsetSeconds))
        } catch { report.scoringProblem = "\(error)" }
        return (report, warnings)
    }

    /// `show`'s Task block for what ``of(_:fixes:originalFile:declared:)`` found; `nil` when the flight has no task
    /// and the file's reader noticed nothing.
    package static func block(_ found: (report: FlightTaskReport?, warnings: [String]), flight: Flight) -> String? {
        if let report = found.report { return report.block(flight: flight) }
        guard !found.warnings.isEmpty else { return nil }
        return ([noneCounts] + found.warnings.map { "  warning: " + terminalSafe($0) }).joined(separator: "\n")
    }

    /// The words of ``block(_:flight:)`` for a view that lays them out itself; `nil` where the block is.
    package static func summary(_ found: (report: FlightTaskReport?, warnings: [String]), flight: Flight)
        -> TaskSummary?
    {
        if let report = found.report { return report.summary(flight: flight) }
        guard !found.warnings.isEmpty else { return nil }
        return TaskSummary(head: noneCounts, rows: [], result: "", completed: false, warnings: found.warnings)
    }

    /// The heading when the file's task lines were there but none counts for the flight.
    static let noneCounts = "Task: none counts"

    /// `show`'s Task block: the task, one line per point (reached at, or missed), the result, the warnings.
    package func block(flight: Flight) -> String {
        let words = summary(flight: flight)
        var lines = [words.head]
        let names = words.rows.map { terminalSafe($0.name) }
        let roleWidth = words.rows.map(\.role.count).max() ?? 0, nameWidth = names.map(\.count).max() ?? 0
        for (row, name) in zip(words.rows, names) {
            lines.append("  \(fit(row.role, roleWidth)) \(fit(name, nameWidth)) \(row.when)")
        }
        lines.append("  " + words.result)
        lines += words.warnings.map { "  warning: " + terminalSafe($0) }
        return lines.joined(separator: "\n")
    }

    /// The Task block's words (the heading, a row per point, the result, the warnings) for a view that lays them
    /// out itself: the phone's flight page.
    package func summary(flight: Flight) -> TaskSummary {
        var head = "Task: " + (task.name.map { "\"\($0)\"" } ?? "unnamed")
        head += ", " + sourceWords
        if let at = task.declaredAt { head += ", declared \(iso8601UTC(at))" }
        if task.kind == .assignedArea {
            head += ", assigned area"
            if let t = task.minimumTimeSeconds { head += " (minimum time \(t / 3600):\(twoDigits(t / 60 % 60)))" }
        }
        let offset = flight.known(.utcOffset, flight.utcOffsetSeconds)
        let rows = task.points.indices.map { k in
            var when = "missed"
            if let reached = score?.reached[k] {
                let clock = CivilDateTime(utc: reached.millis, offsetSeconds: offset ?? 0).hourMinuteSecond
                when = "\(clock) \(offset == nil ? "UTC" : "local")"
            }
            if score == nil { when = "not scored" }
            return TaskSummary.Row(role: role(k), name: task.points[k].name, when: when)
        }
        return TaskSummary(
            head: head, rows: rows, result: resultWords, completed: score?.completed ?? false, warnings: warnings)
    }

    private var sourceWords: String {
        let rules = TaskRules.for(task) == .sportingCode ? "FAI Sporting Code" : "its zones as given"
        switch task.source {
        case .declaration: return "declared in the file (scored by the \(rules))"
        case .competition: return "competition task of the file (scored by \(rules))"
        case .file: return "declared task (scored by \(rules))"
        }
    }

    private var resultWords: String {
        guard let score else { return "Not scored: " + (scoringProblem ?? "") }
        var words: String
        if score.completed {
            words = "Completed: \(decimal(score.achievedKm ?? score.distanceKm, 1)) km"
            if let speed = score.speedKmh { words += " at \(decimal(speed, 1)) km/h" }
        } else {
            words = "Not completed: \(decimal(score.scoredKm, 1)) of \(decimal(score.distanceKm, 1)) km scored"
            if let reason = score.reason { words += "; " + terminalSafe(reason) }
        }
        if let nominal = score.nominalKm { words += " (nominal \(decimal(nominal, 1)) km)" }
        if !score.proven { words += " (best found: the search reached its work bound)" }
        return words
    }

    private func role(_ k: Int) -> String {
        k == 0 ? "start" : k == task.points.count - 1 ? "finish" : "turnpoint \(k)"
    }

    private func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
