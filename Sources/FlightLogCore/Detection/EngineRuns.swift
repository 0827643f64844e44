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
/// The sensors are `ENL` (engine noise), `MOP` (a means-of-propulsion sensor) and `RPM`, each that the file
/// declares: the engine reading of a fix is the highest of them, so that an electric or jet sustainer that the
/// noise sensor barely hears (the reason MOP exists) still shows its runs through MOP. ENL and MOP are read on
/// their field's scale: 0…999 for the usual 3 digits, and a wider or narrower field is rescaled to that. RPM is
/// revolutions per minute. A field that is not digits, or missing from a fix, is no reading. XCSoar's rule: the
/// engine is on once the reading stays above 500 for 30 s, and off again once it stays at or below 350 for 30 s;
/// the run is dated from the first fix of the first stretch to the first fix of the second. A reading above 500
/// for less than 30 s (an open window, a landing roll) is no run. The launch (``LaunchAnalyzer``) reads the same
/// runs, so that the logbook's launch method and the analysis never disagree about the engine.
package enum EngineRuns {
    static let onAbove: Double = 500
    static let offAtOrBelow: Double = 350
    static let hold: Double = 30

    /// The engine sensors declared in `extensions`, joined in the order ENL, MOP, RPM ("ENL", "ENL+MOP"), or nil
    /// without one.
    package static func sensor(_ extensions: [FixExtension]) -> String? {
        let codes = sensors(extensions).map(\.code)
        return codes.isEmpty ? nil : codes.joined(separator: "+")
    }

    /// Each declared engine sensor's field and the factor that brings its reading to the 0…999 scale (RPM: 1).
    static func sensors(_ extensions: [FixExtension]) -> [(code: String, range: Range<Int>, scale: Double)] {
        ["ENL", "MOP", "RPM"].compactMap { code in
            guard let range = LaunchAnalyzer.extensionRange(code, extensions), !range.isEmpty else { return nil }
            return (code, range, code == "RPM" ? 1 : 999 / (pow10(range.count) - 1))
        }
    }

    /// The engine reading of `fix`: the highest of its sensors' readings, nil when none can be read.
    static func reading(_ fix: Fix, _ sensors: [(code: String, range: Range<Int>, scale: Double)]) -> Double? {
        sensors.compactMap { sensor in
            LaunchAnalyzer.extensionValue(sensor.range, in: fix).map { Double($0) * sensor.scale }
        }.max()
    }

    /// The runs in `fixes[window]`, in time order; empty without an engine sensor. A run still on at the window's
    /// end ends there (or where its last stretch at or below 350 began).
    package static func find(_ fixes: [Fix], extensions: [FixExtension], window: Range<Int>? = nil) -> [EngineRun] {
        let sensors = sensors(extensions)
        guard !sensors.isEmpty else { return [] }
        let window = window.map { $0.clamped(to: fixes.indices) } ?? fixes.indices
        let usesPressure = fixes[window].contains { $0.pressureAltitudeDm != nil }
        func altitude(_ i: Int) -> Meters? { usesPressure ? fixes[i].pressureAltitude : fixes[i].gnssAltitude }

        var runs: [EngineRun] = []
        var on = false, stretchStart: Int?, runStart = 0, last: Int?
        for i in window {
            guard let value = reading(fixes[i], sensors) else { continue }
            if let previous = last, fixes[i].time <= fixes[previous].time { continue }
            last = i
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
