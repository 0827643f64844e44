import FlightLogCore

/// Scores a track against a task, exactly, on every fix (docs/TASKS.md, "Scoring"): the start (the last before the
/// first turnpoint, or a later restart), each point in order, the finish, speed, and for a task not completed the
/// distance the rules count and the reason in words. Linear in the fixes; restarts after the first turnpoint are
/// tried up to `restartBudget` attempts, each linear again.
package struct TaskScoring: Sendable {
    package static let restartBudget = 64

    /// The task as scored: a finish at the landing place (``FlightTask/finishAtLanding``) is its last point.
    package let task: FlightTask
    let rules: TaskRules
    let points: [PlacedPoint]
    let legs: [Meters]
    let track: TaskTrack
    let events: TaskFlightEvents
    /// The track's index of the landing when the landing is the finish.
    let landingFinish: Int?

    /// Places the task and the valid fixes; throws (in words) for a task that cannot be scored. `events`: the
    /// release, the engine runs and the landing (``TaskFlightEvents/of(_:extensions:takeoff:landing:)``).
    package init(
        task: FlightTask, fixes: [Fix], rules: TaskRules? = nil, events: TaskFlightEvents = .none
    ) throws(TaskScoringError) {
        self.rules = rules ?? TaskRules.for(task)
        self.track = TaskTrack(fixes.filter(\.isValid))
        self.events = events
        (self.task, self.landingFinish) = Self.finishingAtLanding(task, rules: self.rules, track, events)
        self.points = try self.task.placedPoints(rules: self.rules)
        self.legs = self.task.legDistances()
    }

    /// Sporting Code: a declaration whose finish is the landing place gets the landing (the events', else the
    /// track's last fix) as its finish point, reached at the landing fix (docs/TASKS.md).
    private static func finishingAtLanding(
        _ task: FlightTask, rules: TaskRules, _ track: TaskTrack, _ events: TaskFlightEvents
    ) -> (FlightTask, Int?) {
        guard task.finishAtLanding == true, rules == .sportingCode, let lastFix = track.times.indices.last else {
            return (task, nil)
        }
        let index = events.landing.flatMap { l in track.times.lastIndex { $0 <= l.time } } ?? lastFix
        let landed = track.points[index].coordinate
        var task = task
        // Landing at the last turnpoint: that point is the finish (a leg of no length has no direction).
        guard SpherePoint(task.points[task.points.count - 1].coordinate).distance(to: track.points[index]) >= 1 else {
            return (task, index)
        }
        task.points.append(TaskPoint(name: task.landing?.name ?? "landing", coordinate: landed, zone: .cylinder(0)))
        return (task, index)
    }

    /// The score. `utcOffsetSeconds` sets the clock the reason's words use ("closest 14:31 local") and the start
    /// gate's (local time of day).
    package func score(utcOffsetSeconds: Int? = nil) -> TaskScore {
        let gate = gate(utcOffsetSeconds)
        let starts = startEvents(gate: gate)
        let byZones = scoreFrom(starts, utcOffsetSeconds)
        // Sporting Code: a start at the release (or the engine stop) when the declared start gives no completion.
        guard rules == .sportingCode, byZones?.completed != true, let release = releaseStart() else {
            guard byZones == nil, let gate, !startEvents().isEmpty else {
                return byZones ?? notStarted(utcOffsetSeconds)
            }
            var score = notStarted(utcOffsetSeconds)
            let opens = CivilDateTime(utc: gate, offsetSeconds: utcOffsetSeconds ?? 0).hourMinuteSecond
            score.reason =
                "start \(points[0].name): every start was before the start gate opened at \(opens) "
                + (utcOffsetSeconds == nil ? "UTC" : "local")
            return score
        }
        let released = attempt(from: release, starts: [release], lateRestarts: false, fromRelease: true)
        let other = byZones.map { $0.completed ? Double.infinity : $0.scoredKm * 1000 } ?? -1
        guard released.completed || released.scoredMetres > other else {
            return byZones ?? notStarted(utcOffsetSeconds)
        }
        return result(released, proven: true, utcOffsetSeconds)
    }

    /// The best attempt from the zones' starts; `nil` without a start.
    private func scoreFrom(_ starts: [TaskEvent], _ utcOffsetSeconds: Int?) -> TaskScore? {
        guard let first = starts.first else { return nil }
        let original = attempt(from: first, starts: starts, lateRestarts: true)
        var best = original
        let late = original.lateRestarts
        // The pilot's last completed attempt counts; failing that the longest (the later of equals).
        for i in late.suffix(Self.restartBudget).reversed() {
            let challenger = attempt(from: starts[i], starts: starts, lateRestarts: false)
            if challenger.completed && !best.completed { best = challenger; break }
            let longer = challenger.scoredMetres > best.scoredMetres
            let laterEqual =
                challenger.scoredMetres == best.scoredMetres && challenger.reached[0]!.millis > best.reached[0]!.millis
            if !best.completed && (longer || laterEqual) { best = challenger }
            if best.completed && challenger.completed && challenger.reached[0]!.millis > best.reached[0]!.millis {
                best = challenger
                break
            }
        }
        return result(best, proven: late.count <= Self.restartBudget, utcOffsetSeconds)
    }

    /// Every valid start: a start line crossed from behind, or the start zone left (interpolated; docs/TASKS.md),
    /// not before the start gate (`gate`, UTC) opens.
    func startEvents(gate: UTCMillis? = nil) -> [TaskEvent] {
        let start = points[0]
        var events: [TaskEvent] = []
        for i in track.points.indices.dropFirst() {
            if let e = leaving(start, at: i), e.millis >= gate ?? .min { events.append(e) }
        }
        return events
    }

    /// The start gate in UTC: `NoStart` local time on the local day of the first fix; `nil` without a gate.
    func gate(_ utcOffsetSeconds: Int?) -> UTCMillis? {
        guard let opens = task.startOpensSeconds, let first = track.times.first else { return nil }
        let offset = UTCMillis(utcOffsetSeconds ?? 0) * 1000, day: UTCMillis = 86_400_000
        let localDay = (first + offset) >= 0 ? (first + offset) / day : ((first + offset) - day + 1) / day
        return localDay * day + UTCMillis(opens) * 1000 - offset
    }

    /// The release (or engine stop) as a start (Sporting Code: the start point is then the release point), at the
    /// last fix at or before it.
    private func releaseStart() -> TaskEvent? {
        guard let release = events.release, let i = track.times.lastIndex(where: { $0 <= release.time }) else {
            return nil
        }
        return TaskEvent(index: i, millis: track.times[i], point: track.points[i])
    }

    /// The fixes an attempt from `start` may use: up to the first engine start after it (exclusive).
    func end(after start: TaskEvent) -> Int {
        guard let engine = events.engineStarts.first(where: { $0 > start.millis }) else { return track.points.count }
        return track.times.firstIndex { $0 >= engine } ?? track.points.count
    }

    /// One attempt from `start`: later starts before the first turnpoint replace it; starts after it are listed as
    /// restarts when `lateRestarts`.
    func attempt(
        from start: TaskEvent, starts: [TaskEvent], lateRestarts: Bool, fromRelease: Bool = false
    ) -> TaskAttempt {
        var run = TaskAttempt(reached: [start] + Array(repeating: nil, count: points.count - 1))
        run.end = end(after: start)
        run.fromRelease = fromRelease
        var nextStart = (starts.firstIndex { $0.index > start.index }) ?? starts.count
        var k = 1, j = start.index
        while j < run.end && k < points.count {
            while nextStart < starts.count && starts[nextStart].index <= j {
                if k == 1 {
                    run.reached[0] = starts[nextStart]
                } else if lateRestarts {
                    run.lateRestarts.append(nextStart)
                }
                nextStart += 1
            }
            let event: TaskEvent?
            if k < points.count - 1 {
                event = reaching(points[k], at: j)
            } else if let landing = landingFinish {
                event = j == landing ? TaskEvent(index: j, millis: track.times[j], point: track.points[j]) : nil
            } else {
                event = entering(points[k], finishAt: j, after: run.reached[k - 1]!)
            }
            if let event {
                run.reached[k] = event
                k += 1
            } else {
                j += 1
            }
        }
        if task.kind == .assignedArea { assignedAreaDistance(&run) } else { racingDistance(&run) }
        return run
    }

    /// Racing: the task distance when completed, else the legs done and the best progress on the next one.
    func racingDistance(_ run: inout TaskAttempt) {
        let last = run.lastReached, legs = legs(of: run)
        if run.completed {
            run.scoredMetres = legs.reduce(0, +)
            return
        }
        let next = points[last + 1].center, from = run.reached[last]!.index
        var closest = Meters.infinity
        for j in from..<max(from, run.end) { closest = min(closest, track.points[j].distance(to: next)) }
        run.scoredMetres = legs[..<last].reduce(0, +) + max(0, legs[last] - closest)
    }

    /// The legs the attempt flies: from the release point instead of the start point for a start at release.
    func legs(of run: TaskAttempt) -> [Meters] {
        guard run.fromRelease, let start = run.reached[0] else { return legs }
        return [start.point.distance(to: points[1].center)] + legs.dropFirst()
    }

    /// The start zone left (or its line crossed from behind) between fixes `i − 1` and `i`.
    func leaving(_ point: PlacedPoint, at i: Int) -> TaskEvent? {
        let a = track.points[i - 1], b = track.points[i]
        if point.isLine { return lineCrossing(point, at: i, intoZoneSide: false) }
        guard point.contains(a) && !point.contains(b) else { return nil }
        let t = boundary(from: a, to: b) { !point.contains($0) }
        return event(at: i, fraction: t)
    }

    /// A turnpoint reached at fix `j`: the fix is inside; the time is its entry, interpolated from the fix before
    /// when that one was outside.
    func reaching(_ point: PlacedPoint, at j: Int) -> TaskEvent? {
        let p = track.points[j]
        guard !point.isLine else { return lineCrossing(point, at: j, intoZoneSide: true) }
        guard point.contains(p) else { return nil }
        guard j > 0, !point.contains(track.points[j - 1]) else {
            return TaskEvent(index: j, millis: track.times[j], point: p)
        }
        return event(at: j, fraction: boundary(from: track.points[j - 1], to: p) { point.contains($0) })
    }

    /// The finish: its line crossed onto the far side, or its zone entered, not before the previous point.
    func entering(_ point: PlacedPoint, finishAt j: Int, after previous: TaskEvent) -> TaskEvent? {
        guard point.isLine else { return reaching(point, at: j) }
        guard j > previous.index else { return nil }
        return lineCrossing(point, at: j, intoZoneSide: true)
    }

    /// A line crossed between fixes `i − 1` and `i`, onto its zone side (`intoZoneSide`) or off it, on the line.
    private func lineCrossing(_ point: PlacedPoint, at i: Int, intoZoneSide: Bool) -> TaskEvent? {
        guard i > 0, let line = point.shapes.first else { return nil }
        let a = track.points[i - 1], b = track.points[i]
        let sa = line.side(a), sb = line.side(b)
        guard intoZoneSide ? (sa <= 0 && sb > 0) : (sa > 0 && sb <= 0) else { return nil }
        let t = boundary(from: a, to: b) { intoZoneSide ? line.side($0) > 0 : line.side($0) <= 0 }
        let e = event(at: i, fraction: t)
        return line.onLine(e.point) ? e : nil
    }

    /// The fraction along `a → b` (great circle) where `isAfter` first holds, by bisection to well under a metre
    /// and a millisecond; `isAfter(b)` holds, `isAfter(a)` does not.
    private func boundary(from a: SpherePoint, to b: SpherePoint, _ isAfter: (SpherePoint) -> Bool) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if isAfter(a.interpolated(to: b, mid)) { hi = mid } else { lo = mid }
        }
        return hi
    }

    private func event(at i: Int, fraction t: Double) -> TaskEvent {
        let t0 = track.times[i - 1], t1 = track.times[i]
        let millis = t0 + UTCMillis((Double(t1 - t0) * t).rounded())
        return TaskEvent(index: i, millis: millis, point: track.points[i - 1].interpolated(to: track.points[i], t))
    }
}

