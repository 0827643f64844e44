import FlightLogCore

extension TaskScoring {
    /// The attempt as the result the pilot reads.
    func result(_ run: TaskAttempt, proven: Bool, _ offset: Int?) -> TaskScore {
        let reached = run.reached.enumerated().map { k, e in
            e.map { TaskScore.Reached(name: points[k].name, millis: $0.millis, at: $0.point.coordinate) }
        }
        let taskMetres = legs(of: run).reduce(0, +)
        let isArea = task.kind == .assignedArea
        var score = TaskScore(
            completed: run.completed, startTime: reached[0]?.time, finishTime: reached.last??.time, speedKmh: nil,
            reached: reached, distanceKm: TaskScore.km(taskMetres),
            nominalKm: isArea ? TaskScore.km(taskMetres) : nil,
            achievedKm: run.achievedMetres.map(TaskScore.km), scoredKm: TaskScore.km(run.scoredMetres), reason: nil,
            rules: rules, proven: proven && !run.thinnedOverBudget)
        var notes: [String] = []
        if run.fromRelease, let release = events.release, let start = run.reached[0] {
            let what = release.isEngineStop ? "the engine stop" : "the release point"
            notes.append("started at \(what), \(clock(start.millis, offset))")
        }
        if !run.completed, run.end < track.points.count {
            notes.append("engine run at \(clock(track.times[run.end], offset)) ended the task")
        }
        score.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        if let start = run.reached[0], let finish = run.reached.last!, finish.millis > start.millis {
            var seconds = Double(finish.millis - start.millis) / 1000
            if isArea, let minimum = task.minimumTimeSeconds { seconds = max(seconds, Double(minimum)) }
            let metres = isArea ? (run.achievedMetres ?? 0) : taskMetres
            score.speedKmh = (metres / seconds * 3.6 * 100).rounded() / 100
        }
        if !run.completed {
            let missing = missed(run.lastReached + 1, after: run.reached[run.lastReached]!, end: run.end, offset)
            score.reason = notes.isEmpty ? missing : notes.joined(separator: "; ") + ": " + missing
        }
        return score
    }

    /// No start at all: nothing reached, nothing scored, and how close the track came to the start.
    func notStarted(_ offset: Int?) -> TaskScore {
        let legsMetres = legs.reduce(0, +)
        return TaskScore(
            completed: false, startTime: nil, finishTime: nil, speedKmh: nil,
            reached: Array(repeating: nil, count: points.count), distanceKm: TaskScore.km(legsMetres),
            nominalKm: task.kind == .assignedArea ? TaskScore.km(legsMetres) : nil, achievedKm: nil, scoredKm: 0,
            reason: missed(0, after: nil, end: track.points.count, offset), rules: rules, proven: true)
    }

    /// "turnpoint 2 Boston missed by 4.2 km (closest 14:31 local)": the point not reached, its distance from the
    /// nearest fix after the point before, and that fix's time.
    func missed(_ k: Int, after previous: TaskEvent?, end: Int, _ offset: Int?) -> String {
        let point = points[k]
        let what =
            k == 0
            ? "start \(point.name)" : k == points.count - 1 ? "finish \(point.name)" : "turnpoint \(k) \(point.name)"
        let from = previous?.index ?? 0
        guard from < end else { return "\(what) not reached: no fixes" }
        if k == 0 && point.isLine { return "\(what): the start line was never crossed towards the first leg" }
        var closest = Meters.infinity, at = from
        for j in from..<end {
            let d = point.distanceOutside(track.points[j])
            if d < closest { closest = d; at = j }
        }
        let when = "closest \(clock(track.times[at], offset))"
        if k == 0 && closest == 0 { return "\(what): the start zone was never left towards the first leg" }
        if k == points.count - 1 && point.isLine && closest == 0 {
            return "\(what): the finish line was not crossed in the direction of the last leg (\(when))"
        }
        let km = (closest / 100).rounded() / 10
        return "\(what) missed by \(km) km (\(when))"
    }

    /// `14:31 local`, or `14:31 UTC` without the offset: the reason's clock.
    func clock(_ millis: UTCMillis, _ offset: Int?) -> String {
        "\(CivilDateTime(utc: millis, offsetSeconds: offset ?? 0).hourMinute) \(offset == nil ? "UTC" : "local")"
    }
}
