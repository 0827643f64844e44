import FlightLogAnalysis
import FlightLogCore

/// `show`'s Task block (docs/TASKS.md, "In show"); the report itself and its words are in FlightLogAnalysis.
extension FlightTaskReport {
    /// `show`'s Task block for what ``of(_:fixes:originalFile:declared:)`` found; `nil` when the flight has no task
    /// and the file's reader noticed nothing.
    package static func block(_ found: (report: FlightTaskReport?, warnings: [String]), flight: Flight) -> String? {
        if let report = found.report { return report.block(flight: flight) }
        guard !found.warnings.isEmpty else { return nil }
        return (["Task: none counts"] + found.warnings.map { "  warning: " + terminalSafe($0) }).joined(separator: "\n")
    }

    /// `show`'s Task block: the task, one line per point (reached at, or missed), the result, the warnings.
    package func block(flight: Flight) -> String {
        var lines = ["Task: " + terminalSafe(title)]
        let offset = flight.known(.utcOffset, flight.utcOffsetSeconds)
        let names = task.points.map { terminalSafe($0.name) }
        let roles = task.points.indices.map { role($0) }
        let roleWidth = roles.map(\.count).max() ?? 0, nameWidth = names.map(\.count).max() ?? 0
        for k in task.points.indices {
            let when = reachedWords(k, utcOffsetSeconds: offset)
            lines.append("  \(fit(roles[k], roleWidth)) \(fit(names[k], nameWidth)) \(when)")
        }
        lines.append("  " + terminalSafe(resultWords))
        lines += warnings.map { "  warning: " + terminalSafe($0) }
        return lines.joined(separator: "\n")
    }
}