/// The valid fixes as points on the sphere and their times.
struct TaskTrack: Sendable {
    let times: [UTCMillis]
    let points: [SpherePoint]

    init(_ fixes: [Fix]) {
        times = fixes.map(\.time)
        points = fixes.map { SpherePoint($0.coordinate) }
    }
}

/// A point reached (or the start crossed): the first fix on the new side and the interpolated instant and place.
struct TaskEvent: Sendable {
    let index: Int
    let millis: UTCMillis
    let point: SpherePoint
}

/// One attempt at the task from one start.
struct TaskAttempt: Sendable {
    var reached: [TaskEvent?]
    var lateRestarts: [Int] = []
    /// The fixes it may use end before this index (an engine start), else at the track's end.
    var end = 0
    /// Started at the release point (Sporting Code), not by the start's zone.
    var fromRelease = false
    var scoredMetres: Meters = 0
    /// AAT: the achieved points (one per area) and the distance through them.
    var achieved: [SpherePoint] = []
    var achievedMetres: Meters?
    /// AAT: an area's hull was sampled down to the budget (the distance found, not proven longest).
    var thinnedOverBudget = false
    var completed: Bool { reached.last! != nil }
    var lastReached: Int { (reached.lastIndex { $0 != nil }) ?? 0 }
}
