import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogSensors

#if canImport(Glibc)
import Glibc
#endif

/// A fake IIO sysfs tree served by a real `iiod` that runs in a private mount namespace (scripts/with-fake-iio.sh);
/// the barometer under test reads it through the real libiio over `ip:127.0.0.1:PORT`.
private final class FakeIIO {
    let root: URL
    let device: URL
    let port = freePort()
    private var iiod: ChildProcess?

    /// `attributes` are file name → content in `iio:device0`.
    init(attributes: [String: String]) throws {
        root = try makeTemporaryDirectory()
        device = root.appendingPathComponent("bus/iio/devices/iio:device0")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        for (name, value) in attributes { try write(name, value) }
        // iiod needs SIGKILL to stop (docs/SENSOR-INTERFACES.md); it is the process we started (exec all the way).
        iiod = try ChildProcess(
            "exec scripts/with-fake-iio.sh '\(root.path)' iiod -p \(port)",
            output: root.appendingPathComponent("iiod.log"))
        guard waitUntil(seconds: 10, { isListening(port) }) else { throw FakeIIOError.iiodDidNotStart }
    }

    var uri: String { "ip:127.0.0.1:\(port)" }

    /// Replaces an attribute atomically: temp file outside the device directory, then rename.
    func write(_ name: String, _ value: String) throws {
        let temporary = root.appendingPathComponent(".\(name).tmp")
        try (value + "\n").write(to: temporary, atomically: false, encoding: .ascii)
        guard rename(temporary.path, device.appendingPathComponent(name).path) == 0 else {
            throw FakeIIOError.renameFailed
        }
    }

    /// Moves the device directory away (the sensor "vanishes") or back.
    func park(_ parked: Bool) {
        let away = root.appendingPathComponent("parked-device").path
        if parked { rename(device.path, away) } else { rename(away, device.path) }
    }

    deinit {
        iiod?.killNow()
        try? FileManager.default.removeItem(at: root)
    }

    enum FakeIIOError: Error { case iiodDidNotStart, renameFailed }

    /// Root or `unshare -Urm`, plus iiod.
    static let available: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/iiod") else { return false }
        if getuid() == 0 { return true }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-Urm", "true"]
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()
}

private func samples(in events: [BarometerEvent]) -> [PressureReading] {
    events.flatMap { event -> [PressureReading] in
        if case .samples(let batch) = event { return batch }
        return []
    }
}

