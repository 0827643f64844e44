import FlightLogCore

/// A flight scored against its task: what `show --json` prints as "task" (docs/TASKS.md, "Scoring"). Times are
/// ISO 8601 UTC text; distances on the FAI sphere (R = 6371 km), kilometres.
package struct TaskScore: Sendable, Hashable, Codable {
    /// One point reached: where and when (interpolated between fixes where the rules allow, see docs/TASKS.md).
    package struct Reached: Sendable, Hashable, Codable {
        package var name: String
        package var time: String
        package var latitude: Degrees
        package var longitude: Degrees
        /// The same instant in milliseconds, for the code (not in the JSON).
        package var millis: UTCMillis = 0

        enum CodingKeys: String, CodingKey { case name, time, latitude, longitude }

        init(name: String, millis: UTCMillis, at c: Coordinate) {
            self.name = name
            self.time = iso8601UTC(millis)
            self.latitude = (c.latitude * 1e7).rounded() / 1e7
            self.longitude = (c.longitude * 1e7).rounded() / 1e7
            self.millis = millis
        }
    }

    package var completed: Bool
    package var startTime: String?
    package var finishTime: String?
    /// Task distance (AAT: the achieved distance) over the task time (AAT: at least the minimum time).
    package var speedKmh: Double?
    /// One entry per task point, `nil` where it was not reached.
    package var reached: [Reached?]
    /// The task's distance between its points.
    package var distanceKm: Double
    /// AAT only: the distance through the areas' centres and through the achieved points.
    package var nominalKm: Double?
    package var achievedKm: Double?
    /// The distance the rules count: the task's (AAT: the achieved) when completed, else as docs/TASKS.md says.
    package var scoredKm: Double
    /// In words, why the task was not completed; `nil` when it was.
    package var reason: String?
    /// In words, a start or end the Sporting Code's options gave (`started at the release point, 14:02 local`,
    /// `engine run at 14:31 local ended the task`); `nil` for a start by the start's zone and no engine run.
    package var note: String? = nil
    /// Which rules scored it.
    package var rules: TaskRules
    /// `false` when a bound cut the work short (more restarts than the budget): the best found, not proven best.
    package var proven: Bool
}

extension TaskScore {
    /// Kilometres rounded to metres, so the JSON does not print float noise.
    static func km(_ metres: Meters) -> Double { (metres / 1000 * 1000).rounded() / 1000 }
}
