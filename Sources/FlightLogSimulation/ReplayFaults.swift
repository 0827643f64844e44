import FlightLogCore

/// Faults a replayed flight can suffer, in the flight's own UTC (before any date shift): windows in which the
/// receiver has no fix (its epochs keep their time: RMC `V`, GGA quality 0), fixes sent far off the track or with
/// a GNSS altitude far off (receiver glitches), windows in which the barometer's pressure attribute is missing,
/// and single wrong barometer values (a 25 kPa read, an 8 hPa jump).
package struct ReplayFaults: Sendable, Equatable {
    /// A wrong value in the barometer's attribute for a moment: `pascals` itself, or the true pressure plus
    /// `pascals` when `relative`.
    package struct PressureGlitch: Sendable, Equatable {
        package var time: UTCMillis
        package var pascals: Pascals
        package var relative: Bool

        /// The value written instead of `truth`.
        package func value(truth: Pascals) -> Pascals { relative ? truth + pascals : pascals }

        /// `HH:MM:SS=25000` (absolute, Pa) or `HH:MM:SS=+800` / `=-800` (relative to the true pressure); plain
        /// decimals only (`Double` alone also takes `0x10`, `1e3` and `inf`).
        package static func parse(_ text: String, start: UTCMillis) -> PressureGlitch? {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let time = ReplayFaults.time(String(parts[0]), start: start),
                parts[1].allSatisfy({ "+-.0123456789".contains($0) }), let pascals = Double(parts[1]), pascals.isFinite,
                abs(pascals) <= 1_000_000
            else { return nil }
            return PressureGlitch(
                time: time, pascals: pascals, relative: parts[1].first.map { "+-".contains($0) } ?? false)
        }
    }

    /// The first fix at or after `time` is sent with its time `offsetMillis` off (a receiver's time glitch; the
    /// epoch still goes out at its own instant).
    package struct TimeGlitch: Sendable, Equatable {
        package var time: UTCMillis
        package var offsetMillis: Int64

        /// `HH:MM:SS=+3600` or `HH:MM:SS=-86400` (seconds; at most 100 years either way).
        package static func parse(_ text: String, start: UTCMillis) -> TimeGlitch? {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let time = ReplayFaults.time(String(parts[0]), start: start),
                let seconds = Int64(parts[1]), seconds != 0, abs(seconds) <= 100 * 366 * 86_400
            else { return nil }
            return TimeGlitch(time: time, offsetMillis: seconds * 1000)
        }
    }

    /// Epochs in these windows are sent without a fix.
    package var noFix: [ClosedRange<UTCMillis>] = []
    /// The first fix at or after each of these times is sent `displacementMeters` north of where it was.
    package var displaced: [UTCMillis] = []
    package var displacementMeters: Meters = 55_000
    /// The first fix at or after each of these times is sent with its GNSS altitude `altitudeSpikeMeters` higher.
    package var altitudeSpikes: [UTCMillis] = []
    package var altitudeSpikeMeters: Meters = 3000
    /// The barometer's pressure attribute is missing in these windows.
    package var barometerMissing: [ClosedRange<UTCMillis>] = []
    /// Wrong values written to the pressure attribute (each for `PressureGlitch.holdNanos` of wall time).
    package var pressureGlitches: [PressureGlitch] = []
    /// Fixes sent with a wrong time.
    package var timeGlitches: [TimeGlitch] = []

    package init(
        noFix: [ClosedRange<UTCMillis>] = [], displaced: [UTCMillis] = [], displacementMeters: Meters = 55_000,
        altitudeSpikes: [UTCMillis] = [], barometerMissing: [ClosedRange<UTCMillis>] = [],
        pressureGlitches: [PressureGlitch] = [], timeGlitches: [TimeGlitch] = []
    ) {
        self.noFix = noFix
        self.displaced = displaced
        self.displacementMeters = displacementMeters
        self.altitudeSpikes = altitudeSpikes
        self.barometerMissing = barometerMissing
        self.pressureGlitches = pressureGlitches.sorted { $0.time < $1.time }
        self.timeGlitches = timeGlitches
    }

    /// How far off the time of each fix is sent (index into `fixes` → ms): the first fix at or after each glitch.
    package func timeOffsets(of fixes: [Fix]) -> [Int: Int64] {
        var offsets: [Int: Int64] = [:]
        for glitch in timeGlitches {
            if let index = fixes.firstIndex(where: { $0.time >= glitch.time }) { offsets[index] = glitch.offsetMillis }
        }
        return offsets
    }

    package var isEmpty: Bool {
        noFix.isEmpty && displaced.isEmpty && altitudeSpikes.isEmpty && barometerMissing.isEmpty
            && pressureGlitches.isEmpty
            && timeGlitches.isEmpty
    }

    /// The fixes as the receiver sends them: no fix (and no GNSS altitude) inside a no-fix window, the
    /// displaced ones moved north. Times and pressure altitudes stay (the world's pressure does not change).
    package func apply(to fixes: [Fix]) -> [Fix] {
        var result = fixes
        for index in result.indices where noFix.contains(where: { $0.contains(result[index].time) }) {
            result[index].isValid = false
            result[index].gnssAltitudeDm = nil
        }
        for time in displaced {
            guard let index = result.firstIndex(where: { $0.time >= time && $0.isValid }) else { continue }
            // Due north along the meridian, over the pole if that far (a valid position, never past 90°).
            let moved = Geodesy.destination(from: result[index].coordinate, bearing: 0, distance: displacementMeters)
            result[index].latitudeE7 = Int32((moved.latitude * 1e7).rounded())
            result[index].longitudeE7 = Int32((moved.longitude * 1e7).rounded())
        }
        let spikeDm = Int32((altitudeSpikeMeters * 10).rounded())
        for time in altitudeSpikes {
            guard let index = result.firstIndex(where: { $0.time >= time && $0.isValid && $0.gnssAltitudeDm != nil })
            else { continue }
            result[index].gnssAltitudeDm = result[index].gnssAltitudeDm.map { $0 &+ spikeDm }
        }
        return result
    }

    /// Whether the barometer answers at `time`.
    package func barometerPresent(at time: UTCMillis) -> Bool {
        !barometerMissing.contains { $0.contains(time) }
    }

    /// A window of the flight's day, `HH:MM:SS-HH:MM:SS` (or `HHMMSS-HHMMSS`) in UTC; an open end
    /// (`HH:MM:SS-`) lasts to the end of the flight. Times before `start` (the flight's first fix) are on
    /// the next day (flights across midnight UTC).
    package static func window(_ text: String, start: UTCMillis) -> ClosedRange<UTCMillis>? {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let from = time(String(parts[0]), start: start) else { return nil }
        if parts[1].isEmpty { return from...UTCMillis.max }
        guard let to = time(String(parts[1]), start: start) else { return nil }
        let end = to < from ? to + Time.millisPerDay : to
        return from...end
    }

    /// `HH:MM:SS` or `HHMMSS` of the flight's day, UTC, at or after `start`'s day.
    package static func time(_ text: String, start: UTCMillis) -> UTCMillis? {
        let digits = text.filter { $0 != ":" }
        guard digits.count == 6, digits.allSatisfy(\.isASCII), let value = Int64(digits) else { return nil }
        let (h, m, s) = (value / 10_000, value / 100 % 100, value % 100)
        guard h < 24, m < 60, s < 60 else { return nil }
        let midnight = start - ((start % Time.millisPerDay) + Time.millisPerDay) % Time.millisPerDay
        let time = midnight + (h * 3600 + m * 60 + s) * 1000
        return time < start ? time + Time.millisPerDay : time
    }
}

