import FlightLogCore
import Foundation

/// What the barometer reader reports.
package enum BarometerEvent: Sendable, Hashable {
    /// Plausible samples (inside the pressure range, no implausible jump), oldest first: those of one batch
    /// interval, handed over together so the consumer wakes a few times a second, not at every sample.
    case samples([PressureReading])
    /// A sample dropped as a glitch by the plausibility gate (``PressureGate``): counted, never used.
    case glitch(PressureReading)
    /// No usable device (absent at start, vanished, or failing); the reader keeps looking with backoff.
    case lost(reason: String)
    /// A device was (re)found and read successfully; its IIO name, e.g. `bmp280`.
    case found(device: String)
}

/// Polls an IIO pressure sensor through libiio on its own thread at a fixed rate.
///
/// Reads `in_pressure_input` (kPa) when the driver has it, else `raw` × an exact per-driver factor (sysfs
/// scales are rounded; docs/SENSOR-INTERFACES.md), and the temperature channel if any. Transient EBUSY/EIO/ETIMEDOUT
/// are retried; any other error re-creates the context and looks the device up again. Samples outside
/// `plausiblePressure` or jumping faster than `maximumPressureRate` are dropped (five in a row re-anchor).
package final class IIOBarometer: Sendable {
    package let contextURI: String
    package let device: String
    package let rateHz: Double
    package let plausiblePressure: ClosedRange<Pascals>
    package let maximumPressureRate: Pascals
    /// How long samples are gathered before they are handed over, nanoseconds.
    package let batchNanos: Int64

    /// 300–1100 hPa: ground to ~9 km.
    package static let normalPressureRange: ClosedRange<Pascals> = 30_000...110_000
    /// 50–1100 hPa: up to ~20 km for wave flights.
    package static let wavePressureRange: ClosedRange<Pascals> = 5_000...110_000

    /// - Parameters:
    ///   - contextURI: libiio URI: `local:` on the aircraft, `ip:HOST` (or `ip:HOST:PORT`) for iiod.
    ///   - device: IIO device name (`bmp280`, `ms5611` …), or `auto` for the first device with a pressure channel.
    ///   - rateHz: samples per second (a bmp280 on recent kernels manages ~12 Hz with temperature).
    ///   - plausiblePressure: accepted pressures, Pa.
    ///   - maximumPressureRate: largest believable change, Pa/s (1500 Pa/s ≈ 120 m/s near sea level).
    ///   - batchSeconds: samples are handed over this often (a fix waits for the pressure after its instant,
    ///     so this adds at most that much to the fix-to-disk time).
    package init(
        contextURI: String = "local:", device: String = "auto", rateHz: Double = 10,
        plausiblePressure: ClosedRange<Pascals> = IIOBarometer.normalPressureRange,
        maximumPressureRate: Pascals = 1500, batchSeconds: Double = 0.2
    ) {
        self.contextURI = contextURI
        self.device = device
        self.rateHz = max(0.1, min(rateHz, 1000))
        self.plausiblePressure = plausiblePressure
        self.maximumPressureRate = maximumPressureRate
        self.batchNanos = Int64(max(0, min(batchSeconds, 1)) * 1e9)
    }

    /// Samples until the consumer stops iterating. The stream never finishes on its own; it keeps the newest
    /// 10 000 events if the consumer falls behind.
    package func events() -> AsyncStream<BarometerEvent> {
        let settings = self
        return readerStream(name: "iio-barometer", buffering: .bufferingNewest(10_000)) { yield, stop in
            var gate = PressureGate(range: settings.plausiblePressure, maximumRate: settings.maximumPressureRate)
            var timing = ReadTiming()
            settings.run(gate: &gate, timing: &timing, yield: yield, stop: stop)
        }
    }

    private func run(
        gate: inout PressureGate, timing: inout ReadTiming, yield: (BarometerEvent) -> Void, stop: StopFlag
    ) {
        let period = Int64(1e9 / rateHz)
        var backoff = 0.5
        var lastLoss: String?
        while !stop.isSet {
            let sensor: IIOPressureSensor
            do {
                sensor = try IIOPressureSensor(uri: contextURI, device: device)
                _ = try sensor.read()  // found only once a read works
            } catch {
                if error.description != lastLoss { yield(.lost(reason: error.description)) }
                lastLoss = error.description
                guard Monotonic.sleep(seconds: backoff, unless: stop) else { return }
                backoff = min(backoff * 2, 4)
                continue
            }
            backoff = 0.5
            lastLoss = nil
            gate.reset()
            yield(.found(device: sensor.name))
            var next = Monotonic.nowNanos()
            var batch = SampleBatch(interval: batchNanos)
            while !stop.isSet {
                do {
                    let sample = try sensor.read()
                    if timing.accepts(sample) {
                        if gate.accepts(sample) {
                            batch.add(sample, yield)
                        } else {
                            batch.flush(yield); yield(.glitch(sample))
                        }
                    }
                } catch {
                    batch.flush(yield)
                    lastLoss = error.description
                    yield(.lost(reason: error.description))
                    break
                }
                next = max(next + period, Monotonic.nowNanos())
                guard Monotonic.sleep(untilNanos: next, unless: stop) else { return batch.flush(yield) }
            }
        }
    }
}

