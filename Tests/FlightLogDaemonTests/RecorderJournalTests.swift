import FlightLogCore
import FlightLogStore
import Foundation
import Testing

@testable import FlightLogDaemon

/// The recorder with its live journal (Recorder+Journal.swift): fixes reach SQLite once a minute and at takeoff,
/// landing and shutdown, and a power cut still loses at most the last second.
@Suite(.serialized) struct RecorderJournalTests {
    func journalSettings(_ path: String) -> RecorderSettings {
        var s = settings(statusPath: nil)
        s.journalPath = path + ".live"
        return s
    }

    /// A recorder on the database at `path`, its monotonic clock starting with `flight`'s.
    func makeRecorder(_ path: String, _ settings: RecorderSettings, _ flight: SyntheticFlight) throws -> Recorder {
        try Recorder(
            store: FlightStore(path: path, mode: .readWrite), settings: settings, logger: quiet,
            now: flight.monotonicStart, clock: .driven)
    }

    func storedFixCount(_ path: String) throws -> Int {
        let store = try FlightStore(path: path, mode: .readOnly)
        guard let recording = try store.lastRecording() else { return 0 }
        return try store.fixes(recording: recording.id, from: .min, to: .max).count
    }

    @Test(.timeLimit(.minutes(2)))
    func powerCutInTheAirLosesNothingTheJournalHeld() async throws {
        let path = try temporaryDatabase()
        let flight = SyntheticFlight()
        let cut = SyntheticFlight.takeoffSecond + 250
        do {
            let first = try makeRecorder(path, journalSettings(path), flight)
            await feed(first, flight, 0..<cut)
            #expect(await first.isFlying)
            #expect(await first.unsettledCount > 0)
            // Killed here: no finish(). SQLite has the fixes up to the last settle (at the takeoff, then once a
            // minute of the recorder's clock), the journal the rest: up to a minute of fixes.
            let stored = try storedFixCount(path)
            #expect(
                stored >= SyntheticFlight.takeoffSecond && (1...61).contains(cut - stored), "stored \(stored) of \(cut)"
            )
            let journaled = try #require(LiveJournal.recover(path: path + ".live"))
            #expect(stored + journaled.fixes.count >= cut - 1, "stored \(stored) + journal \(journaled.fixes.count)")
        }

        var rebooted = flight
        rebooted.monotonicStart = 5_000_000_000
        let second = try makeRecorder(path, journalSettings(path), rebooted)
        #expect(LiveJournal.recover(path: path + ".live") == nil, "recovered fixes are settled at start")
        let resumeSecond = cut + 30
        await feed(second, rebooted, resumeSecond..<SyntheticFlight.count)
        await second.finish(now: rebooted.monotonicStart + Int64(SyntheticFlight.count) * 1_000_000_000)

        let store = try FlightStore(path: path, mode: .readOnly)
        let flights = try store.flights(matching: FlightFilter())
        try #require(flights.count == 1)
        let track = try store.track(forFlight: try #require(flights[0].id), marginMillis: 3_600_000)
        let times = track.fixes.map(\.time)
        #expect(times == times.sorted() && Set(times).count == times.count, "no fix twice")
        // Every second fed before the cut is stored, but for the one the fusion may still have held.
        let before = times.filter { $0 < SyntheticFlight.start + Int64(cut) * 1000 }
        #expect(before.count >= cut - 1, "\(before.count) of \(cut) seconds before the cut")
        #expect(times.count >= cut - 1 + SyntheticFlight.count - resumeSecond - 1)
        let power = RecordingFaults.of(flights[0], fixes: track.fixes).filter { $0.kind == .power }
        let lastFed = SyntheticFlight.start + Int64(cut - 1) * 1000
        #expect(power.count == 1 && (lastFed - 1000...lastFed).contains(power[0].from), "\(power)")
        #expect(try store.inProgressFlight() == nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func shutdownSettlesEverythingAndTheStatusSaysWhere() async throws {
        let path = try temporaryDatabase()
        let statusPath = (path as NSString).deletingLastPathComponent + "/status.json"
        var s = journalSettings(path)
        s.statusPath = statusPath
        let flight = SyntheticFlight()
        let recorder = try makeRecorder(path, s, flight)
        await feed(recorder, flight, 0..<120)
        // Settled once, after the first minute; the fixes since wait in the journal.
        let stored = try storedFixCount(path)
        let unsettled = await recorder.unsettledCount
        #expect((59...61).contains(stored) && (1...61).contains(unsettled), "stored \(stored), journal \(unsettled)")
        await recorder.finish(now: flight.monotonicStart + 121_000_000_000)
        #expect(try storedFixCount(path) == 120)
        #expect(LiveJournal.recover(path: path + ".live") == nil)
        let status = try RecorderStatus.read(from: statusPath)
        #expect(status.fixesDurableIn?.hasPrefix("journal") == true, "\(status.fixesDurableIn ?? "-")")
    }

    /// flightlog-sync.path starts a sync when flightlogd rewrites this stamp after a landing.
    @Test(.timeLimit(.minutes(2)))
    func aLandingRewritesTheSyncStampWithTheFlightsId() async throws {
        let path = try temporaryDatabase()
        let stamp = (path as NSString).deletingLastPathComponent + "/landed"
        var s = journalSettings(path)
        s.landingStampPath = stamp
        let flight = SyntheticFlight()
        let recorder = try makeRecorder(path, s, flight)
        await feed(recorder, flight, 0..<(SyntheticFlight.takeoffSecond + 100))
        #expect(!FileManager.default.fileExists(atPath: stamp), "no stamp before the landing")
        await feed(recorder, flight, (SyntheticFlight.takeoffSecond + 100)..<SyntheticFlight.count)
        let id = try #require(try FlightStore(path: path, mode: .readOnly).flights(matching: FlightFilter()).first?.id)
        #expect(try String(contentsOfFile: stamp, encoding: .utf8) == "\(id)\n")
    }

    @Test(.timeLimit(.minutes(1)))
    func anUnusableJournalMeansADatabaseCommitPerFix() async throws {
        let path = try temporaryDatabase()
        let statusPath = (path as NSString).deletingLastPathComponent + "/status.json"
        try FileManager.default.createDirectory(atPath: path + ".live", withIntermediateDirectories: false)
        var s = journalSettings(path)
        s.statusPath = statusPath
        let flight = SyntheticFlight()
        let recorder = try makeRecorder(path, s, flight)
        #expect(await recorder.journalMode == nil)
        await feed(recorder, flight, 0..<30)
        #expect(try storedFixCount(path) >= 29, "each fix committed as it comes")
        #expect(try RecorderStatus.read(from: statusPath).fixesDurableIn?.hasPrefix("database") == true)
    }

    @Test(.timeLimit(.minutes(1)))
    func aJournalOfARecordingTheDatabaseLacksIsMovedAsideNotLost() async throws {
        let path = try temporaryDatabase()
        let flight = SyntheticFlight()
        do {
            let journal = try LiveJournal(path: path + ".live")
            let fix = Fix(
                time: SyntheticFlight.start, isValid: true, latitudeE7: 500_000_000, longitudeE7: 70_000_000,
                pressureAltitudeDm: 4200, gnssAltitudeDm: 4700)
            try journal.append([fix], recordingId: 42)
        }
        let recorder = try makeRecorder(path, journalSettings(path), flight)
        #expect(await recorder.journalMode != nil)
        #expect(LiveJournal.recover(path: path + ".live.unrecovered")?.recordingId == 42)
        #expect(LiveJournal.recover(path: path + ".live") == nil)
    }
}
