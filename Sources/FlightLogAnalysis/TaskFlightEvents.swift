import FlightLogCore

/// What the task rules take from the flight besides its fixes (docs/TASKS.md, "Start and finish options", "An
/// engine run ends the task"): where the launch ended (the release point, or a self-launcher's engine stop) and
/// when the engine started again in flight. The same rule as the analysis' scoring window, so the two never
/// disagree.
package struct TaskFlightEvents: Sendable, Hashable {
    /// The end of the launch: the release from tow or winch, or the engine stopped after a self-launch.
    package struct Release: Sendable, Hashable {
        package var time: UTCMillis
        package var coordinate: Coordinate
        package var isEngineStop: Bool

        package init(time: UTCMillis, coordinate: Coordinate, isEngineStop: Bool) {
            (self.time, self.coordinate, self.isEngineStop) = (time, coordinate, isEngineStop)
        }
    }

    package var release: Release?
    /// When each engine run after the launch started, in time order.
    package var engineStarts: [UTCMillis]
    /// The landing: the last valid fix at or before the flight's landing time (a finish at the landing place).
    package var landing: Landing?

    /// Where and when the glider landed.
    package struct Landing: Sendable, Hashable {
        package var time: UTCMillis
        package var coordinate: Coordinate

        package init(time: UTCMillis, coordinate: Coordinate) { (self.time, self.coordinate) = (time, coordinate) }
    }

    package init(release: Release? = nil, engineStarts: [UTCMillis] = [], landing: Landing? = nil) {
        self.release = release
        self.engineStarts = engineStarts
        self.landing = landing
    }

    /// Nothing known: a start only by the task's own zones, no engine.
    package static let none = TaskFlightEvents()

    /// The events of the flight from `takeoff` to `landing` in `fixes` (`extensions`: the file's B-record
    /// extensions, where the engine sensor is): the analysis' ``ScoringWindow`` and ``EngineRuns``.
    package static func of(
        _ fixes: [Fix], extensions: [FixExtension], takeoff: UTCMillis, landing: UTCMillis
    ) -> TaskFlightEvents {
        guard let first = fixes.firstIndex(where: { $0.time >= takeoff }),
            let last = fixes.lastIndex(where: { $0.time <= landing }), last > first
        else { return .none }
        let early = takeoff - UTCMillis(ScoringWindow.launchRunWindow * 1000)
        let from = fixes[..<first].lastIndex { $0.time < early }.map { $0 + 1 } ?? 0
        let runs = EngineRuns.find(fixes, extensions: extensions, window: from..<(last + 1))
        let landed = fixes[first...last].last(where: \.isValid).map { Landing(time: $0.time, coordinate: $0.coordinate) }
        guard
            let window = ScoringWindow.find(
                fixes, extensions: extensions, takeoffIndex: first, landingIndex: last, engineRuns: runs),
            window.startsAt != .takeoff
        else { return TaskFlightEvents(engineStarts: runs.map(\.start).filter { $0 > takeoff }, landing: landed) }
        let fix = fixes[window.startIndex]
        return TaskFlightEvents(
            release: Release(time: fix.time, coordinate: fix.coordinate, isEngineStop: window.startsAt == .engineOff),
            engineStarts: runs.filter { $0.startIndex > window.startIndex }.map(\.start), landing: landed)
    }
}

extension TaskFlightEvents {
    /// `flight`'s events over `fixes`, between its take-off and landing (none when either is unknown).
    package static func of(_ flight: Flight, fixes: [Fix], extensions: [FixExtension]) -> TaskFlightEvents {
        guard let takeoff = flight.known(.takeoffTime, flight.takeoffTime),
            let landing = flight.known(.landingTime, flight.landingTime)
        else { return .none }
        return of(fixes, extensions: extensions, takeoff: takeoff, landing: landing)
    }
}
