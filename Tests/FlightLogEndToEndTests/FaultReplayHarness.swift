import FlightLogCore
import FlightLogSimulation
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `scripts/with-fake-iio.sh` can make a private mount namespace here.
let hasMountNamespace =
    DaemonHarness.shell("if [ \"$(id -u)\" = 0 ]; then unshare -m true; else unshare -Urm true; fi").status == 0

/// A flight to replay: a real one from `../shared/flights`, else the generated winch flight in `samples/`.
struct ReplayFlight {
    let path: String
    let fixes: [Fix]
    /// How far NMEAWriter moves the dates (gpsd rejects NMEA dates before 2017), ms.
    let shift: Int64
    /// The flight an import of the original file finds.
    let flight: DetectedFlight
    let timeline: PressureTimeline

    init(preferring sharedName: String) throws {
        try self.init(path: SharedFlights.path(preferring: sharedName))
    }

    /// The flight in the IGC file at `path`.
    init(path: String) throws {
        self.path = path
        let file = try IGCReader.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        fixes = file.track.fixes
        shift = NMEAWriter.dateShift(for: fixes)
        flight = try #require(
            FlightSegmenter.flightsForImport(fixes, extensions: file.track.recorder.extensions).first)
        timeline = PressureTimeline(fixes: fixes)
    }

    var name: String { URL(fileURLWithPath: path).lastPathComponent }

    /// The longest gap between the source fixes on either side of `time`, ms (at least 1 s).
    func fixInterval(around time: UTCMillis) -> Int64 {
        guard let next = fixes.firstIndex(where: { $0.time >= time }), next > 0 else { return 1000 }
        let after = next + 1 < fixes.count ? fixes[next + 1].time - fixes[next].time : 0
        return max(1000, fixes[next].time - fixes[next - 1].time, after)
    }
}

/// `HH:MM:SS` of a UTC instant, as `flightlog replay`'s fault options take it.
func timeOfDay(_ time: UTCMillis) -> String { CivilDateTime(utc: time).hourMinuteSecond }

/// `HH:MM:SS-HH:MM:SS`.
func window(_ range: ClosedRange<UTCMillis>) -> String {
    "\(timeOfDay(range.lowerBound))-\(timeOfDay(range.upperBound))"
}

/// flightlogd recording a flight that `flightlog replay --serve-nmea` sends through a real gpsd with faults,
/// the fake barometer on the replay's clock; the flight starts once the daemon and an observer watch gpsd.
final class FaultReplay {
    let world: DaemonWorld
    let source: ReplayFlight
    private let hold: URL

    /// - Parameter replayArguments: fault and clock options for `flightlog replay` (`--no-fix`, `--speed` …).
    init(_ flight: ReplayFlight, replayArguments: [String]) throws {
        self.source = flight
        world = try DaemonWorld()
        hold = world.directory.appendingPathComponent("go")
        try world.startReceiverAndGPSD(
            igc: source.path, rate: 50, extraArguments: replayArguments + ["--hold-until", hold.path])
        try world.startObserver()
        try world.startDaemon(barometer: true)
        try #require(world.waitFor("gpsd connected", in: world.daemonLog), "flightlogd never connected to gpsd")
        try #require(world.waitFor("barometer found", in: world.daemonLog), "flightlogd never found the barometer")
        usleep(300_000)  // the observer's WATCH
        _ = FileManager.default.createFile(atPath: hold.path, contents: nil)
    }

    /// The newest fix time (source clock, unshifted) gpsd has delivered to the observer.
    var replayTime: UTCMillis? { world.observed().last.map { $0.time - source.shift } }

    /// Waits until gpsd has delivered a fix at or after `time` (source clock).
    func waitUntil(_ time: UTCMillis, seconds: Double) -> Bool {
        let deadline = DaemonHarness.monotonicSeconds() + seconds
        while DaemonHarness.monotonicSeconds() < deadline {
            if let now = replayTime, now >= time { return true }
            usleep(10_000)
        }
        return false
    }

