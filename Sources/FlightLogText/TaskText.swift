import FlightLogAnalysis
import FlightLogCore

/// `show`'s Task block (docs/TASKS.md, "In show"); the report itself and its words are in FlightLogAnalysis.
extension FlightTaskReport {
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
        var lines = [terminalSafe(words.head)]
        let names = words.rows.map { terminalSafe($0.name) }
        let roleWidth = words.rows.map(\.role.count).max() ?? 0, nameWidth = names.map(\.count).max() ?? 0
        for (row, name) in zip(words.rows, names) {
            lines.append("  \(fit(row.role, roleWidth)) \(fit(name, nameWidth)) \(row.when)")
        }
        lines.append("  " + terminalSafe(words.result))
        lines += words.warnings.map { "  warning: " + terminalSafe($0) }
        return lines.joined(separator: "\n")
    }

    /// The Task block's words (the heading, a row per point, the result, the warnings) for a view that lays them
    /// out itself: the phone's flight page.
    package func summary(flight: Flight) -> TaskSummary {
        let offset = flight.known(.utcOffset, flight.utcOffsetSeconds)
        let rows = task.points.indices.map { k in
            TaskSummary.Row(role: role(k), name: task.points[k].name, when: reachedWords(k, utcOffsetSeconds: offset))
        }
        return TaskSummary(
            head: "Task: " + title, rows: rows, result: resultWords, completed: score?.completed ?? false,
            warnings: warnings)
    }
}
