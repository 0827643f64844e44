import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Deterministic synthetic tracks that are hard for the exact contest search, for its tests and the benchmark:
/// a fix every `every` seconds (1: 1 Hz), near 51° N 7° E, pressure and GNSS altitude alike.
package enum SyntheticTracks {
    package enum Kind: String, CaseIterable, Sendable {
        /// Straight glides of 20 minutes, each losing 1,200 m, with 40-minute climbs between them, along a line.
        case descendingGlide = "glide"
        /// Circling in one place (60 m radius, 40 s a turn), slowly climbing and sinking, a little noise.
        case circling
        /// Back and forth between two points 30 km apart at 108 km/h, the altitude rising and falling.
        case zigzag
    }

    /// `hours` of `kind`, a fix every `every` seconds.
    package static func fixes(_ kind: Kind, hours: Double, every: Int = 1) -> [Fix] {
        let seconds = Int(hours * 3600)
        var noise = UInt64(2026)
        func jitter() -> Double {  // ±1 m, a linear congruential generator
            noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(noise >> 33) / Double(1 << 31) * 2 - 1
        }
        let metre = 1 / 111_195.0, east = 1 / cos(51 * Double.pi / 180)
        return stride(from: 0, to: seconds, by: max(1, every)).map { t in
            let s = Double(t)
            var north = 0.0, eastward = 0.0, altitude = 1000.0
            switch kind {
            case .descendingGlide:
                // One hour: 20 min gliding at 36 m/s sinking 1 m/s, then 40 min circling up 1,200 m again.
                let hour = Double(t / 3600), within = s - hour * 3600
                let glided = min(within, 1200)
                eastward = (hour * 1200 + glided) * 36
                altitude = 2300 - glided
                if within > 1200 {
                    let turn = (within - 1200) / 40 * 2 * .pi
                    north = 60 * sin(turn)
                    eastward += 60 * (1 - cos(turn))
                    altitude = 1100 + (within - 1200) / 2
                }
            case .circling:
                let turn = s / 40 * 2 * .pi
                north = 60 * sin(turn) + jitter()
                eastward = 60 * cos(turn) + jitter()
                altitude = 1500 + 600 * sin(s / 1800)
            case .zigzag:
                let along = (s * 30).truncatingRemainder(dividingBy: 60_000)
                eastward = along <= 30_000 ? along : 60_000 - along
                north = 200 * sin(s / 900)
                altitude = 1500 + 700 * sin(s / 2400)
            }
            return Fix(
                time: 1_750_000_000_000 + UTCMillis(t) * 1000, latitude: 51 + north * metre,
                longitude: 7 + eastward * metre * east, pressureAltitude: altitude, gnssAltitude: altitude + 50)
        }
    }

    /// One straight glide of `hours` due east at 25 m/s from 3,000 m, losing `loss` metres at an even rate,
    /// `perSecond` fixes a second: what a tow and then a glide to the ground leaves. The 1000 m rule binds along
    /// the whole glide, and every route with the same start and finish is as long (a plateau of ties).
    package static func straightGlide(hours: Double, loss: Meters, perSecond: Int = 1) -> [Fix] {
        let count = Int(hours * 3600) * max(1, perSecond)
        let metre = 1 / 111_195.0, east = 1 / cos(51 * Double.pi / 180)
        return (0..<count).map { i in
            let s = Double(i) / Double(max(1, perSecond))
            let altitude = 3000 - loss * s / (hours * 3600)
            return Fix(
                time: 1_750_000_000_000 + UTCMillis(i * 1000 / max(1, perSecond)), latitude: 51,
                longitude: 7 + s * 25 * metre * east, pressureAltitude: altitude, gnssAltitude: altitude + 50)
        }
    }

    /// A wave flight without circling, 1 Hz, ±1 m of altitude noise: 10 minutes gliding east at 30 m/s from
    /// 1,500 m sinking 1 m/s, then `climbMinutes` climbing straight north at 20 m/s and `climbRate` m/s (in the
    /// wave), then 20 minutes gliding east again as at first. The glides' L/D is 30.
    package static func waveClimb(climbMinutes: Double = 20, climbRate: Double = 2) -> [Fix] {
        var noise = UInt64(38)
        func jitter() -> Double {  // ±1 m, a linear congruential generator
            noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(noise >> 33) / Double(1 << 31) * 2 - 1
        }
        let metre = 1 / 111_195.0, east = 1 / cos(51 * Double.pi / 180)
        let glide = 600.0, climb = climbMinutes * 60, total = glide + climb + 1200
        return (0..<Int(total)).map { t in
            let s = Double(t)
            let first = min(s, glide), climbed = min(max(0, s - glide), climb), last = max(0, s - glide - climb)
            let altitude = 1500 - first + climbed * climbRate - last + jitter()
            return Fix(
                time: 1_750_000_000_000 + UTCMillis(t) * 1000, latitude: 51 + climbed * 20 * metre,
                longitude: 7 + (first + last) * 30 * metre * east, pressureAltitude: altitude,
                gnssAltitude: altitude + 50)
        }
    }
}
