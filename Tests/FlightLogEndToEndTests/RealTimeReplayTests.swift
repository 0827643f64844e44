import FlightLogCore
import FlightLogSimulation
import FlightLogStore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every stored fix of every recording, in time order.
private func storedFixes(_ path: String) throws -> [Fix] {
    let store = try FlightStore(path: path, mode: .readOnly)
    guard let last = try store.lastRecording() else { return [] }
    return (1...last.id).flatMap { (try? store.fixes(recording: $0, from: 0, to: .max)) ?? [] }.sorted {
        $0.time < $1.time
    }
}

/// A coordinate as an IGC B record writes it: thousandths of a minute.
private func igcUnits(_ degrees: Double) -> Int64 { Int64((degrees * 60_000).rounded()) }

/// The timing error the real-time replay allows a single fix: the fake barometer is a file another process
/// rewrites 50 times a second, so a loaded machine can leave it a few scheduling slices behind the replay's clock.
private let allowedTimingError = 0.25

/// The steepest vertical speed (m/s, either sign) on the two legs around each fix, by its time.
private func steepestClimb(around fixes: [Fix]) -> [UTCMillis: Double] {
    func altitude(_ fix: Fix) -> Double { fix.pressureAltitude ?? fix.gnssAltitude ?? 0 }
    func speed(_ a: Fix, _ b: Fix) -> Double {
        b.time > a.time ? abs(altitude(b) - altitude(a)) / (Double(b.time - a.time) / 1000) : 0
    }
    var result: [UTCMillis: Double] = [:]
    for index in fixes.indices {
        let before = index > 0 ? speed(fixes[index - 1], fixes[index]) : 0
        let after = index + 1 < fixes.count ? speed(fixes[index], fixes[index + 1]) : 0
        result[fixes[index].time] = max(before, after)
    }
    return result
}

/// The flights replayed whole and fast: the paraglider always, the winch flight with FLIGHTLOG_LONG_TESTS=1.
private let wholeFlightNames =
    (ProcessInfo.processInfo.environment["FLIGHTLOG_LONG_TESTS"] == "1" ? ["apf-bug554.igc"] : [])
    + ["xctrack-2020-09-04.igc"]

/// flightlogd recording a real flight replayed through gpsd (gpsfake) and a fake IIO barometer that follows
/// gpsd's time (`flightlog replay --follow-gpsd`), compared with the original file.
@Suite(
    .serialized,
    .enabled(if: DaemonHarness.isAvailable && hasMountNamespace, "needs gpsfake, a mount namespace, the binaries"))
