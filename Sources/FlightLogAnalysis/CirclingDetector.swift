import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fixes the phase analysis reads: the valid (`A`) fixes of a window whose time is later than the previous
/// one's, with one altitude per fix (pressure altitude when the window has any, else GNSS; a fix without it takes
/// the nearest earlier one, the first ones the first known).
struct PhaseTrack {
    var fixIndex: [Int] = []
    var times: [UTCMillis] = []
    var latitudes: [Degrees] = [], longitudes: [Degrees] = []
    var altitudes: [Meters] = []
    var count: Int { times.count }

    init(_ fixes: [Fix], window: Range<Int>) {
        let usesPressure = fixes[window].contains { $0.pressureAltitudeDm != nil }
        var last = UTCMillis.min
        var known: Meters?, unknownLead = 0
        for i in window where fixes[i].isValid && fixes[i].time > last {
            let fix = fixes[i]
            last = fix.time
            fixIndex.append(i)
            times.append(fix.time)
            latitudes.append(fix.latitude)
            longitudes.append(fix.longitude)
            if let altitude = usesPressure ? fix.pressureAltitude : fix.gnssAltitude {
                if known == nil { for k in 0..<unknownLead { altitudes[k] = altitude } }
                known = altitude
            } else if known == nil {
                unknownLead += 1
            }
            altitudes.append(known ?? 0)
        }
    }

    func seconds(_ a: Int, _ b: Int) -> Double { Double(times[b] - times[a]) / 1000 }

    /// Great-circle distance between samples `a` and `b` on the FAI sphere (R = 6371 km), metres.
    func distance(_ a: Int, _ b: Int) -> Meters {
        let phi1 = latitudes[a] * .pi / 180, phi2 = latitudes[b] * .pi / 180
        let s1 = sin((phi2 - phi1) / 2), s2 = sin((longitudes[b] - longitudes[a]) * .pi / 360)
        let h = s1 * s1 + cos(phi1) * cos(phi2) * s2 * s2
        return 2 * ContestTrace.faiRadius * asin(min(1, h.squareRoot()))
    }

    func bearing(_ a: Int, _ b: Int) -> Degrees {
        Geodesy.bearing(
            Coordinate(latitude: latitudes[a], longitude: longitudes[a]),
            Coordinate(latitude: latitudes[b], longitude: longitudes[b]))
    }
}

/// XCSoar's circling rule (docs/CONTEST-AND-THERMALS.md, "Thermals and glides"), one pass over the samples.
///
/// The track is the bearing from the previous sample (kept when the glider moved less than 1 m); the turn rate
/// is its change per second, clamped to ±50 °/s so that one bad fix cannot fake a circle, then smoothed as
/// `y = 0.7 y + 0.3 x` per second of time (XCSoar does it per fix, which is the same at 1 Hz; per second, a
/// 10 s log does not lag 50 s behind the glider). Turning means |y| ≥ 4 °/s. Circling starts after more than 15 s
/// of turning and ends after more than 10 s without; each change is dated back to the sample where the turning
/// began or stopped. A gap of more than 30 s forgets the track and the rate: nothing is known of the turning
/// across it.
enum CirclingDetector {
    static let maximumRate: Double = 50
    static let smoothing: Double = 0.3
    static let turningRate: Double = 4
    static let toCircling: Double = 15
    static let toCruise: Double = 10
    static let maximumGap: Double = 30

    /// A stretch of one mode, from sample `start` to the next stretch's start (the samples share the boundary).
    struct Stretch: Equatable {
        var circling: Bool
        var start: Int
    }

    /// The stretches (the first starts at 0, in cruise) and each sample's signed heading change from the previous
    /// sample in degrees (positive = to the right; 0 where unknown).
    static func detect(_ track: PhaseTrack) -> (stretches: [Stretch], turns: [Double]) {
        enum Mode { case cruise, possibleCircling, circling, possibleCruise }
        var stretches = [Stretch(circling: false, start: 0)]
        var turns = [Double](repeating: 0, count: track.count)
        var mode = Mode.cruise, changeStart = 0
        var heading: Degrees?, rate: Double = 0
        for i in 1..<max(1, track.count) {
            let dt = track.seconds(i - 1, i)
            if dt > maximumGap {
                heading = nil
                rate = 0
            } else if track.distance(i - 1, i) >= 1 {
                let now = track.bearing(i - 1, i)
                if let heading {
                    turns[i] = Geodesy.headingChange(from: heading, to: now)
                    let keep = pow(1 - smoothing, dt)
                    rate = keep * rate + (1 - keep) * min(maximumRate, max(-maximumRate, turns[i] / dt))
                }
                heading = now
            } else {
                rate *= pow(1 - smoothing, dt)  // not moved: the track holds, the rate is 0
            }
            let turning = abs(rate) >= turningRate
            switch mode {
            case .cruise:
                if turning { (mode, changeStart) = (.possibleCircling, i) }
            case .possibleCircling:
                if !turning {
                    mode = .cruise
                } else if track.seconds(changeStart, i) > toCircling {
                    mode = .circling
                    stretches.append(Stretch(circling: true, start: changeStart))
                }
            case .circling:
                if !turning { (mode, changeStart) = (.possibleCruise, i) }
            case .possibleCruise:
                if turning {
                    mode = .circling
                } else if track.seconds(changeStart, i) > toCruise {
                    mode = .cruise
                    stretches.append(Stretch(circling: false, start: changeStart))
                }
            }
        }
        return (stretches, turns)
    }
}
