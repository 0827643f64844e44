#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The glide-computer altitude/vario filter (XCSoar `KalmanFilter1d`, OpenVario sensord): a constant-velocity
/// Kalman filter on static pressure in hPa, driven by white acceleration noise. For the live vario and
/// status only; the recorded track uses the pressure itself.
package struct KalmanVario: Sendable {
    /// Acceleration noise variance, hPa²/s⁴.
    package var q: Double
    /// Measurement noise variance, hPa².
    package var r: Double
    /// A gap longer than this resets the filter, seconds.
    package var maxDt: Double

    private var p = 0.0  // hPa
    private var pDot = 0.0  // hPa/s
    private var paa = 1e10
    private var pav = 0.0
    private var pvv = 0.0
    private var lastNanos: Int64?

    /// Defaults: XCSoar's I2C barometer (q 0.3, r 0.05, max dt 5 s).
    package init(q: Double = 0.3, r: Double = 0.05, maxDt: Double = 5) {
        self.q = q
        self.r = r
        self.maxDt = maxDt
        pvv = q
    }

    /// Filtered pressure, Pa; `nil` before the first measurement.
    package var pressure: Pascals? { lastNanos == nil ? nil : p * 100 }
    /// Filtered ISA pressure altitude, m.
    package var altitude: Meters? { pressure.map { ISA.altitude(pressure: $0) } }
    /// Vertical speed, m/s (positive up); `nil` before the first measurement.
    package var verticalSpeed: Double? {
        guard lastNanos != nil, p > 0 else { return nil }
        return -2260.39 * pow(p, -0.80974) * pDot
    }

    /// Adds one pressure measurement taken at a monotonic instant (nanoseconds).
    package mutating func update(pascals: Pascals, monotonicNanos: Int64) {
        let z = pascals / 100
        guard let last = lastNanos, monotonicNanos > last,
            Double(monotonicNanos - last) / 1e9 <= maxDt
        else {
            reset(to: z, at: monotonicNanos)
            return
        }
        let dt = Double(monotonicNanos - last) / 1e9
        lastNanos = monotonicNanos
        // Predict.
        p += pDot * dt
        paa += 2 * dt * pav + dt * dt * pvv + q * dt * dt * dt * dt / 4
        pav += dt * pvv + q * dt * dt * dt / 2
        pvv += q * dt * dt
        // Update.
        let y = z - p
        let s = paa + r
        let ka = paa / s
        let kv = pav / s
        p += ka * y
        pDot += kv * y
        pvv -= kv * pav
        pav -= ka * pav
        paa -= ka * paa
    }

    private mutating func reset(to z: Double, at nanos: Int64) {
        // Paa = 1e10 followed by the first update is the same as taking it as is with variance r.
        p = z
        pDot = 0
        paa = r
        pav = 0
        pvv = q
        lastNanos = nanos
    }
}
