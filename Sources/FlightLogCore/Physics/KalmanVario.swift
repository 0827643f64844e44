#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The glide-computer vario filter (docs/SENSOR-INTERFACES.md): a 1-D constant-velocity Kalman filter on static
/// pressure, state `[p, ṗ]` with `p` in hPa and `ṗ` in hPa/s, driven by white acceleration noise.
///
/// Use it for the live vario only; the IGC pressure altitude is logged lightly filtered, not from here.
package struct KalmanVario: Sendable, Hashable {
    /// Acceleration noise variance q (hPa²/s⁴): larger reacts faster and is noisier.
    package var accelerationVariance: Double
    /// Measurement noise variance r (hPa²).
    package var measurementVariance: Double
    /// A gap longer than this (seconds) resets the filter to the next measurement.
    package var maxInterval: Double

    /// Filtered pressure, hPa (0 before the first measurement).
    package private(set) var pressureHPa: Double = 0
    /// Pressure rate, hPa/s.
    package private(set) var pressureRate: Double = 0
    private var paa: Double = 1e10
    private var pav: Double = 0
    private var pvv: Double
    private var lastTime: Double?

    /// Defaults: XCSoar's BMP085 setting (q 0.0075, r 0.05, max dt 10 s).
    package init(accelerationVariance: Double = 0.0075, measurementVariance: Double = 0.05, maxInterval: Double = 10) {
        self.accelerationVariance = accelerationVariance
        self.measurementVariance = measurementVariance
        self.maxInterval = maxInterval
        self.pvv = accelerationVariance
    }

    /// True once a measurement has been taken.
    package var hasEstimate: Bool { lastTime != nil }

    /// ISA pressure altitude of the filtered pressure, metres.
    package var altitude: Meters { ISA.altitude(pressure: pressureHPa * 100) }

    /// Non-compensated vario (XCSoar `ComputeNoncompVario`), m/s, climb positive.
    package var vario: Double {
        guard pressureHPa > 0 else { return 0 }
        return -2260.39 * pow(pressureHPa, -0.80974) * pressureRate
    }

    /// Restarts the filter; the next measurement is taken as is.
    package mutating func reset() {
        paa = 1e10
        pav = 0
        pvv = accelerationVariance
        pressureRate = 0
        lastTime = nil
    }

    /// Adds one static pressure measurement (Pa) taken at `time` (seconds on any monotonic scale).
    /// A time that does not advance, or a gap over ``maxInterval``, restarts the filter.
    package mutating func update(pressure: Pascals, at time: Double) {
        let z = pressure / 100
        guard let last = lastTime, time > last, time - last <= maxInterval else {
            reset()
            pressureHPa = z
            lastTime = time
            return
        }
        let dt = time - last
        lastTime = time
        let q = accelerationVariance
        // Predict.
        pressureHPa += pressureRate * dt
        paa += 2 * dt * pav + dt * dt * pvv + q * dt * dt * dt * dt / 4
        pav += dt * pvv + q * dt * dt * dt / 2
        pvv += q * dt * dt
        // Update.
        let y = z - pressureHPa
        let s = paa + measurementVariance
        let ka = paa / s, kv = pav / s
        pressureHPa += ka * y
        pressureRate += kv * y
        pvv -= kv * pav
        pav -= ka * pav
        paa -= ka * paa
    }

    /// Convenience: feeds an ISA pressure altitude (metres) instead of a pressure.
    package mutating func update(pressureAltitude: Meters, at time: Double) {
        update(pressure: ISA.pressure(altitude: pressureAltitude), at: time)
    }
}
