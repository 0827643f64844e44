import Testing

@testable import FlightLogCore

/// The words of `flightlog status` and the phone's Status page, from a status file and driven clocks: the
/// headline first (recording, in flight, stopped, no fix, stale), problems with what to do, ages from the file's
/// own time and the system clock.
@Suite struct StatusSummaryTests {
    /// The system clock in every test: 2026-06-14 12:00:00 UTC.
    static let now = RecorderStatus.utcMillis(iso: "2026-06-14T12:00:00Z")!
    static let second: Int64 = 1000
    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000

    /// A healthy recorder's status, written `ago` ms before ``now`` (by both clocks).
    static func status(writtenAgo ago: Int64 = 1000) -> RecorderStatus {
        var s = RecorderStatus()
        s.pid = 4242
        s.updatedAt = iso8601UTC(now - ago)
        s.gpsdConnected = true
        s.gpsMode = 3
        s.satellitesUsed = 9
        s.lastFixTime = iso8601UTC(now - ago - 400)
        s.lastFixAgeSeconds = 0.4
        s.latitude = 50.8234
        s.longitude = 6.1864
        s.gnssAltitudeMeters = 412
        s.barometerDevice = "bmp280"
        s.gpsOnly = false
        s.pressurePascals = 96_543
        s.temperatureCelsius = 21.5
        s.pressureAltitudeMeters = 418
        s.varioMetersPerSecond = 0.3
        s.fixesDurableIn = "journal (direct 512-byte sectors), into the database every minute"
        return s
    }

    static func summary(
        _ status: RecorderStatus?, modifiedAgo: Int64? = 1000, alive: Bool = true, lastFlight: Flight? = nil,
        freeBytes: Int64? = 8 << 30, now: UTCMillis = now
    ) -> StatusSummary {
        StatusSummary(
            StatusFacts(
                file: status.map { .status($0) } ?? .missing, statusPath: "/var/lib/flightlog/flightlogd.status.json",
                modified: modifiedAgo.map { now - $0 }, now: now, processExists: alive,
                databasePath: "/var/lib/flightlog/flightlog.sqlite", databaseSize: "1088 KiB, WAL 12 KiB",
                freeBytes: freeBytes, flightCount: 3, lastFlight: lastFlight))
    }

    static func flight(id: Int64, takeoff: UTCMillis, minutes: Int64, offset: Int = 7200) -> Flight {
        var details = FlightDetails()
        details.takeoffPlace = "Aachen-Merzbrück"
        details.landingPlace = "Düren"
        return Flight(
            id: id, takeoffTime: takeoff, landingTime: takeoff + minutes * 60_000,
            takeoffCoordinate: Coordinate(latitude: 50.82, longitude: 6.18),
            landingCoordinate: Coordinate(latitude: 50.80, longitude: 6.48), details: details,
            timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: offset)
    }

    @Test func aHealthyRecorderOnTheGround() {
        let s = Self.summary(Self.status())
        #expect(s.headline == "Recording" && s.tone == .ok && s.recording && s.problems.isEmpty)
        #expect(s.sections.map(\.title) == ["GPS", "Barometer", "Storage", "Last flight"])
        let text = s.text
        #expect(text.hasPrefix("Recording\n"), "the headline comes first: \(text)")
        #expect(text.contains("Fix:                3D fix, 9 satellites\n"), "\(text)")
        #expect(text.contains("Last fix:           1 s ago, at 11:59:58 UTC\n"), "\(text)")
        #expect(text.contains("Pressure altitude:  418 m (ISA"), "\(text)")
        #expect(text.contains("Vario:              +0.3 m/s"), "\(text)")
        #expect(text.contains("Free space:         8.0 GiB"), "\(text)")
        #expect(text.contains("Flight:             none yet"), "\(text)")
        #expect(!text.contains("gpsdConnected") && !text.contains("fixToDisk"), "no raw keys: \(text)")
        let justNow = Self.summary(Self.status(writtenAgo: 0), modifiedAgo: 0).sections
        #expect(justNow[0].rows[1].value == "just now, at 11:59:59 UTC" && justNow[1].rows.last?.value == "just now")
    }