    /// A power cut: SIGKILL at `time`, started again `seconds` of the replay's clock after it. The cut waits (at most
    /// 20 s) until the daemon itself has had the fixes up to a second before `time`: on a loaded machine it can lag
    /// the 50× replay by minutes of flight, and a cut then strikes a recorder that has not yet seen the touchdown
    /// (in the air, as far as it knows), which no recorder reading gpsd at 1 Hz ever is.
    /// `waitingAtMost`: real seconds to wait for the replay to reach the cut and the restart.
    func cutPower(at time: UTCMillis, for seconds: Int64, waitingAtMost wait: Double = 600) throws {
        try #require(waitUntil(time, seconds: wait), "the replay never reached \(timeOfDay(time))")
        if !daemonHasFix(at: time - 1000, seconds: 20) {
            print("FaultReplay: flightlogd had not caught up with \(timeOfDay(time - 1000)) after 20 s; cutting anyway")
        }
        world.signalDaemon(SIGKILL)
        // Off for `seconds` of the replay's clock from the moment it really went off.
        let off = max(time, replayTime ?? time)
        world.waitForDaemon()
        try #require(waitUntil(off + seconds * 1000, seconds: wait), "the replay stopped during the power cut")
        try world.startDaemon(barometer: true)
    }

    /// Waits until the daemon's status file reports a fix at or after `time` (source clock).
    private func daemonHasFix(at time: UTCMillis, seconds: Double) -> Bool {
        let wanted = iso8601UTC(time + source.shift)
        let deadline = DaemonHarness.monotonicSeconds() + seconds
        while DaemonHarness.monotonicSeconds() < deadline {
            if let data = FileManager.default.contents(atPath: world.statusPath),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let last = object["lastFixTime"] as? String, last >= wanted
            {
                return true
            }
            usleep(20_000)
        }
        return false
    }

    /// Waits until the replay has sent its last epoch (it exits 3 s later), then 2 s more. A replay that died
    /// (a trap, a signal) is a failure of its own: the fixes it never sent are not the recorder's loss.
    func waitForReplayEnd(seconds: Double) -> Bool {
        let deadline = DaemonHarness.monotonicSeconds() + seconds
        while world.replayIsRunning && DaemonHarness.monotonicSeconds() < deadline { usleep(100_000) }
        sleep(2)
        if let ending = world.replayEnding {
            #expect(ending == "exit 0", "flightlog replay ended with \(ending), not at the end of the flight")
        }
        return !world.replayIsRunning
    }

    func stopDaemon() -> Int32? {
        world.signalDaemon(SIGTERM)
        return world.waitForDaemon()
    }

    /// Every stored fix of every recording, in time order.
    func storedFixes() throws -> [Fix] {
        let store = try FlightStore(path: world.database, mode: .readOnly)
        guard let last = try store.lastRecording() else { return [] }
        return try (1...last.id).flatMap { try store.fixes(recording: $0, from: 0, to: .max) }.sorted {
            $0.time < $1.time
        }
    }

    func flights() throws -> [Flight] {
        try FlightStore(path: world.database, mode: .readOnly).flights(matching: FlightFilter())
    }

    /// Standard output of `flightlog ARGUMENTS --database DB`.
    func flightlog(_ arguments: String) -> String {
        DaemonHarness.shell("'\(DaemonHarness.flightlog)' \(arguments) --database '\(world.database)' 2>&1").output
    }

    /// The tail of the daemon's log, for failure messages.
    var logTail: String {
        String(
            String(decoding: FileManager.default.contents(atPath: world.daemonLog.path) ?? Data(), as: UTF8.self)
                .suffix(1500))
    }
}

/// The L records of an IGC file that name a fault: `(kind, from, to)` with times as `HHMMSS`.
func faultRecords(igc text: String) -> [(kind: String, from: String, to: String)] {
    text.split(whereSeparator: \.isNewline).compactMap { line in
        guard line.hasPrefix("LXFL"), let dash = line.lastIndex(of: "-"), let space = line[..<dash].lastIndex(of: " ")
        else { return nil }
        let kind = String(line[line.index(line.startIndex, offsetBy: 4)..<space])
        return (kind, String(line[line.index(after: space)..<dash]), String(line[line.index(after: dash)...]))
    }
}

/// Seconds between two `HHMMSS` times of day (b − a).
func secondsBetween(_ a: String, _ b: String) -> Int? {
    func seconds(_ text: String) -> Int? {
        guard text.count == 6, let value = Int(text) else { return nil }
        return value / 10_000 * 3600 + value / 100 % 100 * 60 + value % 100
    }
    guard let x = seconds(a), let y = seconds(b) else { return nil }
    return y - x
}