@Suite(.serialized, .timeLimit(.minutes(2)))
struct IIOBarometerTests {
    @Test(.enabled(if: FakeIIO.available))
    func readsInputAndFollowsChanges() async throws {
        let fake = try FakeIIO(attributes: [
            "name": "bmp280", "in_pressure_input": "97.772062500", "in_temp_input": "16021",
        ])
        let barometer = IIOBarometer(contextURI: fake.uri, device: "auto", rateHz: 50)
        let stream = barometer.events()
        let started = Date()
        let before = threadCPUSeconds(named: "iio-barometer")
        let first = await collect(stream, seconds: 20) { samples(in: $0).count >= 100 }
        let elapsed = Date().timeIntervalSince(started)
        let cpu = threadCPUSeconds(named: "iio-barometer") - before
        print(
            "barometer (iiod, 50 Hz asked): \(Double(samples(in: first).count) / elapsed) samples/s, reader CPU \(cpu / elapsed * 100) %"
        )

        #expect(first.first == .found(device: "bmp280"))
        let initial = try #require(samples(in: first).first)
        #expect(abs(initial.pascals - 97_772.0625) < 1e-6)
        #expect(initial.temperatureCelsius.map { abs($0 - 16.021) < 1e-9 } == true)

        try fake.write("in_pressure_input", "97.700000000")
        let changed = await collect(stream, seconds: 20) { events in
            samples(in: events).last.map { abs($0.pascals - 97_700) < 1e-6 } ?? false
        }
        #expect(samples(in: changed).last.map { abs($0.pascals - 97_700) < 1e-6 } == true)
        let all = samples(in: first + changed)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.monotonicNanos < $1.monotonicNanos })
    }

    /// lps22hb has only raw + scale: the exact 4096 LSB/hPa factor is used, not the rounded sysfs scale.
    @Test(.enabled(if: FakeIIO.available))
    func rawTimesExactFactor() async throws {
        let fake = try FakeIIO(attributes: [
            "name": "lps22hb", "in_pressure_raw": "4005000", "in_pressure_scale": "0.000024414",
            "in_temp_raw": "2500", "in_temp_scale": "10.000000000",
        ])
        let events = await collect(
            IIOBarometer(contextURI: fake.uri, device: "lps22hb", rateHz: 20).events(),
            seconds: 20
        ) { samples(in: $0).count >= 3 }
        let sample = try #require(samples(in: events).first)
        #expect(abs(sample.pascals - 4_005_000 / 40.96) < 1e-6)
        #expect(sample.temperatureCelsius.map { abs($0 - 25) < 1e-9 } == true)
    }

    /// A device that vanishes is reported lost, and found again when it comes back.
    @Test(.enabled(if: FakeIIO.available))
    func vanishingDeviceIsLostAndFound() async throws {
        let fake = try FakeIIO(attributes: [
            "name": "bmp280", "in_pressure_raw": "25029780", "in_pressure_scale": "0.000003906",
        ])
        let stream = IIOBarometer(contextURI: fake.uri, device: "bmp280", rateHz: 20).events()
        let before = await collect(stream, seconds: 20) { samples(in: $0).count >= 3 }
        // bmp280 raw is Q24.8 Pa: raw/256, not raw × the rounded 0.000003906 kPa.
        #expect(samples(in: before).first.map { abs($0.pascals - 25_029_780 / 256) < 1e-6 } == true)
        #expect(samples(in: before).first?.temperatureCelsius == nil)

        fake.park(true)
        let gone = await collect(stream, seconds: 20) { events in
            if case .lost = events.last { return true }
            return false
        }
        guard case .lost(let reason) = gone.last else {
            Issue.record("no lost event: \(gone.suffix(3))")
            return
        }
        #expect(!reason.isEmpty)
        fake.park(false)
        let back = await collect(stream, seconds: 20) { samples(in: $0).count >= 3 }
        #expect(back.contains(.found(device: "bmp280")))
        #expect(samples(in: back).count >= 3)
    }

    /// No context at all (nothing listens): `lost` with a readable reason, no crash, keeps trying.
    @Test func absentContextIsReportedLost() async throws {
        let port = freePort()
        let events = await collect(
            IIOBarometer(contextURI: "ip:127.0.0.1:\(port)", rateHz: 10).events(),
            seconds: 10
        ) { !$0.isEmpty }
        guard case .lost(let reason) = events.first else {
            Issue.record("expected lost, got \(events)")
            return
        }
        #expect(reason.contains("ip:127.0.0.1"))
    }
}

@Suite struct PressureGateTests {
    private func sample(_ pascals: Double, atSecond second: Double) -> PressureReading {
        PressureReading(monotonicNanos: Int64(second * 1e9), pascals: pascals)
    }

    @Test func rejectsOutOfRangeAndJumpsThenReanchors() {
        var gate = PressureGate(range: IIOBarometer.normalPressureRange, maximumRate: 1500)
        var results: [Bool] = []
        results.append(gate.accepts(sample(20_000, atSecond: 0)))  // 200 hPa: outside the normal range
        results.append(gate.accepts(sample(97_000, atSecond: 1)))
        results.append(gate.accepts(sample(97_050, atSecond: 1.1)))
        // 7 kPa jump
        for step in 0..<5 { results.append(gate.accepts(sample(90_000, atSecond: 1.2 + Double(step) * 0.1))) }
        results.append(gate.accepts(sample(90_000, atSecond: 1.8)))  // five rejected in a row: a real step
        results.append(gate.accepts(sample(90_010, atSecond: 1.9)))
        #expect(results == [false, true, true, false, false, false, false, false, true, true])
    }
}

@Suite struct ReadTimingTests {
    private func read(millis: Double) -> PressureReading {
        PressureReading(monotonicNanos: 0, pascals: 97_000, readNanos: Int64(millis * 1e6))
    }

    @Test func dropsAnInterruptedReadAmongFastOnes() {
        var timing = ReadTiming()
        let accepted = [0.2, 0.3, 0.2, 150, 0.2, 19].map { timing.accepts(read(millis: $0)) }
        #expect(accepted == [true, true, true, false, true, true])
    }

    @Test func keepsASensorThatIsAlwaysSlow() {
        var timing = ReadTiming()
        // iiod over a slow link: 60–90 ms every time, so every read is usual; a 400 ms one is not.
        let accepted = [60.0, 90, 70, 80, 400, 65].map { timing.accepts(read(millis: $0)) }
        #expect(accepted == [true, true, true, true, false, true])
    }
}
