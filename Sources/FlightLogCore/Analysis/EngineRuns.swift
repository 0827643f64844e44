/// One engine run, from the engine sensor's readings.
package struct EngineRun: Sendable, Hashable, Codable {
    /// First fix of the run and the first fix after it (indices into the analysed fixes).
    package var startIndex: Int, endIndex: Int
    package var start: UTCMillis, end: UTCMillis
    /// Altitude at the end − altitude at the start, metres (pressure altitude when the fixes have any, else GNSS).
    package var heightGain: Meters?
    package var seconds: Double { Double(end - start) / 1000 }
}

/// Engine runs from an engine sensor in the B records (docs/CONTEST-AND-THERMALS.md, "Engine runs").
///
/// The sensor is `ENL` (engine noise), else `MOP` (a means-of-propulsion sensor), else `RPM`. ENL and MOP are read
/// on their field's scale: 0…999 for the usual 3 digits, and a wider or narrower field is rescaled to that. RPM is
/// revolutions per minute. XCSoar's rule: the engine is on once the reading stays above 500 for 30 s, and off
/// again once it stays at or below 350 for 30 s; the run is dated from the first fix of the first stretch to the
/// first fix of the second. A reading above 500 for less than 30 s (an open window, a landing roll) is no run.
package enum EngineRuns {
    static let onAbove: Double = 500
    static let offAtOrBelow: Double = 350
    static let hold: Double = 30

    /// The engine sensor declared in `extensions` (ENL before MOP before RPM), or nil without one.
    package static func sensor(_ extensions: [FixExtension]) -> String? {
        ["ENL", "MOP", "RPM"].first { LaunchAnalyzer.extensionRange($0, extensions) != nil }
    }

    /// The runs in `fixes[window]`, in time order; empty without an engine sensor. A run still on at the window's
    /// end ends there (or where its last stretch at or below 350 began).
    package static func find(_ fixes: [Fix], extensions: [FixExtension], window: Range<Int>? = nil) -> [EngineRun] {
        guard let code = sensor(extensions), let range = LaunchAnalyzer.extensionRange(code, extensions),
            !range.isEmpty
        else { return [] }
        // 3 digits read as they are; other widths scaled to 0…999. RPM is taken as it is.
        let scale = code == "RPM" ? 1 : 999 / (pow10(range.count) - 1)
        let window = window.map { $0.clamped(to: fixes.indices) } ?? fixes.indices
        let usesPressure = fixes[window].contains { $0.pressureAltitudeDm != nil }
        func altitude(_ i: Int) -> Meters? { usesPressure ? fixes[i].pressureAltitude : fixes[i].gnssAltitude }

        var runs: [EngineRun] = []
        var on = false, stretchStart: Int?, runStart = 0, last: Int?
        for i in window {
            guard let raw = LaunchAnalyzer.extensionValue(range, in: fixes[i]) else { continue }
            if let previous = last, fixes[i].time <= fixes[previous].time { continue }
            last = i
            let value = Double(raw) * scale
            let leaving = on ? value <= offAtOrBelow : value > onAbove
            guard leaving else {
                stretchStart = nil
                continue
            }
            let since = stretchStart ?? i
            stretchStart = since
            guard Double(fixes[i].time - fixes[since].time) / 1000 >= hold else { continue }
            if on {
                runs.append(run(fixes, runStart, since, altitude))
            } else {
                runStart = since
            }
            on.toggle()
            stretchStart = nil
        }
        if on, let last { runs.append(run(fixes, runStart, stretchStart ?? last, altitude)) }
        return runs
    }

    private static func run(_ fixes: [Fix], _ start: Int, _ end: Int, _ altitude: (Int) -> Meters?) -> EngineRun {
        let gain = altitude(end).flatMap { top in altitude(start).map { top - $0 } }
        return EngineRun(
            startIndex: start, endIndex: end, start: fixes[start].time, end: fixes[end].time, heightGain: gain)
    }

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1) { r, _ in r * 10 } }
}
