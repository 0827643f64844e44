import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What to simulate. Times are UTC; altitudes metres; the flight lasts from the start of the ground roll
/// (``takeoffTime``) to standstill after the landing roll (``landingTime``).
package struct SimulatedFlightPlan: Sendable, Hashable {
    package var start: UTCMillis
    package var field: Coordinate
    /// Field elevation above mean sea level, metres.
    package var fieldElevation: Meters
    /// `.winch`, `.aerotow` or `.self` (`.unknown` flies an aerotow).
    package var launch: LaunchMethod
    /// Ground roll to standstill, minutes (at least 5; 8 or more leaves time for free flight).
    package var flightMinutes: Int
    package var groundMinutesBefore: Int
    package var groundMinutesAfter: Int
    /// 1000 for 1 Hz, 100 for 10 Hz.
    package var fixIntervalMillis: Int
    package var seed: UInt64
    /// Sea-level pressure of the day (Pa): pressure altitude = ISA of the simulated static pressure, so it
    /// differs from the GNSS altitude as on a real day.
    package var qnh: Pascals
    /// Geoid height above the WGS84 ellipsoid (metres); GNSS altitude = MSL altitude + this.
    package var geoidSeparation: Meters

    package init(
        start: UTCMillis = 1_746_093_600_000, field: Coordinate = Coordinate(latitude: 50.8261, longitude: 6.1864),
        fieldElevation: Meters = 189, launch: LaunchMethod = .aerotow, flightMinutes: Int = 60,
        groundMinutesBefore: Int = 5, groundMinutesAfter: Int = 5, fixIntervalMillis: Int = 1000, seed: UInt64 = 1,
        qnh: Pascals = 101_825, geoidSeparation: Meters = 47
    ) {
        self.start = start
        self.field = field
        self.fieldElevation = fieldElevation
        self.launch = launch
        self.flightMinutes = flightMinutes
        self.groundMinutesBefore = groundMinutesBefore
        self.groundMinutesAfter = groundMinutesAfter
        self.fixIntervalMillis = fixIntervalMillis
        self.seed = seed
        self.qnh = qnh
        self.geoidSeparation = geoidSeparation
    }

    /// A one-hour aerotow from Aachen-Merzbrück on 1 May 2025 at 10:00 UTC, 1 Hz (the CLI's and the demo's base).
    package static let demo = SimulatedFlightPlan()

    /// Start of the ground roll.
    package var takeoffTime: UTCMillis { start + UTCMillis(groundMinutesBefore) * 60_000 }
    /// Standstill after the landing roll.
    package var landingTime: UTCMillis { takeoffTime + UTCMillis(max(5, flightMinutes)) * 60_000 }
    /// Last fix time.
    package var end: UTCMillis { landingTime + UTCMillis(groundMinutesAfter) * 60_000 }
}

/// A deterministic glider-flight simulator (seeded PRNG, no clock) for samples, tests, the demo and benchmarks:
/// standstill, ground roll, winch/aerotow/self launch with release, thermals (circling climbs) and glides,
/// return, approach, landing roll, standstill; correlated GNSS position and altitude noise, barometric
/// pressure altitude from the day's QNH.
package enum FlightSimulator {
    /// Declared extensions of every simulated fix: `FXA` (3 digits, metres), `SIU` (2 digits) and `ENL`
    /// (3 digits, engine noise 0–999: low cockpit noise, high while a self-launcher's engine runs).
    package static let extensions = [
        FixExtension(code: "FXA", length: 3), FixExtension(code: "SIU", length: 2),
        FixExtension(code: "ENL", length: 3),
    ]

    package static func simulate(_ plan: SimulatedFlightPlan) -> [Fix] {
        var model = GliderModel(plan: plan)
        var fixes: [Fix] = []
        let step = UTCMillis(max(1, plan.fixIntervalMillis))
        fixes.reserveCapacity(Int((plan.end - plan.start) / step) + 1)
        var time = plan.start
        while time <= plan.end {
            model.advance(to: time)
            fixes.append(model.fix(at: time))
            time += step
        }
        return fixes
    }
}