/// Gathers samples and hands them over once `interval` has passed since the first of them (events keep their
/// order: a glitch or a loss hands over what came before it first). The first sample after the device is
/// found goes at once: until the recorder has one, fixes cannot wait for the pressure of their instant.
private struct SampleBatch {
    let interval: Int64
    private var samples: [PressureReading] = []
    private var handedOver = false

    init(interval: Int64) { self.interval = interval }

    mutating func add(_ sample: PressureReading, _ yield: (BarometerEvent) -> Void) {
        samples.append(sample)
        if !handedOver || sample.monotonicNanos &- samples[0].monotonicNanos >= interval { flush(yield) }
    }

    mutating func flush(_ yield: (BarometerEvent) -> Void) {
        guard !samples.isEmpty else { return }
        handedOver = true
        yield(.samples(samples))
        samples.removeAll(keepingCapacity: true)
    }
}

/// Drops samples whose read took much longer than usual: the thread was descheduled in the middle, so the
/// instant the value belongs to is uncertain by that much (at 20 m/s of climb, 100 ms is 2 m of altitude).
/// Slow means above `limit` and 4× the fastest of the recent reads; a sensor that is always slow (iiod over a
/// network) is still used, since every read is then "usual".
struct ReadTiming {
    let limit: Int64 = 20_000_000
    private var recent: [Int64] = []
    private var next = 0

    mutating func accepts(_ sample: PressureReading) -> Bool {
        if recent.count < 32 { recent.append(sample.readNanos) } else { recent[next] = sample.readNanos }
        next = (next + 1) % 32
        let usual = recent.min() ?? 0
        return sample.readNanos <= max(limit, 4 * usual)
    }
}

/// Drops samples outside a pressure range or jumping faster than a rate; re-anchors after 5 rejects in a row
/// (a real step, e.g. after a gap), so a wrong first value cannot lock the gate. The limit is never above 5 hPa
/// per 40 ms (scaled by the interval); the rate (1500 Pa/s ≈ 120 m/s) plus the slack is tighter for
/// every interval above 9 ms.
struct PressureGate {
    let range: ClosedRange<Pascals>
    let maximumRate: Pascals
    /// Allowed change on top of the rate (noise, quantisation of 1-Pa drivers), Pa.
    let slack: Pascals = 100
    /// More than 5 hPa between two samples 40 ms apart is a glitch.
    static let glitchStep: Pascals = 500
    private var last: PressureReading?
    private var rejectedInARow = 0

    init(range: ClosedRange<Pascals>, maximumRate: Pascals) {
        self.range = range
        self.maximumRate = maximumRate
    }

    mutating func reset() {
        last = nil
        rejectedInARow = 0
    }

    mutating func accepts(_ sample: PressureReading) -> Bool {
        guard range.contains(sample.pascals) else { return false }
        if let last, rejectedInARow < 5 {
            let seconds = Double(sample.monotonicNanos &- last.monotonicNanos) / 1e9
            let limit = min(maximumRate * max(seconds, 0) + slack, Self.glitchStep * max(seconds, 0) / 0.040)
            if abs(sample.pascals - last.pascals) > limit {
                rejectedInARow += 1
                return false
            }
        }
        last = sample
        rejectedInARow = 0
        return true
    }
}
