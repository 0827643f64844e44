/// The launch of one flight: how it went up and where it let go.
package struct LaunchAnalysis: Sendable, Hashable {
    package var method: LaunchMethod
    /// Index (in the analysed fix array) of the release: top of the winch climb, end of the tow, engine stop.
    package var releaseIndex: Int?
    package var releaseTime: UTCMillis?
    /// Release altitude − takeoff altitude (pressure altitude, GNSS without a barometer), metres.
    package var releaseHeight: Meters?
    /// True when the launch was judged on GNSS altitude although the file has pressure altitude: pressure was
    /// missing at the take-off or during the launch (a barometer gone, a stretch of `00000` in an IGC file).
    package var usedGNSS = false

    package init(
        method: LaunchMethod, releaseIndex: Int? = nil, releaseTime: UTCMillis? = nil, releaseHeight: Meters? = nil
    ) {
        self.method = method
        self.releaseIndex = releaseIndex
        self.releaseTime = releaseTime
        self.releaseHeight = releaseHeight
    }

    package static let unknown = LaunchAnalysis(method: .unknown)
}

/// Launch method and release (docs/DETECTION.md, rule L), checked in this order:
/// - self-launch: an engine run (``EngineRuns``: ENL, MOP or RPM above 500 of 999 for 30 s) starting within 2 min
///   of takeoff; release = engine stop (the first fix of the 30 s at or below 350 that ended the run);
/// - winch: ≥ 150 m gained at a mean ≥ 4 m/s within 90 s of takeoff, then the climb rate at least halves;
///   release = top of the climb;
/// - aerotow: from 1 min after takeoff, the tow ends at a 200° turn within 30 s on a circle tighter than a tug
///   flies (radius < 125 m), or a mean sink below −0.3 m/s over 20 s (while circling: over the last whole circle,
///   up to 1 min);
///   release = the highest fix before, or earlier where the glider let go into a thermal (``TowLetGo``);
///   the tow must last ≥ 2 min and gain ≥ 200 m at 1–6 m/s;
/// - else unknown (no release).
package enum LaunchAnalyzer {
    static let engineStartWindow: Double = 120

    package static func analyze(
        _ fixes: [Fix], extensions: [FixExtension], takeoffIndex: Int, landingIndex: Int
    ) -> LaunchAnalysis {
        guard takeoffIndex >= 0, landingIndex > takeoffIndex, landingIndex < fixes.count else { return .unknown }
        let series = FlightSeries(fixes, range: takeoffIndex...landingIndex)
        let engine = engineRelease(
            fixes, extensions: extensions, takeoffIndex: takeoffIndex, landingIndex: landingIndex)
        let sensors = EngineRuns.sensors(extensions)
        let sensor: (FlightSeries) -> (Int) -> Double? = { series in
            { sensors.isEmpty ? nil : EngineRuns.reading(fixes[series.indices[$0]], sensors) }
        }
        let onPressure = judge(series, engineStop: engine.map { fixes[$0].time }, sensor: sensor(series))
        // Pressure missing at the take-off or in the climb (up to the release found, else the whole launch span):
        // the launch is judged again on GNSS altitude when that has fewer gaps there.
        let until = onPressure.position.map { series.times[$0] + 20_000 } ?? (series.times.first ?? 0) + launchSpan
        guard series.usesPressure, missingAltitudes(series, until: until) > 0 else { return onPressure.launch }
        let gnss = FlightSeries(fixes, range: takeoffIndex...landingIndex, gnss: true)
        guard missingAltitudes(gnss, until: until) < missingAltitudes(series, until: until) else {
            return onPressure.launch
        }
        var onGNSS = judge(gnss, engineStop: engine.map { fixes[$0].time }, sensor: sensor(gnss)).launch
        guard onGNSS.releaseIndex != nil else { return onPressure.launch }
        onGNSS.usedGNSS = true
        return onGNSS
    }

    /// The launch as `series` shows it, and the release's position in it; `engineStop`: when a self-launch's engine
    /// stopped; `sensor`: the engine sensor's reading at a position of `series` (the hook's click on a tow).
    private static func judge(_ series: FlightSeries, engineStop: UTCMillis?, sensor: @escaping (Int) -> Double?) -> (
        launch: LaunchAnalysis, position: Int?
    ) {
        guard series.count >= 2, let takeoffAltitude = series.altitudes[0] else { return (.unknown, nil) }
        let launch = Launch(series: series, takeoffAltitude: takeoffAltitude, sensor: sensor)
        if let engineStop {
            let position = min(series.position(atOrAfter: engineStop), series.count - 1)
            return (launch.result(.self, at: position), position)
        }
        if let top = launch.winchRelease() { return (launch.result(.winch, at: top), top) }
        if let top = launch.aerotowRelease() { return (launch.result(.aerotow, at: top), top) }
        return (.unknown, nil)
    }

    /// The longest a launch is looked for after the take-off (an aerotow's end: 20 minutes).
    static let launchSpan: UTCMillis = 20 * 60_000

    /// How many fixes of `series` lack an altitude from the take-off to `until`: the launch has no start height
    /// without the first, and a winch climb or a tow cannot be followed across a gap (a missing altitude counts
    /// as the take-off's).
    static func missingAltitudes(_ series: FlightSeries, until: UTCMillis) -> Int {
        series.altitudes[..<series.position(atOrAfter: until)].reduce(0) { $0 + ($1 == nil ? 1 : 0) }
    }

    /// The integer value of extension `code` in a fix, using the I-record layout `extensions`
    /// (extensions start at B-record byte 36, in declaration order).
    package static func extensionValue(_ code: String, in fix: Fix, extensions: [FixExtension]) -> Int? {
        guard let range = extensionRange(code, extensions) else { return nil }
        return extensionValue(range, in: fix)
    }

    static func extensionRange(_ code: String, _ extensions: [FixExtension]) -> Range<Int>? {
        var offset = 0
        for e in extensions {
            if e.code.uppercased() == code { return offset..<(offset + e.length) }
            offset += e.length
        }
        return nil
    }

    /// nil when the field is missing, not digits, or wider than 9 digits (no sensor reads that far; the
    /// value would overflow).
    static func extensionValue(_ range: Range<Int>, in fix: Fix) -> Int? {
        let utf8 = fix.extensions.utf8
        guard range.count <= 9, utf8.count >= range.upperBound else { return nil }
        var value = 0
        for byte in utf8.dropFirst(range.lowerBound).prefix(range.count) {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    /// Index of the engine stop when an engine run (``EngineRuns``: any of ENL, MOP or RPM, each on its own scale)
    /// started within 2 min of takeoff and went on past it (on the ground before it counts: the engine may start
    /// there); the landing when it ran to the landing. `nil` without an engine sensor or such a run.
    static func engineRelease(_ fixes: [Fix], extensions: [FixExtension], takeoffIndex: Int, landingIndex: Int) -> Int?
    {
        let takeoffTime = fixes[takeoffIndex].time
        let windowEnd = takeoffTime + UTCMillis(engineStartWindow * 1000)
        var first = takeoffIndex
        while first > 0, fixes[first - 1].time >= takeoffTime - UTCMillis(engineStartWindow * 1000) { first -= 1 }
        let runs = EngineRuns.find(fixes, extensions: extensions, window: first..<(landingIndex + 1))
        return runs.first { $0.start <= windowEnd && $0.end > takeoffTime }?.endIndex
    }

    /// The first minutes of a flight with the tests for winch and aerotow.
    struct Launch {
        var series: FlightSeries
        var takeoffAltitude: Meters
        var sensor: (Int) -> Double? = { _ in nil }

        func altitude(_ i: Int) -> Meters { series.altitudes[i] ?? takeoffAltitude }

        func result(_ method: LaunchMethod, at position: Int) -> LaunchAnalysis {
            LaunchAnalysis(
                method: method, releaseIndex: series.indices[position], releaseTime: series.times[position],
                releaseHeight: (altitude(position) - takeoffAltitude).rounded())
        }

        /// Highest position within `range`.
        func highest(_ range: Range<Int>) -> Int? {
            range.max { altitude($0) < altitude($1) }
        }

        /// The top of the first climb: the first position ≥ 150 m up that nothing in the next 10 s exceeds.
        func winchRelease() -> Int? {
            let end = series.position(atOrAfter: series.times[0] + 90_000)
            var lookahead = 0
            let top = (1..<end).first { i in
                guard altitude(i) - takeoffAltitude >= 150 else { return false }
                lookahead = max(lookahead, i)
                while lookahead + 1 < series.count, series.seconds(i, lookahead + 1) <= 10 { lookahead += 1 }
                return (i...lookahead).allSatisfy { altitude($0) <= altitude(i) }
            }
            guard let top else { return nil }
            let gain = altitude(top) - takeoffAltitude
            let climbRate = gain / series.seconds(0, top)
            guard gain >= 150, climbRate >= 4 else { return nil }
            // A sharp drop: over the next 20 s the climb rate at least halves.
            let after = series.position(atOrAfter: series.times[top] + 20_000)
            guard after < series.count else { return nil }
            let rateAfter = (altitude(after) - altitude(top)) / series.seconds(top, after)
            return rateAfter <= climbRate / 2 ? top : nil
        }

        func aerotowRelease() -> Int? {
            let start = series.position(atOrAfter: series.times[0] + 60_000)
            let limit = series.position(atOrAfter: series.times[0] + LaunchAnalyzer.launchSpan)
            guard start < limit else { return nil }
            let turns = TowTurns(series, limit: limit)
            var turnStart = 0, sinkStart = 0
            var end: Int?
            for i in start..<limit {
                while series.seconds(turnStart, i) > 30 { turnStart += 1 }
                while series.seconds(sinkStart + 1, i) >= 20 { sinkStart += 1 }
                // A tug circles with its glider too (on a wide circle): only a glider's tight circle ends the tow.
                let turn = turns.turned(from: turnStart, to: i)
                let tightTurn = turn >= 200 && turns.radius(from: turnStart, to: i) < TowTurns.tightRadius
                // Sink over 20 s, or over the last whole circle (up to a minute) when circling: a circling tow
                // meets the thermal's sinking side once a turn and climbs out of it on the other.
                let from = turn >= 200 ? min(sinkStart, turns.circleStart(before: i)) : sinkStart
                let sinking =
                    series.seconds(from, i) >= 15 && (altitude(i) - altitude(from)) / series.seconds(from, i) < -0.3
                if tightTurn || sinking {
                    end = i
                    break
                }
            }
            // A glider that let go into a thermal and circles there as wide as a tug: before the end found above.
            let letGo = TowLetGo(series, altitude: altitude, sensor: sensor)
            let towTop = end.flatMap { highest(0..<($0 + 1)) }
            let top =
                letGo.release(from: start, before: towTop.map { $0 + 1 } ?? limit, turns: turns, turnsLimit: limit)
                ?? towTop
            guard let top, top > 0 else { return nil }
            let gain = altitude(top) - takeoffAltitude
            let duration = series.seconds(0, top)
            let rate = gain / duration
            return duration >= 120 && gain >= 200 && (1...6).contains(rate) ? top : nil
        }
    }
}