/// SplitMix64: tiny, fast, good enough for simulation noise.
struct SplitMix64: Sendable {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    /// Standard normal (Box–Muller).
    mutating func gaussian() -> Double {
        let u = max(uniform(0...1), 1e-12), v = uniform(0...1)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}

/// First-order Gauss–Markov noise: standard deviation `sigma`, correlation time `tau` seconds.
struct CorrelatedNoise: Sendable {
    var sigma: Double
    var tau: Double
    var value: Double = 0

    mutating func step(_ dt: Double, _ random: inout SplitMix64) -> Double {
        let a = exp(-dt / tau)
        value = a * value + sigma * (1 - a * a).squareRoot() * random.gaussian()
        return value
    }
}

/// The true motion of the glider plus the sensor errors, advanced in fixed steps.
struct GliderModel: Sendable {
    enum Mode: Sendable { case thermal, glide }

    let plan: SimulatedFlightPlan
    var random: SplitMix64
    // True state: metres east/north of the field, height above the field, heading (degrees), speeds m/s.
    var east: Double = 0, north: Double = 0, height: Double = 0
    var heading: Double
    var speed: Double = 0
    var climb: Double = 0
    var lastTime: UTCMillis
    // Free flight.
    var mode = Mode.glide
    var modeUntil: Double = 0
    var thermalClimb: Double = 2
    var turnRate: Double = 15
    var cloudBase: Double
    var released = false
    var releaseTau: Double = 0
    // Sensors.
    var gpsEast = CorrelatedNoise(sigma: 1.5, tau: 20)
    var gpsNorth = CorrelatedNoise(sigma: 1.5, tau: 20)
    var gpsUp = CorrelatedNoise(sigma: 4, tau: 30)
    var baro = CorrelatedNoise(sigma: 0.3, tau: 10)
    var satellites = 9

    /// Seconds from takeoff to touchdown, and the landing roll.
    let touchdown: Double
    static let landingRoll: Double = 12
    static let touchdownSpeed: Double = 24

    init(plan: SimulatedFlightPlan) {
        self.plan = plan
        random = SplitMix64(seed: plan.seed ^ 0x5EED_F11E)
        heading = random.uniform(0...359).rounded()
        lastTime = plan.start
        cloudBase = random.uniform(1200...1800)
        touchdown = Double(plan.landingTime - plan.takeoffTime) / 1000 - Self.landingRoll
    }

    /// Seconds since the start of the ground roll.
    func tau(_ time: UTCMillis) -> Double { Double(time - plan.takeoffTime) / 1000 }

    mutating func advance(to time: UTCMillis) {
        let dt = Double(time - lastTime) / 1000
        lastTime = time
        let t = tau(time)
        _ = gpsEast.step(dt, &random)
        _ = gpsNorth.step(dt, &random)
        _ = gpsUp.step(dt, &random)
        _ = baro.step(dt, &random)
        guard dt > 0, t > 0 else { return }
        if t >= touchdown + Self.landingRoll {
            speed = 0
            climb = 0
            height = 0
            return
        }
        if t >= touchdown {
            speed = max(0, Self.touchdownSpeed * (1 - (t - touchdown) / Self.landingRoll))
            climb = 0
            height = 0
        } else if !released {
            launch(t, dt)
        } else if touchdown - t < 240 || distanceHome() > 27 * (touchdown - t) - 200 {
            approach(t, dt)
        } else {
            freeFlight(t, dt)
        }
        move(dt)
    }

    mutating func move(_ dt: Double) {
        east += speed * dt * sin(heading * .pi / 180)
        north += speed * dt * cos(heading * .pi / 180)
        height = max(0, height + climb * dt)
    }

    func distanceHome() -> Double { (east * east + north * north).squareRoot() }
    func bearingHome() -> Double { Geodesy.normalizedDegrees(atan2(-east, -north) * 180 / .pi) }

    mutating func launch(_ t: Double, _ dt: Double) {
        switch plan.launch {
        case .winch:
            // Roll 3 s, climb to about 400 m in 40 s on an S-curve, then release.
            speed = t < 3 ? 8 * t : 25 - 10 * min(1, (t - 3) / 40)
            let x = min(1, max(0, (t - 3) / 40))
            let target = 400 * x * x * (3 - 2 * x)
            climb = (target - height) / dt
            if x >= 1 { release(t) }
        case .self:
            speed = min(26, 1.5 * t)
            climb = t < 18 ? 0 : min(2.5, (t - 18) / 4)
            if height >= 700 { release(t) }
        default:
            // Aerotow: 14 s roll behind the tug, 3 m/s climb with the tug's gentle turns, release at 600 m.
            speed = min(28, 2 * t)
            climb = t < 12 ? 0 : min(3, (t - 12) / 3)
            if t > 40 { heading += 1.5 * sin(t / 50) * dt }
            if height >= 600 { release(t) }
        }
    }

