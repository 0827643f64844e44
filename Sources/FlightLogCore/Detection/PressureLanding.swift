/// The landing found from the pressure alone, when the fix is lost in flight and never comes back (an antenna
/// cable). Fed the `V` fixes of a flight in progress: the pressure altitude staying within `band` metres for
/// `hold` seconds, near the ground level known from the takeoff (at most `aboveTakeoff` metres above the takeoff's
/// pressure altitude, at most `nearTakeoff` below it), is the landing, dated to the first fix of that stillness.
/// Any valid fix, or a gap in the `V` fixes, starts it over.
///
/// Why these numbers:
/// - `band` 3 m: a BMP280 on the ground reads within ±0.5 m (noise ~0.5 Pa RMS; docs/DETECTION.md, barometer
///   noise) and the weather moves it ~0.1 m in 3 min; a glider in the air never holds its altitude within 3 m
///   for minutes: a straight glide in zero lift sinks 0.5–1 m/s (100+ m in 3 min), circling in zero lift goes up and down by
///   metres each turn, ridge and wave lift vary by more than that.
/// - `hold` 180 s: three times the GPS rule's 60 s, so even a glider trimmed level in smooth air (wave, evening
///   lift) would have to stay within 3 m for three whole minutes; the landing keeps its time (the start of the
///   stillness), only its detection is later.
/// - `aboveTakeoff` 60 m: a glider can hold a level for a while (a winch launch's 530 m, 180 m above the field,
///   held within a few metres for 50 s; wave, evening lift), never at circuit height for minutes; the ground the
///   flight can land on near its takeoff lies within a few tens of metres of it, and the weather moves a field's
///   pressure altitude by ~8 m per hPa (a few hPa in a day). A field much higher than the takeoff is left to the
///   end of the recording (the recorder then closes the flight at its last fix).
/// - `nearTakeoff` 800 m below: outlandings are usually within a few hundred metres of the takeoff elevation (valley
///   fields in the Alps up to ~700 m below a mountain airfield), while smooth level flight (wave) happens well
///   above that; the band excludes only the high, smooth cases the stillness test alone might not.
package struct PressureLanding: Sendable {
    package static let band: Meters = 3
    package static let hold: Double = 180
    package static let nearTakeoff: Meters = 800
    package static let aboveTakeoff: Meters = 60
    /// A `V` fix more than this after the previous fix (s) breaks the stillness (a power cut: nobody knows).
    package static let maximumGap: Double = 30

    /// First fix of the current stillness: time and index as the detector counts them.
    package private(set) var since: (time: UTCMillis, index: Int)?
    private var low: Meters = 0, high: Meters = 0
    private var lastTime: UTCMillis?

    package init() {}

    /// A valid fix (or the takeoff) at `time`: the pressure alone decides nothing.
    package mutating func reset(at time: UTCMillis?) {
        since = nil
        lastTime = time
    }

    /// Feeds one `V` fix of a flight in progress; returns the landing (first fix of the stillness) once the
    /// stillness has lasted `hold`.
    package mutating func feed(time: UTCMillis, index: Int, pressureAltitude: Meters?, takeoffAltitude: Meters?)
        -> (time: UTCMillis, index: Int)?
    {
        defer { lastTime = time }
        guard let altitude = pressureAltitude, let takeoffAltitude,
            (-Self.nearTakeoff...Self.aboveTakeoff).contains(altitude - takeoffAltitude)
        else {
            since = nil
            return nil
        }
        let continuous = lastTime.map { Double(time - $0) / 1000 <= Self.maximumGap } ?? false
        if continuous, let start = since, max(high, altitude) - min(low, altitude) <= Self.band {
            low = min(low, altitude)
            high = max(high, altitude)
            if Double(time - start.time) / 1000 >= Self.hold {
                since = nil
                return start
            }
        } else {
            since = (time, index)
            low = altitude
            high = altitude
        }
        return nil
    }

    /// Whether `altitude` lies within ``band`` of the current stillness (false when there is none).
    package func holds(_ altitude: Meters) -> Bool {
        since != nil && max(high, altitude) - min(low, altitude) <= Self.band
    }

    /// How long the current stillness has lasted at `time`, seconds.
    package func stillSeconds(at time: UTCMillis) -> Double {
        since.map { Double(time - $0.time) / 1000 } ?? 0
    }
}
