import FlightLogCore

/// The free flight the contests score: from the end of propulsion to the landing or the next engine start
/// (docs/CONTEST-AND-THERMALS.md, "Scoring window").
package struct ScoringWindow: Sendable, Hashable, Codable {
    package enum Start: String, Sendable, Hashable, Codable {
        /// Release from the tow or the winch (``LaunchAnalyzer``).
        case release
        /// A self-launch's engine stopped.
        case engineOff
        /// No release found (launch unknown): the window starts at the takeoff.
        case takeoff
    }

    package enum End: String, Sendable, Hashable, Codable {
        case landing
        /// The engine started again in flight; later flying is not scored.
        case engineStart
    }

    /// First and last fix of the window (indices into the analysed fixes).
    package var startIndex: Int, endIndex: Int
    package var start: UTCMillis, end: UTCMillis
    package var startsAt: Start
    package var endsAt: End
    /// True when the release was found on GNSS altitude because pressure altitude was missing at the launch
    /// (``LaunchAnalysis/usedGNSS``); nil otherwise.
    package var launchOnGNSS: Bool?
    /// The window as a range of fix indices, as ``FlightPhases/analyze(_:window:)`` and ``ContestTrace`` take it.
    package var fixes: Range<Int> { startIndex..<(endIndex + 1) }

    /// An engine run that starts no later than this after the takeoff is the launch.
    static let launchRunWindow: Double = 120

    /// The window of the flight from `takeoffIndex` to `landingIndex`. `engineRuns` are the flight's runs as
    /// ``EngineRuns/find(_:extensions:window:)`` gives them (found here when nil). `nil` when the engine ran until
    /// the landing or the indices are not a flight.
    package static func find(
        _ fixes: [Fix], extensions: [FixExtension], takeoffIndex: Int, landingIndex: Int,
        engineRuns: [EngineRun]? = nil
    ) -> ScoringWindow? {
        guard takeoffIndex >= 0, landingIndex > takeoffIndex, landingIndex < fixes.count else { return nil }
        let takeoff = fixes[takeoffIndex].time, launchLimit = takeoff + UTCMillis(launchRunWindow * 1000)
        // The engine of a self-launcher may start on the ground before the takeoff.
        var first = takeoffIndex
        while first > 0, fixes[first - 1].time >= takeoff - UTCMillis(launchRunWindow * 1000) { first -= 1 }
        let runs = engineRuns ?? EngineRuns.find(fixes, extensions: extensions, window: first..<(landingIndex + 1))

        let startIndex: Int, startsAt: Start
        var launchOnGNSS: Bool?
        if let launch = runs.first(where: { $0.start <= launchLimit && $0.end > takeoff }) {
            (startIndex, startsAt) = (launch.endIndex, .engineOff)
        } else {
            let launch = LaunchAnalyzer.analyze(
                fixes, extensions: extensions, takeoffIndex: takeoffIndex, landingIndex: landingIndex)
            if let release = launch.releaseIndex {
                (startIndex, startsAt) = (release, launch.method == .self ? .engineOff : .release)
                launchOnGNSS = launch.usedGNSS ? true : nil
            } else {
                (startIndex, startsAt) = (takeoffIndex, .takeoff)
            }
        }
        var endIndex = landingIndex, endsAt = End.landing
        if let next = runs.first(where: { $0.startIndex > startIndex && $0.startIndex < landingIndex }) {
            (endIndex, endsAt) = (next.startIndex, .engineStart)
        }
        guard endIndex > startIndex else { return nil }
        return ScoringWindow(
            startIndex: startIndex, endIndex: endIndex, start: fixes[startIndex].time, end: fixes[endIndex].time,
            startsAt: startsAt, endsAt: endsAt, launchOnGNSS: launchOnGNSS)
    }
}

extension ScoringWindow {
    /// Where the analysis looks in `fixes` for a flight from `takeoff` to `landing`: the first fix at or after the
    /// take-off, the last at or before the landing, and where engine runs are searched from (``launchRunWindow``
    /// before the take-off: a self-launcher's engine may start on the ground). `nil` without fixes between them.
    /// One rule for the analysis and the task rules (``TaskFlightEvents``).
    package static func span(
        _ fixes: [Fix], takeoff: UTCMillis, landing: UTCMillis
    ) -> (runsFrom: Int, takeoff: Int, landing: Int)? {
        guard let first = fixes.firstIndex(where: { $0.time >= takeoff }),
            let last = fixes.lastIndex(where: { $0.time <= landing }), last > first
        else { return nil }
        let early = takeoff - UTCMillis(launchRunWindow * 1000)
        return (fixes[..<first].lastIndex { $0.time < early }.map { $0 + 1 } ?? 0, first, last)
    }
}
