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
    }

    package init(release: Release? = nil, engineStarts: [UTCMillis] = [], landing: Landing? = nil) {
        self.release = release
        self.engineStarts = engineStarts
        self.landing = landing
    }

    /// Nothing known: a start only by the task's own zones, no engine.
    package static let none = TaskFlightEvents()

    /// The events of the flight from `takeoff` to `landing` in `fixes` (`extensions`: the file's B-record
    /// extensions, where the engine sensor is): the analysis' ``ScoringWindow`` and ``EngineRuns``, found here.
    package static func of(
        _ fixes: [Fix], extensions: [FixExtension], takeoff: UTCMillis, landing: UTCMillis
    ) -> TaskFlightEvents {
        guard let span = ScoringWindow.span(fixes, takeoff: takeoff, landing: landing) else { return .none }
        let runs = EngineRuns.find(fixes, extensions: extensions, window: span.runsFrom..<(span.landing + 1))
        let window = ScoringWindow.find(
            fixes, extensions: extensions, takeoffIndex: span.takeoff, landingIndex: span.landing, engineRuns: runs)
        return of(fixes, span: span, runs: runs, window: window, takeoff: takeoff)
    }

    /// The events `analysis` found (its ``FlightAnalysis/scoringWindow`` and ``FlightAnalysis/engineRuns``) over
    /// `fixes`, the fixes it was computed from: what ``of(_:extensions:takeoff:landing:)`` finds, without finding it
    /// again. `nil` when its window does not fit `fixes`.
    package static func of(_ analysis: FlightAnalysis, fixes: [Fix]) -> TaskFlightEvents? {
        let inputs = analysis.inputs
        guard let span = ScoringWindow.span(fixes, takeoff: inputs.takeoff, landing: inputs.landing) else {
            return TaskFlightEvents.none
        }
        if let window = analysis.scoringWindow, !fixes.indices.contains(window.startIndex) { return nil }
        return of(fixes, span: span, runs: analysis.engineRuns, window: analysis.scoringWindow, takeoff: inputs.takeoff)
    }

    /// The events from the runs and the window found over `span`.
    private static func of(
        _ fixes: [Fix], span: (runsFrom: Int, takeoff: Int, landing: Int), runs: [EngineRun], window: ScoringWindow?,
        takeoff: UTCMillis
    ) -> TaskFlightEvents {
        let landed = fixes[span.takeoff...span.landing].last(where: \.isValid).map {
            Landing(time: $0.time, coordinate: $0.coordinate)
        }
        guard let window, window.startsAt != .takeoff else {
            return TaskFlightEvents(engineStarts: runs.map(\.start).filter { $0 > takeoff }, landing: landed)
        }
        let fix = fixes[window.startIndex]
        return TaskFlightEvents(
            release: Release(time: fix.time, coordinate: fix.coordinate, isEngineStop: window.startsAt == .engineOff),
            engineStarts: runs.filter { $0.startIndex > window.startIndex }.map(\.start), landing: landed)
    }
}

extension TaskFlightEvents {
    /// `flight`'s events over `fixes`, between its take-off and landing (none when either is unknown). `analysis`:
    /// the flight's analysis, whose events are taken when it was made by this version over these fixes for this
    /// take-off and landing (each event found once); otherwise they are found here.
    package static func of(
        _ flight: Flight, fixes: [Fix], extensions: [FixExtension], analysis: FlightAnalysis? = nil
    ) -> TaskFlightEvents {
        guard let takeoff = flight.known(.takeoffTime, flight.takeoffTime),
            let landing = flight.known(.landingTime, flight.landingTime)
        else { return .none }
        if let analysis, analysis.version == FlightAnalysis.currentVersion, analysis.wasAnalysed,
            analysis.inputs.takeoff == takeoff, analysis.inputs.landing == landing,
            analysis.inputs.fixCount == fixes.count, let events = of(analysis, fixes: fixes)
        {
            return events
        }
        return of(fixes, extensions: extensions, takeoff: takeoff, landing: landing)
    }
}
