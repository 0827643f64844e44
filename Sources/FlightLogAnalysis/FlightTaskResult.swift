import FlightLogCore

/// Which task counts for a flight (docs/TASKS.md, "In show"): the one rule for `show`, `list` and the PDF report.
extension FlightTask {
    /// The task that counts for `flight`: the competition task of its original IGC file when there is one, else
    /// the file's declaration that counts for its take-off, else `declared` (the task it was declared with when
    /// recorded here) as its exported file's C records give it back (``FlightTask/asWrittenInIGC``). `nil` when there is none; `warnings` are what the file's reader noticed (and, when no
    /// declaration counts, why).
    package static func counting(
        for flight: Flight, originalFile: [UInt8]?, declared: FlightTask?
    ) -> (task: FlightTask?, warnings: [String]) {
        counting(for: flight, fileTasks: originalFile.flatMap(IGCReader.tasks), declared: declared)
    }

    /// ``counting(for:originalFile:declared:)`` with the original file's task lines already read.
    package static func counting(
        for flight: Flight, fileTasks: IGCFileTasks?, declared: FlightTask?
    ) -> (task: FlightTask?, warnings: [String]) {
        var warnings: [String] = []
        if let file = fileTasks {
            warnings = file.taskWarnings
            if let competition = file.competitionTask { return (competition, warnings) }
            let counts = file.declarationThatCounts(takeoff: flight.known(.takeoffTime, flight.takeoffTime))
            if let task = counts.task { return (task, warnings) }
            warnings += counts.warnings
        }
        return (declared?.asWrittenInIGC, warnings)
    }
}

/// What `list` shows of a flight's task (docs/TASKS.md, "In list"): kept per flight in the logbook, so that a list
/// of years of flights reads it instead of every flight's file. Its keys are `show --json`'s where they overlap.
package struct FlightTaskResult: Sendable, Hashable, Codable {
    /// Raised when the scoring or the choice of the task changes: every kept result is then computed again.
    /// 3: a declaration's all-zero finish is the landing; a recorded flight's plain declaration is scored by the
    /// Sporting Code, as its exported file is.
    package static let currentVersion = 3

    package var name: String?
    package var completed: Bool
    /// The task's distance; `nil` when it cannot be scored (a zone without a direction).
    package var distanceKm: Double?
    package var speedKmh: Double?
    package var scoredKm: Double

    package init(name: String?, completed: Bool, distanceKm: Double?, speedKmh: Double?, scoredKm: Double) {
        (self.name, self.completed, self.distanceKm, self.speedKmh, self.scoredKm) = (
            name, completed, distanceKm, speedKmh, scoredKm
        )
    }

    /// `task` scored on `score` (`nil`: it could not be scored).
    package init(task: FlightTask, score: TaskScore?) {
        self.init(
            name: task.name, completed: score?.completed ?? false, distanceKm: score?.distanceKm,
            speedKmh: score?.speedKmh, scoredKm: score?.scoredKm ?? 0)
    }

    /// The result of the task that counts for `flight` (``FlightTask/counting(for:originalFile:declared:)``) over
    /// `fixes`; `nil` without a task. Bounded as the scoring is (docs/TASKS.md: restarts, hull points).
    package static func compute(
        flight: Flight, fixes: [Fix], extensions: [FixExtension] = [], originalFile: [UInt8]?, declared: FlightTask?,
        analysis: FlightAnalysis? = nil
    ) -> FlightTaskResult? {
        compute(
            flight: flight, fixes: fixes, extensions: extensions, fileTasks: originalFile.flatMap(IGCReader.tasks),
            declared: declared, analysis: analysis)
    }

    /// ``compute(flight:fixes:extensions:originalFile:declared:analysis:)`` with the original file's task lines
    /// already read. `analysis`: the flight's, whose release and engine runs the task rules take (``TaskFlightEvents``).
    package static func compute(
        flight: Flight, fixes: [Fix], extensions: [FixExtension] = [], fileTasks: IGCFileTasks?, declared: FlightTask?,
        analysis: FlightAnalysis? = nil
    ) -> FlightTaskResult? {
        guard flight.hasTrack,
            let task = FlightTask.counting(for: flight, fileTasks: fileTasks, declared: declared).task
        else { return nil }
        let scoring = try? TaskScoring(
            task: task, fixes: fixes, events: .of(flight, fixes: fixes, extensions: extensions, analysis: analysis))
        return FlightTaskResult(
            task: task, score: scoring?.score(utcOffsetSeconds: flight.known(.utcOffset, flight.utcOffsetSeconds)))
    }

    /// Every key, `null` when unknown (`list --json`'s `"task"`).
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(completed, forKey: .completed)
        try c.encode(distanceKm, forKey: .distanceKm)
        try c.encode(speedKmh, forKey: .speedKmh)
        try c.encode(scoredKm, forKey: .scoredKm)
    }
}