struct RealTimeReplayTests {
    /// Real time: the simulated receiver sends each epoch at its own instant and keeps the barometer at the
    /// pressure of that same instant; the daemon samples the barometer on its own clock and must give every fix
    /// the pressure of its own UTC instant (time alignment, docs/SENSOR-INTERFACES.md), through gpsd's delivery delays.
    @Test(.timeLimit(.minutes(6)))
    func takeoffReplayedInRealTimeHasExactTimesPositionsAndPressureAltitude() throws {
        let source = try ReplayFlight(preferring: "apf-bug554.igc")
        let takeoff = source.flight.takeoffTime
        let cut = source.fixes.filter { $0.time >= takeoff - 60_000 && $0.time <= takeoff + 90_000 }
        try #require(cut.count >= 30 && NMEAWriter.dateShift(for: cut) == source.shift)

        let world = try DaemonWorld()
        let cutFile = world.directory.appendingPathComponent("takeoff.igc")
        let headers = IGCHeaderValues(pressureSensor: "test,replay,max9999m")
        try Data(IGCWriter.write(fixes: cut, extensions: [], headers: headers, serial: "CUT", flightNumberOfDay: 1))
            .write(to: cutFile)
        try world.startReceiverAndGPSD(igc: cutFile.path)
        try world.startDaemon(barometer: true)
        #expect(world.waitForLastFix(cut.last!.time + source.shift, seconds: 300))
        world.signalDaemon(SIGTERM)
        #expect(world.waitForDaemon() == 0)

        let stored = try storedFixes(world.database)
        let original = Dictionary(uniqueKeysWithValues: cut.map { ($0.time + source.shift, $0) })
        // Times: every stored fix is an original one; only the first few (before the daemon connected) may be missing.
        #expect(stored.allSatisfy { original[$0.time] != nil }, "stored fixes at times the flight does not have")
        #expect(stored.count >= cut.count - 3, "stored \(stored.count) of \(cut.count) fixes")
        #expect(stored.last?.time == cut.last!.time + source.shift)

        var errors: [(time: UTCMillis, delta: Meters, allowed: Meters)] = []
        let climb = steepestClimb(around: cut)
        for fix in stored {
            guard let truth = original[fix.time] else { continue }
            #expect(
                igcUnits(fix.latitude) == igcUnits(truth.latitude)
                    && igcUnits(fix.longitude) == igcUnits(truth.longitude))
            guard let recorded = fix.pressureAltitude, let expected = truth.pressureAltitude ?? truth.gnssAltitude
            else {
                Issue.record("no pressure altitude at \(iso8601UTC(fix.time))")
                continue
            }
            let rate = climb[truth.time] ?? 0
            errors.append((fix.time - source.shift, recorded - expected, 1 + rate * allowedTimingError))
        }
        let worst = errors.max { abs($0.delta) < abs($1.delta) }
        let mean = errors.map { abs($0.delta) }.reduce(0, +) / Double(max(1, errors.count))
        let summary =
            "\(URL(fileURLWithPath: source.path).lastPathComponent), \(errors.count) fixes in real time:"
            + " max |Δ| \(worst.map { abs($0.delta) } ?? 0) m at \(worst.map { iso8601UTC($0.time) } ?? "-"), mean |Δ| \(mean) m"
        print("RealTimeReplay: " + summary)
        // Two bounds, neither a matter of the machine's luck. Each fix: within IGC's 1 m plus what a timing error
        // of `allowedTimingError` costs at that fix's own climb rate (a climb of 17 m/s makes 0.1 s of scheduling
        // delay in the fake barometer 1.7 m); a fix given the pressure of the epoch before or after (1–2 s) is
        // far outside it. All fixes: a mean of 0.5 m, which a systematic offset of 0.1 s (arrival time of the TPV
        // instead of the epoch's start) already exceeds in this climb.
        let outside = errors.filter { abs($0.delta) > $0.allowed }
        #expect(
            outside.isEmpty,
            "fixes off by more than 1 m + climb × \(allowedTimingError) s: \(outside.map { "\(iso8601UTC($0.time)) \($0.delta) m (allowed \($0.allowed))" }) (\(summary))"
        )
        #expect(mean <= 0.5, "mean error above 0.5 m (\(summary))")
        #expect(errors.count >= stored.count - 3)
    }

    /// Fast: a whole flight goes through gpsd in seconds; the daemon must find it as one flight where an import
    /// of the original file finds it (DaemonEndToEndTests covers a synthetic flight at a fixed pressure): a
    /// glider's winch launch, and a paraglider that only the slow profile sees.
    /// The winch flight (~2 min) runs in `make test-long` only: BarographFaultTests replays the same flight whole
    /// at 50× through gpsd and holds the daemon's flight to the import's takeoff and landing within a fix interval.
    @Test(.timeLimit(.minutes(4)), arguments: wholeFlightNames)
    func wholeRealFlightReplayedFastIsOneFlightAtTheImportsTimes(name: String) throws {
        let source = try ReplayFlight(preferring: name)
        let world = try DaemonWorld()
        // The source holds the flight back until the follower and the daemon are both watching gpsd: fixes
        // sent before a client connects never reach it (gpsfake starts at once and lost the first ones).
        let gpsd = RestartableGPSD(directory: world.directory)
        // 50× real time at 1 Hz: faster, the barometer's rate gate (plausible pressure change per wall-clock
        // second) starts to drop the replayed descent and the pressure altitude lags the landing.
        try gpsd.startSource(NMEAWriter.log(source.fixes, dateShift: source.shift), delay: 0.02, paused: true)
        try gpsd.startGPSD()
        world.port = gpsd.port
        try world.startFollower(igc: source.path)
        try world.startDaemon(barometer: true)
        try #require(world.waitFor("Following gpsd", in: world.followerLog), "the follower never watched gpsd")
        try #require(world.waitFor("gpsd connected", in: world.daemonLog), "flightlogd never connected to gpsd")
        gpsd.release()
        #expect(world.waitForLastFix(source.fixes.last!.time + source.shift, seconds: 180))
        world.signalDaemon(SIGTERM)
        #expect(world.waitForDaemon() == 0)

        let flights = try FlightStore(path: world.database, mode: .readOnly).flights(matching: FlightFilter())
        try #require(
            flights.count == 1,
            "flights: \(flights.map { "\(iso8601UTC($0.takeoffTime))–\(iso8601UTC($0.landingTime))" })")
        let recorded = flights[0]
        print(
            "FastReplay: takeoff Δ \((recorded.takeoffTime - source.shift - source.flight.takeoffTime) / 1000) s,"
                + " landing Δ \((recorded.landingTime - source.shift - source.flight.landingTime) / 1000) s vs the original file"
        )
        #expect(
            abs(recorded.takeoffTime - source.shift - source.flight.takeoffTime) <= 10_000,
            "takeoff \(iso8601UTC(recorded.takeoffTime - source.shift)) vs \(iso8601UTC(source.flight.takeoffTime))")
        // The live detector must agree (±10 s) with the batch segmenter on the fixes it actually stored. Against
        // the original file the landing may differ more: at ~300× real time the fake barometer follows gpsd a few
        // flight-seconds late, and landing needs a steady pressure altitude (the real-time test checks accuracy).
        let stored = try storedFixes(world.database)
        let batch = try #require(FlightSegmenter.flightsForImport(stored, extensions: FixFusion.extensions).first)
        #expect(abs(recorded.takeoffTime - batch.takeoffTime) <= 10_000)
        #expect(
            abs(recorded.landingTime - batch.landingTime) <= 10_000,
            "live landing \(iso8601UTC(recorded.landingTime)) vs batch \(iso8601UTC(batch.landingTime))")
        #expect(
            abs(recorded.landingTime - source.shift - source.flight.landingTime) <= 30_000,
            "landing \(iso8601UTC(recorded.landingTime - source.shift)) vs \(iso8601UTC(source.flight.landingTime))")
        #expect(recorded.hasBarometer)
        #expect(stored.count >= source.fixes.count - 10, "stored \(stored.count) of \(source.fixes.count) fixes")
    }
}
