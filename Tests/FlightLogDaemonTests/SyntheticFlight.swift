import FlightLogCore

#if canImport(Glibc)
import Glibc
#endif

/// A deterministic glider flight as sensor input: 1 Hz GNSS readings and 25 Hz pressure readings.
/// Phases (seconds): still on the ground, takeoff roll, circling climb at 2 m/s, straight glide down at
/// 1.5 m/s, landing roll, still on the ground.
struct SyntheticFlight {
    struct Second {
        var reading: GNSSReading
        /// The pressure readings of the second before the GNSS reading arrives.
        var pressures: [PressureReading]
        var altitude: Meters
    }

    static let start: UTCMillis = 1_749_979_800_000  // 2025-06-15T09:30:00Z
    static let groundBefore = 180
    static let climbSeconds = 300
    static let glideSeconds = 400
    static let groundAfter = 180
    static let elevation: Meters = 420

    /// Index (second) of the first moving fix and of the first still fix after landing.
    static let takeoffSecond = groundBefore
    static var landingSecond: Int { groundBefore + 20 + climbSeconds + glideSeconds + 20 }
    static var count: Int { landingSecond + groundAfter }

    /// Monotonic clock of the simulated machine at the first second.
    var monotonicStart: Int64 = 1_000_000_000_000
    /// Where the flight starts, metres north and east of the default field (a second flight from where one landed).
    var originNorth: Double = 0, originEast: Double = 0

    /// North/east offset (m) of the place where the glider stands after the landing.
    static var landingPlace: (north: Double, east: Double) {
        let end = position(at: Double(count))
        return (end.north, end.east)
    }

    func second(_ i: Int) -> Second {
        var (north, east, height, speed) = Self.position(at: Double(i))
        north += originNorth
        east += originEast
        let latitude = 47.39 + north / 111_195
        let longitude = 8.53 + east / (111_195 * cos(47.39 * .pi / 180))
        let base = monotonicStart + Int64(i) * 1_000_000_000
        var pressures: [PressureReading] = []
        for k in 0..<25 {
            let t = Double(i) - 1 + Double(k) / 25 + 0.2
            let h = Self.position(at: max(0, t)).height
            pressures.append(
                PressureReading(
                    monotonicNanos: base - 800_000_000 + Int64(k) * 40_000_000,
                    pascals: ISA.pressure(altitude: Self.elevation + h), temperatureCelsius: 21.5))
        }
        let reading = GNSSReading(
            time: Self.start + Int64(i) * 1000, mode: 3, latitude: latitude, longitude: longitude,
            altitudeHAE: Self.elevation + 48 + height, speed: speed, eph: 4, satellitesUsed: 10,
            receivedAtMonotonicNanos: base + 200_000_000)
        return Second(reading: reading, pressures: pressures, altitude: Self.elevation + height)
    }

    /// North/east offset (m), height above the field (m) and ground speed (m/s) at second `t`.
    static func position(at t: Double) -> (north: Double, east: Double, height: Double, speed: Double) {
        let roll = 20.0
        var t = t - Double(groundBefore)
        if t <= 0 { return (0, 0, 0, 0) }
        if t < roll { return (0, 0.75 * t * t, 0, 1.5 * t) }  // accelerate to 30 m/s
        let rollEnd = 0.75 * roll * roll
        t -= roll
        let radius = 300.0, speed = 30.0
        if t < Double(climbSeconds) {
            let angle = speed * t / radius
            return (radius * sin(angle), rollEnd + radius * (1 - cos(angle)), 2 * t, speed)
        }
        let climbTop = 2 * Double(climbSeconds)
        let angle = speed * Double(climbSeconds) / radius
        let north0 = radius * sin(angle), east0 = rollEnd + radius * (1 - cos(angle))
        t -= Double(climbSeconds)
        if t < Double(glideSeconds) {
            let height = max(0, climbTop - 1.5 * t)
            return (north0 + 25 * t, east0, height, 25)
        }
        let glideEnd = north0 + 25 * Double(glideSeconds)
        t -= Double(glideSeconds)
        if t < roll { return (glideEnd + 25 * t - 0.625 * t * t, east0, 0, max(0, 25 - 1.25 * t)) }
        return (glideEnd + 25 * roll - 0.625 * roll * roll, east0, 0, 0)
    }
}