    @Test func inFlightSinceTheLocalTakeoffTime() {
        var status = Self.status()
        status.flying = true
        status.flyingSince = "2026-06-14T10:04:00Z"
        status.flightId = 12
        let flight = Self.flight(id: 12, takeoff: Self.now - 116 * 60_000, minutes: 115)
        let s = Self.summary(status, lastFlight: flight)
        #expect(s.headline == "Recording, in flight since 12:04", "local time of the takeoff place (UTC+2)")
        let last = s.sections.last!.rows.map { "\($0.label): \($0.value)" }
        #expect(
            last == [
                "Flight: 2026-06-14, flight 12", "Times: since 12:04, in flight, UTC+02:00",
                "Places: Aachen-Merzbrück",
            ], "\(last)")
        #expect(s.sections.last!.rows[0].link == "/flights/12")
        // Without the flight in the logbook (or another one newest) the time says it is UTC.
        #expect(Self.summary(status).headline == "Recording, in flight since 10:04 UTC")
    }

    @Test func stoppedTwoHoursAgo() {
        var status = Self.status(writtenAgo: 2 * Self.hour)
        status.stopped = true
        let s = Self.summary(status, modifiedAgo: 2 * Self.hour)
        #expect(s.headline == "Not recording: flightlogd stopped 2 h ago" && s.tone == .stopped && !s.recording)
        #expect(s.problems.map(\.todo) == ["Start it: sudo systemctl start flightlogd."])
    }

    @Test func noGPSFixForThreeMinutes() {
        var status = Self.status()
        status.gpsMode = 1
        status.lastFixAgeSeconds = 179
        status.gpsLostSince = nil
        let s = Self.summary(status)
        #expect(s.headline == "Recording but no GPS fix for 3 min" && s.tone == .warning && s.recording)
        #expect(s.problems.count == 1 && s.problems[0].what.hasPrefix("No GPS fix for 3 min"))
        #expect(s.problems[0].todo.contains("clear view of the sky"))
        #expect(s.sections[0].rows[0].value == "no fix, 9 satellites")
        // Lost in flight: the recorder says since when, and the problem keeps the words the replays look for.
        status.flying = true
        status.flyingSince = "2026-06-14T10:04:00Z"
        status.gpsLostSince = "2026-06-14T11:57:01Z"
        let lost = Self.summary(status)
        #expect(lost.headline == "Recording, in flight since 10:04 UTC, but no GPS fix for 3 min")
        #expect(
            lost.problems.map(\.what) == [
                "GPS lost since 11:57:01 UTC: recording pressure altitude with the last position (V fixes) until it is back."
            ])
        // A fix that stopped coming, with gpsd still reporting 3D, is no fix either; none at all is "yet".
        status = Self.status()
        status.lastFixAgeSeconds = 60
        #expect(Self.summary(status).headline == "Recording but no GPS fix for 61 s")
        status.lastFixTime = nil
        status.lastFixAgeSeconds = nil
        #expect(Self.summary(status).headline == "Recording but no GPS fix yet")
        // gpsd itself gone: whatever mode it reported last, there is no fix, and the problem says what to check.
        status = Self.status()
        status.gpsdConnected = false
        status.gpsdProblem = "connection refused"
        let gone = Self.summary(status)
        #expect(gone.headline == "Recording but no GPS fix for 1 s")
        #expect(gone.sections[0].rows[0].value == "none: gpsd is not connected (connection refused)")
        #expect(gone.problems[0].what == "gpsd is not connected: connection refused.")
        #expect(gone.problems[0].todo.contains("systemctl status gpsd"))
    }

    /// The case: a status file a year old, whose fix was 2.9 s old when written. Not "2.9 s ago", and not
    /// "recording" although the pid may well exist again.
    @Test func aYearOldStatusSaysItIsStale() {
        var status = Self.status(writtenAgo: 365 * Self.day)
        status.lastFixAgeSeconds = 2.9
        let s = Self.summary(status, modifiedAgo: 365 * Self.day, alive: true)
        #expect(s.headline == "Status is 1 year old: flightlogd is not running" && !s.recording && s.tone == .stopped)
        let text = s.text
        #expect(text.contains("Last fix:           1 year ago, at 2025-06-14 11:59:59 UTC"), "\(text)")
        #expect(text.contains("Fix:                not known now") && !text.contains("3D fix"), "\(text)")
        #expect(!text.contains("2.9 s") && !text.contains("3 s ago"), "\(text)")
        #expect(s.problems[0].what.contains("written 1 year ago") && s.problems[0].todo.contains("journalctl"))
        // Any age past 10 s is stale; the words grow with it.
        for (ago, words) in [
            (30 * Self.second, "30 s"), (Self.hour, "60 min"), (3 * Self.day, "3 days"),
            (90 * Self.day, "3 months"), (800 * Self.day, "2 years"),
        ] {
            #expect(
                Self.summary(Self.status(writtenAgo: ago), modifiedAgo: ago).headline
                    == "Status is \(words) old: flightlogd is not running")
        }
        #expect(Self.summary(Self.status(writtenAgo: 9 * Self.second), modifiedAgo: 9 * Self.second).recording)
    }

    /// Ages come from the file's own time (GNSS) and its modification time (system clock), each against the system
    /// clock: a clock set from GNSS after the file was written, or not set at all, misleads neither.
    @Test func theFilesOwnTimeAndTheSystemClock() {
        // Written 2 h ago; the clock was at 1970 then (no real-time clock) and set since: the file's own time tells.
        let stepped = Self.summary(Self.status(writtenAgo: 2 * Self.hour), modifiedAgo: Self.now - 30 * Self.second)
        #expect(stepped.headline == "Status is 2 h old: flightlogd is not running")
        // The clock is not set yet (1970 + 40 s) but the file is fresh by it: recording, whatever GNSS time says.
        let early: UTCMillis = 40 * Self.second
        let unset = Self.summary(Self.status(), modifiedAgo: 2 * Self.second, now: early)
        #expect(unset.headline == "Recording" && unset.recording)
        // Both times ahead of the clock (it was set back): stale, and it says why.
        let future = Self.summary(Self.status(writtenAgo: -Self.day), modifiedAgo: -Self.day)
        #expect(future.headline == "Status is from the future (the clock was set back): flightlogd is not running")
        // No modification time and no own time: nothing says it is fresh.
        var timeless = Self.status()
        timeless.updatedAt = nil
        #expect(!Self.summary(timeless, modifiedAgo: nil).recording)
        #expect(RecorderStatus.utcMillis(iso: "2026-06-14T12:00:00.250Z") == Self.now + 250)
        for bad in ["2026-06-14 12:00:00Z", "2026-06-14T25:00:00Z", "2026-06-14T12:00:0xZ", "2026-13-01T00:00:00Z", ""]
        {
            #expect(RecorderStatus.utcMillis(iso: bad) == nil, "\(bad)")
        }
    }

    @Test func noStatusFileOrADeadProcess() {
        let missing = Self.summary(nil, modifiedAgo: nil)
        #expect(missing.headline == "Not recording: no status from flightlogd" && !missing.recording)
        #expect(missing.problems[0].what.contains("/var/lib/flightlog/flightlogd.status.json"))
        #expect(missing.problems[0].todo.contains("sudo systemctl start flightlogd"))
        #expect(missing.sections.map(\.title) == ["Storage", "Last flight"])
        let dead = Self.summary(Self.status(), alive: false)
        #expect(dead.headline == "Not recording: flightlogd is not running" && !dead.recording)
        #expect(dead.problems[0].what == "flightlogd (process 4242) ended without saying it stopped.")
    }

    @Test func storageAndBarometerProblemsSayWhatToDo() {
        var status = Self.status()
        status.databaseWritable = false
        status.barometerProblem = "barometer silent"
        status.pressureAltitudeMeters = nil
        let s = Self.summary(status, freeBytes: 20 << 20)
        #expect(s.headline == "Recording but cannot write the database" && s.tone == .warning)
        #expect(
            s.problems.map { $0.what.prefix(28) } == [
                "flightlogd cannot write the ", "Barometer: barometer silent.", "Only 20.0 MiB free for the d",
            ])
        #expect(s.problems[0].todo.contains("df -h /var/lib/flightlog"))
        #expect(s.sections[1].rows.map(\.value) == ["bmp280", "none: barometer silent", "1 s ago"])
        #expect(s.sections[2].rows[0].value.hasSuffix("WAL 12 KiB — NOT WRITABLE"))
        var none = Self.status()
        none.barometerConfigured = false
        #expect(
            Self.summary(none).sections[1].rows.map(\.value) == [
                "none configured: recording GPS only, without pressure altitude"
            ])
    }

    @Test func theLastFlightWithTimesAndPlaces() {
        let flight = Self.flight(id: 7, takeoff: Self.now - 2 * Self.day, minutes: 75)
        let rows = Self.summary(Self.status(), lastFlight: flight).sections.last!.rows
        #expect(
            rows.map(\.value) == [
                "2026-06-12, flight 7", "14:00–15:15 (1:15 h), UTC+02:00", "Aachen-Merzbrück → Düren",
            ])
        #expect(
            Self.summary(Self.status(), lastFlight: flight).text.contains(
                "Flight:             2026-06-12, flight 7 (flightlog show 7)\n"))
    }

    @Test func agesAndSizesReadRoughly() {
        #expect(
            [0, 2.9, 119, 120, 7199, 7200, 172_799, 172_800, 5_183_999, 5_184_000, 31_535_999, 31_536_000].map(
                StatusSummary.ago) == [
                    "0 s", "2 s", "119 s", "2 min", "119 min", "2 h", "47 h", "2 days", "59 days", "2 months",
                    "12 months", "1 year",
                ])
        #expect(
            [0, 1, 1024, 1025, 1 << 20, 3 << 29].map(StatusSummary.bytesText) == [
                "0 KiB", "1 KiB", "1 KiB", "2 KiB", "1.0 MiB", "1.5 GiB",
            ])
    }
}
