import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A day of two flights in one IGC file: `one`'s fixes, then the last fix repeated each second (the glider on the
/// ground), then `one` again `shift` ms later, `north` degrees of latitude away (the glider moved to another launch
/// point while it stood). Written under `directory`.
func twoFlightDay(_ one: ReplayFlight, shift: Int64, north: Double = 0, in directory: URL) throws -> ReplayFlight {
    let last = try #require(one.fixes.last)
    try #require(shift > last.time - one.fixes[0].time, "the second flight would start before the first ends")
    let ground = stride(from: last.time + 1000, to: one.fixes[0].time + shift, by: 1000).map { time -> Fix in
        var fix = last
        fix.time = time
        return fix
    }
    let again = one.fixes.map { fix -> Fix in
        var fix = fix
        fix.time += shift
        fix.latitudeE7 += Int32((north * 1e7).rounded())
        return fix
    }
    let file = directory.appendingPathComponent("two.igc")
    try Data(
        IGCWriter.write(
            fixes: one.fixes + ground + again, extensions: [],
            headers: IGCHeaderValues(pressureSensor: "test,replay,max9999m"),
            serial: "TWO", flightNumberOfDay: 1)
    ).write(to: file)
    return try ReplayFlight(path: file.path)
}

/// Issue 38 on its own terms (`make test-powercut`, not in CI: 20–40 minutes): a whole two-flight day replayed at
/// 3× from its first fix to its last through the real gpsd and the fake-sysfs barometer, the power cut 4 s before
/// the first glider comes to rest, back 10 minutes (of the replay's clock) later, the second take-off 4 minutes
/// after the restart. `make test-powercut` runs it with every core kept busy beside it. The rule: a restart on the
/// ground at the place of the last fix ends the flight there; the next take-off is found from the first fixes.
/// FLIGHTLOG_POWERCUT_FLIGHT names another IGC file to fly twice (default: the sample winch flight).
@Suite(
    .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["FLIGHTLOG_POWERCUT"] == "1", "make test-powercut runs it"),
    .enabled(if: DaemonHarness.isAvailable && hasMountNamespace, "needs gpsfake, a mount namespace, the binaries"))
struct GPSTimeAndCutDayTests {
    @Test(.timeLimit(.minutes(90)))
    func wholeDayAtThreeTimes() throws {
        let path =
            ProcessInfo.processInfo.environment["FLIGHTLOG_POWERCUT_FLIGHT"]
            ?? packageRoot.appendingPathComponent("samples/simulated-winch.igc").path
        let one = try ReplayFlight(path: path)
        let offset: Int64 = -4000
        let off: Int64 = 600_000
        // The second take-off 4 minutes after the restart.
        let shift = one.flight.landingTime + offset + off + 240_000 - one.flight.takeoffTime
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("day-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // FLIGHTLOG_POWERCUT_MOVED=M: the second flight from a launch point M metres north of the first landing.
        let moved = ProcessInfo.processInfo.environment["FLIGHTLOG_POWERCUT_MOVED"].flatMap(Double.init) ?? 0
        let source = try twoFlightDay(one, shift: shift, north: moved / 111_195, in: directory)
        let touchdown = source.flight.landingTime
        let secondTakeoff = one.flight.takeoffTime + shift
        let days = Double(try #require(source.fixes.last).time - source.fixes[0].time) / 1000
        let started = DaemonHarness.monotonicSeconds()

        let replay = try FaultReplay(source, replayArguments: ["--speed", "3"])
        try replay.cutPower(at: touchdown + offset, for: off / 1000, waitingAtMost: days)
        let restarted = DaemonHarness.monotonicSeconds()
        if let stall = ProcessInfo.processInfo.environment["FLIGHTLOG_POWERCUT_STALL"].flatMap(UInt32.init), stall > 0 {
            // The daemon busy (stopped) from 10 s before the second take-off: gpsd's fixes reach it in one burst.
            try #require(replay.waitUntil(secondTakeoff - 10_000, seconds: days), "the replay never reached it")
            replay.world.signalDaemon(SIGSTOP)
            sleep(stall)
            replay.world.signalDaemon(SIGCONT)
        }
        #expect(replay.waitForReplayEnd(seconds: days), "the replay did not finish")
        #expect(replay.stopDaemon() == 0)

        let flights = try replay.flights()
        let stored = try replay.storedFixes().map { $0.time - source.shift }
        let climb = source.fixes.filter { $0.time >= secondTakeoff && $0.time <= secondTakeoff + 5 * minute }
        let missing = climb.filter { fix in !stored.contains(fix.time) }.count
        let stallNote = ProcessInfo.processInfo.environment["FLIGHTLOG_POWERCUT_STALL"].map { "\($0) s" } ?? "no"
        let glitch = replay.world.waitFor("GPS time glitch dropped", in: replay.world.daemonLog, seconds: 0.1)
        print(
            "GPSTimeAndCutDay: \(source.name) of \(one.name), touchdown \(timeOfDay(touchdown)), cut"
                + " \(-offset / 1000) s before it for 10 min, second take-off \(timeOfDay(secondTakeoff));"
                + " flights \(describeFlights(flights, shift: source.shift)); \(missing) of \(climb.count) fixes of the"
                + " second climb not stored; glitch logged: \(glitch); stalled \(stallNote); moved \(Int(moved)) m; load \(loadAverage());"
                + " \(Int(restarted - started)) s to the restart, \(Int(DaemonHarness.monotonicSeconds() - started)) s")
        try #require(flights.count == 2, "flights \(describeFlights(flights, shift: source.shift)); \(replay.logTail)")
        // At the last fix stored before the cut: at 3× the daemon may have had one more fix (333 ms) by the time
        // the kill lands, so that fix is a second or two either side of the cut.
        let cut = touchdown + offset
        let lastBeforeCut = try #require(stored.last { $0 < cut + off / 2 })
        let slack = source.fixInterval(around: touchdown)
        #expect(flights[0].landingTime - source.shift == lastBeforeCut, "first landing not at the last fix")
        let dLanding = lastBeforeCut - cut
        #expect(abs(dLanding) <= 2 * slack, "first landing \(dLanding / 1000) s from the cut")
        let dTakeoff = flights[1].takeoffTime - source.shift - secondTakeoff
        #expect(
            abs(dTakeoff) <= 2 * source.fixInterval(around: secondTakeoff),
            "second takeoff off by \(dTakeoff / 1000) s")
        #expect(missing == 0, "\(missing) fixes of the second climb not stored; \(replay.logTail)")
        let dSecondLanding = flights[1].landingTime - source.shift - (touchdown + shift)
        #expect(abs(dSecondLanding) <= 30_000, "second landing off by \(dSecondLanding / 1000) s")
        #expect(!glitch, "\(replay.logTail)")
    }
}

private let minute: Int64 = 60_000

func describeFlights(_ flights: [Flight], shift: Int64) -> String {
    flights.map { "\(timeOfDay($0.takeoffTime - shift))–\(timeOfDay($0.landingTime - shift))" }.joined(separator: ", ")
}

/// The 1-minute load average, for the record of a run.
private func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init)
        ?? "?"
}
