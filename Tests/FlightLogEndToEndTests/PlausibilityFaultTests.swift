import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Implausible readings, through the real gpsd (gpsfake's gpsd reading `flightlog replay --serve-nmea`) and the real
/// libiio (fake sysfs tree): a fix 55 km off the track, a GNSS altitude 3000 m up for one epoch, a 25 kPa read
/// and an 8 hPa jump of the barometer. The fixes are kept as `V` and used for nothing; the pressure samples are
/// dropped; both are counted in `flightlog status`; the flight is the import's.
@Suite(
    .serialized,
    .enabled(if: DaemonHarness.isAvailable && hasMountNamespace, "needs gpsfake, a mount namespace, the binaries"))
struct PlausibilityFaultTests {
    @Test(.timeLimit(.minutes(8)))
    func implausibleFixesAndPressuresAreKeptOutOfTheRecord() throws {
        let source = try ReplayFlight(preferring: "H1_77flne21.IGC")
        let takeoff = source.flight.takeoffTime, landing = source.flight.landingTime
        let step = (landing - takeoff) / 6
        let validFix = { (time: UTCMillis) in
            source.fixes.first { $0.time >= time && $0.isValid && $0.gnssAltitudeDm != nil }
        }
        let displaced = try #require(validFix(takeoff + step)).time
        let spiked = try #require(validFix(takeoff + 2 * step)).time
        let low = takeoff + 3 * step, jump = takeoff + 4 * step
        let realTime = [low - 12_000...low + 12_000, jump - 12_000...jump + 12_000]
        let replay = try FaultReplay(
            source,
            replayArguments: [
                "--speed", "50", "--displace", timeOfDay(displaced), "--altitude-spike", timeOfDay(spiked),
                "--pressure-glitch", timeOfDay(low) + "=25000", "--pressure-glitch", timeOfDay(jump) + "=+800",
            ]
                + realTime.flatMap { ["--real-time", window($0)] })
        // The status while the daemon runs, 6 s before and after each pressure glitch (real time there; the file
        // is rewritten every 2 s), and once the last glitch is past. At 50× a strong climb is a pressure change
        // no barometer sees (over 120 m/s) and is dropped too: only the counts' steps over a glitch tell.
        var dropped: [(before: Int, after: Int)] = []
        for time in [low, jump] {
            try #require(replay.waitUntil(time - 6_000, seconds: 600), "the replay never reached \(timeOfDay(time))")
            let before = droppedSamples(replay.flightlog("status --json"))
            try #require(replay.waitUntil(time + 6_000, seconds: 60), "the replay stopped at \(timeOfDay(time))")
            dropped.append((before ?? -1, droppedSamples(replay.flightlog("status --json")) ?? -1))
        }
        sleep(3)
        let status = replay.flightlog("status")
        #expect(replay.waitForReplayEnd(seconds: 600), "the replay did not finish")
        #expect(replay.stopDaemon() == 0)

        let shift = source.shift
        let stored = try replay.storedFixes()
        let byTime = Dictionary(stored.map { ($0.time - shift, $0) }, uniquingKeysWith: { a, _ in a })
        print(
            "PlausibilityFaults: \(source.name): 55 km fix at \(timeOfDay(displaced)), +3000 m at \(timeOfDay(spiked)),"
                + " 25 kPa at \(timeOfDay(low)), +8 hPa at \(timeOfDay(jump)); \(stored.count) fixes stored")

        // Status: the implausible fixes and the dropped samples are counted.
        let glitchLine =
            status.split(separator: "\n").first { $0.lowercased().contains("glitches") }.map(String.init) ?? ""
        print("PlausibilityFaults: status: \(glitchLine)")
        let counts = glitchLine.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .punctuationCharacters))
        }
        #expect(
            glitchLine.contains("implausible fixes stored as V") && glitchLine.contains("barometer samples dropped"))
        #expect(counts.count == 2 && counts.first == 2, "status: \(status)")
        // Each glitch held for 100 ms: the 25 Hz reader saw it 2–3 times (jitter: 1–5), each dropped and counted.
        print(
            "PlausibilityFaults: barometer samples dropped across the 25 kPa read \(dropped[0]), the 8 hPa jump \(dropped[1])"
        )
        for (name, count) in zip(["25 kPa", "+8 hPa"], dropped) {
            #expect(count.before >= 0 && (1...5).contains(count.after - count.before), "\(name): \(count)")
        }

        // The two glitched fixes: stored (kept) as V.
        for (name, time) in [("55 km off", displaced), ("3000 m up", spiked)] {
            let fix = byTime[time]
            #expect(
                fix != nil && fix?.isValid == false, "the fix \(name) at \(timeOfDay(time)): \(String(describing: fix))"
            )
        }
        // No A fix off the track or at a wrong GNSS altitude.
        let wrong = stored.filter { fix in
            guard fix.isValid, let truth = source.fixes.first(where: { $0.time == fix.time - shift }) else {
                return false
            }
            let altitudeOff = zip(fix.gnssAltitude.map { [$0] } ?? [], truth.gnssAltitude.map { [$0] } ?? []).contains {
                abs($0 - $1) > 100
            }
            return Geodesy.distance(fix.coordinate, truth.coordinate) > 5_000 || altitudeOff
        }
        #expect(
            wrong.isEmpty,
            "A fixes off the track or the altitude at \(wrong.prefix(5).map { timeOfDay($0.time - shift) })")

        // Around each pressure glitch (real time): every record has the right pressure altitude (±10 m).
        for (name, time) in [("25 kPa", low), ("+8 hPa", jump)] {
            let near = stored.filter { abs($0.time - shift - time) <= 8_000 }
            let off = near.filter { record in
                guard let altitude = record.pressureAltitude,
                    let truth = source.timeline.altitude(at: record.time - shift)
                else { return true }
                return abs(altitude - truth) > 10
            }
            print(
                "PlausibilityFaults: \(name): \(near.count) records within 8 s, \(off.count) missing or off by > 10 m")
            #expect(
                near.count >= 10 && off.isEmpty, "\(name): off at \(off.prefix(5).map { timeOfDay($0.time - shift) })")
        }

        // One flight, the import's: takeoff, landing and the greatest distance from takeoff (the 55 km fix unused).
        let flights = try replay.flights()
        #expect(flights.count == 1, "flights: \(flights.count); \(replay.logTail)")
        guard let flight = flights.first else { return }
        let dTakeoff = flight.takeoffTime - shift - takeoff, dLanding = flight.landingTime - shift - landing
        print(
            "PlausibilityFaults: takeoff Δ \(dTakeoff / 1000) s, landing Δ \(dLanding / 1000) s, greatest distance"
                + " \(Int(flight.maxDistanceFromTakeoff)) m (import \(Int(source.flight.maxDistanceFromTakeoff)) m),"
                + " max altitude \(Int(flight.maxAltitude ?? 0)) m (import \(Int(source.flight.maxAltitude ?? 0)) m)")
        #expect(abs(dTakeoff) <= source.fixInterval(around: takeoff))
        #expect(abs(dLanding) <= source.fixInterval(around: landing))
        #expect(abs(flight.maxDistanceFromTakeoff - source.flight.maxDistanceFromTakeoff) <= 500)
    }
}

/// `pressureGlitches` of `flightlog status --json` (0 when absent), `nil` without a status.
private func droppedSamples(_ json: String) -> Int? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
    return (object["pressureGlitches"] as? Int) ?? 0
}
