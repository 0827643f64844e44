extension IGCFile {
    /// The declaration that counts for a flight that took off at `takeoff`: the last one (in file order) made
    /// before take-off; one without a date counts as made before. `nil` when there is none, or every one was made
    /// after take-off; the warnings say so, and say which counts when the file holds several. The task's own
    /// warnings come with it. With `takeoff` `nil`, the last one counts.
    package func declarationThatCounts(takeoff: UTCMillis?) -> (task: FlightTask?, warnings: [String]) {
        Self.declarationThatCounts(declarations, takeoff: takeoff)
    }

    /// ``declarationThatCounts(takeoff:)`` over any list of declarations (pure, for tests and other readers).
    package static func declarationThatCounts(_ declarations: [FlightTask], takeoff: UTCMillis?) -> (
        task: FlightTask?, warnings: [String]
    ) {
        guard !declarations.isEmpty else { return (nil, []) }
        let before = declarations.lastIndex { task in
            guard let takeoff, let declaredAt = task.declaredAt else { return true }
            return declaredAt <= takeoff
        }
        guard let before else {
            let first = declarations.compactMap(\.declaredAt).min() ?? 0
            let count = declarations.count
            return (
                nil,
                [
                    "\(count == 1 ? "the declaration was" : "all \(count) declarations were") made after take-off "
                        + "(from \(iso8601UTC(first))): none counts"
                ]
            )
        }
        var task = declarations[before]
        if declarations.count > 1 {
            let when = task.declaredAt.map { "the one made at \(iso8601UTC($0))" } ?? "the last one before take-off"
            let later = declarations.count - 1 - before
            task.warnings.insert(
                "file holds \(declarations.count) declarations; \(when) counts"
                    + (later > 0 ? " (\(later) made after take-off ignored)" : ""), at: 0)
        }
        return (task, task.warnings)
    }
}
