import FlightLogCore

/// `list --task` (flights with a declared task) and `--task-completed` (only those whose task was completed): not
/// a ``FlightFilter`` criterion, since it needs each flight's task result, which `list` reads from the logbook.
package enum TaskChoice: Sendable, Hashable {
    case declared, completed

    /// From the two flags; `--task-completed` alone is enough, with `--task` it is the same.
    package init?(task: Bool, completed: Bool) {
        guard task || completed else { return nil }
        self = completed ? .completed : .declared
    }

    /// Whether a flight whose task result says `completed` (nil: no task) is chosen.
    package func keeps(completed: Bool?) -> Bool {
        guard let completed else { return false }
        return self == .declared || completed
    }

    /// `flights` without those this choice leaves out; `completed`: each flight's task completion by id (a flight
    /// not in it has no task).
    package func chosen(_ flights: [Flight], completed: [Int64: Bool]) -> [Flight] {
        flights.filter { keeps(completed: $0.id.flatMap { completed[$0] }) }
    }

    /// What `list` says when no flight is left: "No flights yet." when nothing at all was chosen away, else "No
    /// flights match: …" with the filter, the owner and this choice.
    package static func nothingListed(_ choice: TaskChoice?, owner: OwnerChoice, filter: FlightFilter) -> String {
        guard let choice else {
            return owner.choosesAll(filter) ? "No flights yet." : "No flights match: \(owner.summary(filter))."
        }
        let others = owner.choosesAll(filter) ? "" : owner.summary(filter) + " · "
        return "No flights match: \(others)\(choice == .declared ? "with a declared task" : "declared task completed")."
    }
}