/// The replay's clock: simulated UTC against wall time, `speed` times real time except in its windows, each with a
/// speed of its own: `realTime` windows run at real time (so that what the recorder does on its own wall clock -
/// reconnect backoffs, a restart - takes the flight time it would take in the air), `slower` ones at theirs (a
/// replay at 3× around a power cut, 50× elsewhere). Where windows overlap, the first in start order wins.
package struct ReplaySchedule: Sendable {
    package let start: UTCMillis
    package let speed: Double
    /// Sorted, non-overlapping windows clipped to start at or after `start`, each with its speed.
    private let windows: [(range: ClosedRange<UTCMillis>, speed: Double)]

    package init(
        start: UTCMillis, speed: Double, realTime: [ClosedRange<UTCMillis>] = [],
        slower: [(window: ClosedRange<UTCMillis>, speed: Double)] = []
    ) {
        self.start = start
        self.speed = speed
        let all = realTime.map { (window: $0, speed: 1.0) } + slower
        var merged: [(range: ClosedRange<UTCMillis>, speed: Double)] = []
        for (window, pace) in all.sorted(by: { $0.window.lowerBound < $1.window.lowerBound })
        where window.upperBound > start {
            var clipped = max(window.lowerBound, start)...window.upperBound
            if let last = merged.last, clipped.lowerBound <= last.range.upperBound {
                if last.speed == pace {
                    merged[merged.count - 1].range =
                        last.range.lowerBound...max(last.range.upperBound, clipped.upperBound)
                    continue
                }
                guard clipped.upperBound > last.range.upperBound else { continue }
                clipped = (last.range.upperBound + 1)...clipped.upperBound
            }
            merged.append((clipped, pace))
        }
        windows = merged
    }

    /// Wall nanoseconds from the replay's start to simulated `time`.
    package func wallNanos(at time: UTCMillis) -> Int64 {
        guard time > start else { return 0 }
        var inside: Int64 = 0
        var wallMillis = 0.0
        for window in windows where window.range.lowerBound < time {
            let span = min(time, window.range.upperBound) - window.range.lowerBound
            inside += span
            wallMillis += Double(span) / window.speed
        }
        wallMillis += Double(time - start - inside) / speed
        return Int64((wallMillis * 1e6).rounded())
    }

    /// Simulated UTC `nanos` wall nanoseconds after the replay's start.
    package func utc(atWallNanos nanos: Int64) -> UTCMillis {
        var wallMillis = Double(nanos) / 1e6
        var time = start
        for window in windows {
            let fastToWindow = Double(window.range.lowerBound - time) / speed
            if wallMillis <= fastToWindow { break }
            wallMillis -= fastToWindow
            time = window.range.lowerBound
            let length = Double(window.range.upperBound - window.range.lowerBound) / window.speed
            if wallMillis <= length { return time + Int64(wallMillis * window.speed) }
            wallMillis -= length
            time = window.range.upperBound
        }
        return time + Int64(wallMillis * speed)
    }
}
