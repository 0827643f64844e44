import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

private let minute: Int64 = 60_000

/// The sample winch flight (always the same, with or without `../shared`: these replays are short).
private func sampleFlight() throws -> ReplayFlight {
    try ReplayFlight(path: packageRoot.appendingPathComponent("samples/simulated-winch.igc").path)
}

/// One GPS fix with a wrong time, and the master switch off right after touchdown, through the real gpsd and the
/// fake IIO barometer, replayed at 50× (real time only around the switch-off, so it lands where it should).
@Suite(
    .serialized,
    .enabled(if: DaemonHarness.isAvailable && hasMountNamespace, "needs gpsfake, a mount namespace, the binaries"))
struct GPSTimeAndCutTests {
    /// One TPV an hour ahead five minutes after the takeoff: every later fix is still recorded, one flight.
    @Test(.timeLimit(.minutes(5)))
    func oneFixAnHourAheadLosesNothingElse() throws {
        let source = try sampleFlight()
        let glitch = try #require(source.fixes.first { $0.time >= source.flight.takeoffTime + 5 * minute }).time
        let replay = try FaultReplay(
            source, replayArguments: ["--speed", "50", "--time-glitch", "\(timeOfDay(glitch))=+3600"])
        #expect(replay.waitForReplayEnd(seconds: 240), "the replay did not finish")
        #expect(replay.stopDaemon() == 0)

        let stored = try replay.storedFixes()
        let valid = Set(stored.filter(\.isValid).map { $0.time - source.shift })
        let after = source.fixes.filter { $0.time > glitch && $0.isValid }
        let kept = after.filter { valid.contains($0.time) }.count
        let flights = try replay.flights()
        print(
            "GPSTimeAndCut: glitch at \(timeOfDay(glitch)) +1 h; \(kept) of \(after.count) later fixes stored valid;"
                + " flights \(describeFlights(flights, shift: source.shift))")
        #expect(!stored.contains { $0.time - source.shift >= glitch + 1_800_000 }, "the glitch's time was stored")
        #expect(kept >= after.count * 99 / 100, "\(replay.logTail)")
        try #require(flights.count == 1, "\(replay.logTail)")
        let dLanding = flights[0].landingTime - source.shift - source.flight.landingTime
        #expect(
            abs(dLanding) <= source.fixInterval(around: source.flight.landingTime),
            "landing off by \(dLanding / 1000) s")
        #expect(replay.world.waitFor("GPS time glitch dropped", in: replay.world.daemonLog, seconds: 1))
    }

    /// The master switch off 20 s after touchdown and on again 10 minutes later; the next pilot takes off: two
    /// flights, the first landing at the touchdown (before: when the power came back, 10 minutes late).
    @Test(.timeLimit(.minutes(6)))
    func offAfterTouchdownThenAnotherFlight() throws {
        try switchedOff(afterTouchdown: 20_000)
    }

    /// The same, switched off 4 s before the glider came to rest (still rolling out): the first flight lands at the
    /// roll-out (issue 38: at the restart, 10 min late), the second take-off at its own time.
    @Test(.timeLimit(.minutes(6)))
    func offDuringTheRollOutThenAnotherFlight() throws {
        try switchedOff(afterTouchdown: -4_000)
    }

    /// Issue 38's case as it was found: the same at 3× (not real time) around the cut and from the restart until
    /// the second flight is well under way, 50× elsewhere.
    @Test(.timeLimit(.minutes(8)))
    func offDuringTheRollOutAtThreeTimes() throws {
        try switchedOff(afterTouchdown: -4_000, speed: 3)
    }

    /// The sample flight twice, 10 minutes on the ground between, the power cut `offset` ms after the first
    /// touchdown for 10 minutes: two flights, the first landing at the touchdown, the second taking off on time.
    /// `speed`: nil, real time around the cut; else that speed around the cut and from the restart to 2 minutes
    /// after the second take-off.
    private func switchedOff(afterTouchdown offset: Int64, speed: Int? = nil) throws {
        let one = try sampleFlight()
        // The second flight: the same one again, after ground time that covers the 10 minutes off.
        let last = try #require(one.fixes.last)
        let shift = max(
            last.time - one.fixes[0].time + 1000, one.flight.landingTime - one.flight.takeoffTime + 15 * minute)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "two-flights-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try twoFlightDay(one, shift: shift, in: directory)
        let touchdown = source.flight.landingTime
        let secondTakeoff = one.flight.takeoffTime + shift
        let restart = touchdown + offset + 600_000
        let slow =
            speed.map {
                [
                    "--speed-in", "\(window(touchdown - 60_000...touchdown + 25_000))=\($0)",
                    "--speed-in", "\(window(restart - 20_000...secondTakeoff + 2 * minute))=\($0)",
                ]
            } ?? ["--real-time", window(touchdown - 10_000...touchdown + 25_000)]
        let replay = try FaultReplay(source, replayArguments: ["--speed", "50"] + slow)
        try replay.cutPower(at: touchdown + offset, for: 600)
        #expect(replay.waitForReplayEnd(seconds: 420), "the replay did not finish")
        #expect(replay.stopDaemon() == 0)

        let flights = try replay.flights()
        print(
            "GPSTimeAndCut: touchdown \(timeOfDay(touchdown)), off \(offset / 1000) s after it for 10 min;"
                + " flights \(describeFlights(flights, shift: source.shift))")
        try #require(flights.count == 2, "flights \(describeFlights(flights, shift: source.shift)); \(replay.logTail)")
        let dLanding = flights[0].landingTime - source.shift - touchdown
        let slack = source.fixInterval(around: touchdown)
        if offset < 0 {
            // Cut while rolling out: at the last fix stored before the cut. At 3× the kill may land a fix (333 ms)
            // after the cut instant, so that fix is a second or two either side of it; which one is the machine's
            // timing, not the recorder's (CI once stored the fix 1 s after the cut).
            let cut = touchdown + offset
            let stored = try replay.storedFixes().map { $0.time - source.shift }
            let lastBeforeCut = try #require(stored.last { $0 < cut + 300_000 })
            #expect(flights[0].landingTime - source.shift == lastBeforeCut, "first landing not at the last fix")
            #expect(
                abs(lastBeforeCut - cut) <= 2 * slack, "first landing \((lastBeforeCut - cut) / 1000) s from the cut")
        } else {
            #expect((-slack...slack).contains(dLanding), "first landing off by \(dLanding / 1000) s")
        }
        let dTakeoff = flights[1].takeoffTime - source.shift - secondTakeoff
        #expect(
            abs(dTakeoff) <= source.fixInterval(around: secondTakeoff), "second takeoff off by \(dTakeoff / 1000) s")
        let dSecondLanding = flights[1].landingTime - source.shift - (touchdown + shift)
        #expect(abs(dSecondLanding) <= 30_000, "second landing off by \(dSecondLanding / 1000) s")
        #expect(
            !replay.world.waitFor("GPS time glitch dropped", in: replay.world.daemonLog, seconds: 0.1),
            "\(replay.logTail)")
    }
}
