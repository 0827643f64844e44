extension StatusSummary {
    /// The terminal text of `flightlog status`: the headline, the problems, then each section's rows with their
    /// labels in one column. Values are as the status file holds them: the caller makes control characters visible.
    ///
    /// ```text
    /// Recording, in flight since 14:04
    ///
    /// GPS
    ///   Fix:                3D fix, 9 satellites
    ///   Last fix:           1 s ago, at 12:10:03 UTC
    /// ```
    package var text: String {
        var lines = [headline]
        if !problems.isEmpty {
            lines.append("")
            for problem in problems {
                lines.append("Problem: " + problem.what)
                lines.append("  What to do: " + problem.todo)
            }
        }
        // One column for every label ("Pressure altitude:" the longest), the same whatever the sections hold.
        let width = max(18, sections.flatMap(\.rows).map { $0.label.count + 1 }.max() ?? 0)
        for section in sections {
            lines.append("")
            lines.append(section.title)
            for row in section.rows {
                let label = row.label + ":" + String(repeating: " ", count: max(0, width - row.label.count - 1))
                let value = row.link.map { link in
                    link.hasPrefix("/flights/") ? row.value + " (flightlog show \(link.dropFirst(9)))" : row.value
                }
                lines.append("  \(label)  \(value ?? row.value)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
