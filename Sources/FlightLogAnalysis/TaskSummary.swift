import FlightLogCore

/// A flight's task result in words, as `show`'s Task block words it (FlightLogText's `FlightTaskReport` fills it:
/// the one owner of the wording); a view that lays the words out itself, such as the phone's flight page, takes
/// this instead of the block's text.
package struct TaskSummary: Sendable, Hashable {
    /// One task point: its role (`start`, `turnpoint 2`, `finish`), name, and when it was reached (`14:31:05
    /// local`), `missed` or `not scored`.
    package struct Row: Sendable, Hashable {
        package var role: String
        package var name: String
        package var when: String

        package init(role: String, name: String, when: String) {
            (self.role, self.name, self.when) = (role, name, when)
        }
    }

    /// `Task: "300 km FAI", declared in the file (scored by the FAI Sporting Code), declared …`.
    package var head: String
    package var rows: [Row]
    /// `Completed: 301.2 km at 84.0 km/h`, or `Not completed: …` with the distance scored and the reason.
    package var result: String
    package var completed: Bool
    package var warnings: [String]

    package init(head: String, rows: [Row], result: String, completed: Bool, warnings: [String]) {
        (self.head, self.rows, self.result, self.completed, self.warnings) = (head, rows, result, completed, warnings)
    }
}