    mutating func release(_ t: Double) {
        released = true
        releaseTau = t
        mode = .glide
        modeUntil = t + 8
        // After an aerotow, the glider turns away at once (it then circles in the first thermal).
        if plan.launch != .winch {
            mode = .thermal
            modeUntil = t + random.uniform(120...300)
            thermalClimb = random.uniform(1.5...3)
            turnRate = random.uniform(0...1) < 0.5 ? 15 : -15
        }
    }

    mutating func freeFlight(_ t: Double, _ dt: Double) {
        let remaining = touchdown - t
        let ceiling = min(cloudBase, 300 + 3.5 * (remaining - 240))
        if t >= modeUntil || (mode == .thermal && height >= ceiling) || (mode == .glide && height < 300) {
            if height < min(ceiling - 100, 500) || (height < ceiling - 100 && random.uniform(0...1) < 0.5) {
                mode = .thermal
                modeUntil = t + random.uniform(90...400)
                thermalClimb = random.uniform(1...3.5)
                turnRate = (random.uniform(0...1) < 0.5 ? 1 : -1) * random.uniform(13...18)
            } else {
                mode = .glide
                modeUntil = t + random.uniform(60...300)
                heading = Geodesy.normalizedDegrees(heading + random.uniform(-90...90))
            }
        }
        switch mode {
        case .thermal:
            speed = 24
            heading += turnRate * dt
            climb = thermalClimb + 0.5 * sin(t / 7)
        case .glide:
            speed = 32
            heading += 2 * sin(t / 30) * dt
            climb = height > ceiling ? -min(5, 1 + (height - ceiling) / 60) : -1.1
        }
        if t - releaseTau < 8 && plan.launch == .winch { climb = -2 }
    }

    /// Last 4 minutes (or when the field is as far as the remaining time allows): head home and descend
    /// to reach the field exactly at touchdown; circle down when early.
    mutating func approach(_ t: Double, _ dt: Double) {
        let remaining = max(dt, touchdown - t)
        let distance = distanceHome()
        climb = -height / remaining
        if distance / remaining >= 22 || remaining < 20 {
            heading = bearingHome()
            speed = min(45, distance / remaining)
            if remaining < 20 { speed = max(speed, Self.touchdownSpeed * 0.9) }
        } else {
            speed = 24
            heading += 6 * dt
        }
    }

    func fix(at time: UTCMillis) -> Fix {
        // Metres east and north of the field, laid out along great circles from it (azimuthal equidistant): valid
        // latitudes and longitudes in −180 ..< 180 also at a pole or across 180°, where degrees per metre run away.
        let e = east + gpsEast.value, n = north + gpsNorth.value
        let position = Geodesy.destination(
            from: plan.field, bearing: atan2(e, n) * 180 / .pi, distance: (e * e + n * n).squareRoot())
        let latitude = position.latitude
        let longitude = (position.longitude * 1e7).rounded() >= 1.8e9 ? -180 : position.longitude  // 180° E is 180° W
        let msl = plan.fieldElevation + height
        // Static pressure of the day: the ISA profile shifted to the day's sea-level pressure.
        let pressure = plan.qnh * ISA.pressure(altitude: msl) / ISA.seaLevelPressure
        let pressureAltitude = ISA.altitude(pressure: pressure) + baro.value
        let accuracy = Int(3 + abs(gpsEast.value) + abs(gpsNorth.value))
        let sats = 9 + Int((gpsUp.value / 2).rounded())
        var extensions = pad(min(999, accuracy), 3) + pad(max(4, min(14, sats)), 2)
        let engine = plan.launch == .self && tau(time) > -40 && !released
        extensions += pad(engine ? 820 + Int(gpsUp.value * 10) : 30 + Int(abs(baro.value) * 50), 3)
        return Fix(
            time: time, latitude: latitude, longitude: longitude, pressureAltitude: pressureAltitude,
            gnssAltitude: msl + plan.geoidSeparation + gpsUp.value, extensions: extensions)
    }
}
