import FlightLogAnalysis
import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Logging
import Testing

@testable import FlightLogDaemon

/// A fresh database file in its own temporary directory.
func temporaryDatabase() throws -> String {
    try makeTemporaryDirectory("flightlogd-test").appendingPathComponent("flights.sqlite").path
}

let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

func settings(statusPath: String?) -> RecorderSettings {
    var settings = RecorderSettings(
        recorder: RecorderInfo(manufacturer: "XFL", serial: "TST", pressureSensor: "IIO bmp280"))
    settings.defaults = FlightDetails(
        pilot: "Müller, Jürgen", gliderType: "ASK 21", registration: "D-1234", competitionId: "XY")
    settings.statusPath = statusPath
    return settings
}

/// Feeds seconds `range` of the synthetic flight, ticking like the maintenance service.
func feed(_ recorder: Recorder, _ flight: SyntheticFlight, _ range: Range<Int>) async {
    for i in range {
        let second = flight.second(i)
        for pressure in second.pressures { await recorder.ingest(pressure) }
        await recorder.ingest(second.reading)
        await recorder.tick(now: second.reading.receivedAtMonotonicNanos + 250_000_000)
    }
}

@Suite(.serialized) struct RecorderTests {
    @Test(.timeLimit(.minutes(2)))
    func simulatedFlightBecomesOneFlight() async throws {
        let path = try temporaryDatabase()
        let statusPath = (path as NSString).deletingLastPathComponent + "/flightlogd.status.json"
        let flight = SyntheticFlight()
        let recorder = try Recorder(
            store: FlightStore(path: path, mode: .readWrite), settings: settings(statusPath: statusPath),
            logger: quiet, now: flight.monotonicStart, clock: .driven)
        await feed(recorder, flight, 0..<(SyntheticFlight.takeoffSecond + 200))
        #expect(await recorder.isFlying)
        let inAir = try RecorderStatus.read(from: statusPath)
        #expect(inAir.flying)
        #expect(!inAir.gpsOnly)
        await feed(recorder, flight, (SyntheticFlight.takeoffSecond + 200)..<SyntheticFlight.count)
        #expect(!(await recorder.isFlying))
        await recorder.finish(now: flight.monotonicStart + Int64(SyntheticFlight.count) * 1_000_000_000)

        let store = try FlightStore(path: path, mode: .readOnly)
        let flights = try store.flights(matching: FlightFilter())
        try #require(flights.count == 1)
        let recorded = flights[0]
        let takeoff = SyntheticFlight.start + Int64(SyntheticFlight.takeoffSecond) * 1000
        let landing = SyntheticFlight.start + Int64(SyntheticFlight.landingSecond) * 1000
        // Backdated to the first fix at takeoff speed (10 m/s), a few seconds into the roll.
        #expect((takeoff...takeoff + 10_000).contains(recorded.takeoffTime))
        #expect(abs(recorded.landingTime - landing) <= 30_000)
        #expect(recorded.details.pilot == "Müller, Jürgen")
        #expect(recorded.details.registration == "D-1234")
        #expect(recorded.hasBarometer)
        let maxAltitude = try #require(recorded.maxAltitude)
        #expect(abs(maxAltitude - (SyntheticFlight.elevation + 600)) < 2)
        #expect(try store.inProgressFlight() == nil)
        // Places from the shipped airfield data, the zone of the takeoff place, the place texts filled in.
        let index = AirfieldIndex(try AirfieldCatalog.dataSet())
        let takeoffPlace = try #require(recorded.takeoffLocation), landingPlace = try #require(recorded.landingLocation)
        #expect(takeoffPlace.name == index.place(at: recorded.takeoffCoordinate).airfield?.name)
        #expect(landingPlace.isOutlanding == index.place(at: recorded.landingCoordinate).isOutlanding)
        #expect(recorded.details.takeoffPlace == takeoffPlace.description)
        #expect(recorded.details.landingPlace == landingPlace.description)
        #expect(recorded.timeZoneIdentifier != nil && recorded.timeZoneIdentifier == takeoffPlace.zoneIdentifier)

        // Every second was recorded, ground time included, with ISA pressure altitude.
        let track = try store.track(forFlight: try #require(recorded.id), marginMillis: 3_600_000)
        #expect(track.fixes.count == SyntheticFlight.count)
        #expect(track.recorder.extensions == FixFusion.extensions)
        let top = try #require(
            track.fixes.first { $0.time == SyntheticFlight.start + Int64(SyntheticFlight.takeoffSecond + 320) * 1000 })
        let expected = flight.second(SyntheticFlight.takeoffSecond + 320).altitude
        #expect(abs(try #require(top.pressureAltitude) - expected) <= 0.6)

        // Analysed after the landing on a thread of its own, and kept: waited for (at most a minute), not timed.
        var analysis = try store.storedAnalysis(forFlight: try #require(recorded.id))
        for _ in 0..<600 where analysis == nil {
            try await Task.sleep(for: .milliseconds(100))
            analysis = try store.storedAnalysis(forFlight: try #require(recorded.id))
        }
        let kept = try #require(analysis, "the landed flight was not analysed")
        // Of the flight as it was closed (its landing and release), not of the flight in progress.
        #expect(kept.version == FlightAnalysis.currentVersion)
        #expect(kept.inputs.takeoff == recorded.takeoffTime && kept.inputs.landing == recorded.landingTime)
        #expect(
            kept.inputs.release == recorded.releaseTime && kept.scoringEnd.map { $0 <= recorded.landingTime } == true)
    }

    @Test(.timeLimit(.minutes(2)))
    func withoutBarometerFixesHaveNoPressureAltitude() async throws {
        let path = try temporaryDatabase()
        let flight = SyntheticFlight()
        var gpsOnly = settings(statusPath: nil)
        gpsOnly.barometerConfigured = false
        let recorder = try Recorder(
            store: FlightStore(path: path, mode: .readWrite), settings: gpsOnly, logger: quiet,
            now: flight.monotonicStart, clock: .driven)
        for i in 0..<SyntheticFlight.count { await recorder.ingest(flight.second(i).reading) }
        await recorder.finish(now: flight.monotonicStart + Int64(SyntheticFlight.count) * 1_000_000_000)
        let store = try FlightStore(path: path, mode: .readOnly)
        let flights = try store.flights(matching: FlightFilter())
        try #require(flights.count == 1)
        #expect(!flights[0].hasBarometer)
        let track = try store.track(forFlight: try #require(flights[0].id), marginMillis: 0)
        #expect(track.fixes.allSatisfy { $0.pressureAltitudeDm == nil })
        #expect(track.fixes.allSatisfy { $0.gnssAltitudeDm != nil })
    }

    /// A power cut in the air, short or long (700 s, beyond the old 10 min limit of a resumed recording: the
    /// glider landed while the Pi was off), is one flight with its POWER fault from the last fix before the cut to
    /// the first after.
    @Test(.timeLimit(.minutes(2)), arguments: [30, 120, 700])
    func brownOutInTheAirKeepsOneFlight(gapSeconds: Int) async throws {
        let path = try temporaryDatabase()
        let flight = SyntheticFlight()
        let cut = SyntheticFlight.takeoffSecond + (gapSeconds > 600 ? 100 : 250)
        do {
            // First run: killed mid-flight, no finish(); only what was committed survives.
            let first = try Recorder(
                store: FlightStore(path: path, mode: .readWrite), settings: settings(statusPath: nil), logger: quiet,
                now: flight.monotonicStart, clock: .driven)
            await feed(first, flight, 0..<cut)
            #expect(await first.isFlying)
        }
        let interrupted = try FlightStore(path: path, mode: .readOnly).inProgressFlight()
        #expect(interrupted != nil)

        // Second run after the power came back: a new monotonic clock (reboot), same database.
        var rebooted = flight
        rebooted.monotonicStart = 5_000_000_000
        let second = try Recorder(
            store: FlightStore(path: path, mode: .readWrite), settings: settings(statusPath: nil), logger: quiet,
            now: rebooted.monotonicStart, clock: .driven)
        await feed(second, rebooted, (cut + gapSeconds)..<SyntheticFlight.count)
        await second.finish(now: rebooted.monotonicStart + Int64(SyntheticFlight.count) * 1_000_000_000)

        let store = try FlightStore(path: path, mode: .readOnly)
        let flights = try store.flights(matching: FlightFilter())
        try #require(flights.count == 1)
        let takeoff = SyntheticFlight.start + Int64(SyntheticFlight.takeoffSecond) * 1000
        let landing = SyntheticFlight.start + Int64(SyntheticFlight.landingSecond) * 1000
        #expect((takeoff...takeoff + 10_000).contains(flights[0].takeoffTime))
        let resumed = SyntheticFlight.start + Int64(cut + gapSeconds) * 1000
        if resumed < landing {
            #expect(abs(flights[0].landingTime - landing) <= 30_000)
        } else {  // landed while the Pi was off: found at the first fixes after the cut (as an import would)
            #expect((resumed...resumed + 60_000).contains(flights[0].landingTime))
        }
        #expect(flights[0].id == interrupted?.id)
        #expect(try store.inProgressFlight() == nil)
        let track = try store.track(forFlight: try #require(flights[0].id), marginMillis: 0)
        let power = RecordingFaults.of(flights[0], fixes: track.fixes).filter { $0.kind == .power }
        // The cut loses at most the batch not yet committed (under a second of fixes).
        let lastFed = SyntheticFlight.start + Int64(cut - 1) * 1000
        #expect(power.count == 1 && power[0].to == resumed, "\(power)")
        #expect(power.allSatisfy { (lastFed - 2000...lastFed).contains($0.from) }, "\(power)")
    }

    @Test(.timeLimit(.minutes(1)))
    func healthNeedsFreshSensorData() async throws {
        let path = try temporaryDatabase()
        let flight = SyntheticFlight()
        let recorder = try Recorder(
            store: FlightStore(path: path, mode: .readWrite), settings: settings(statusPath: nil), logger: quiet,
            now: flight.monotonicStart, clock: .driven)
        #expect(!(await recorder.health(now: flight.monotonicStart)).isReady)
        await feed(recorder, flight, 0..<3)
        let now = flight.second(2).reading.receivedAtMonotonicNanos
        let health = await recorder.health(now: now)
        #expect(health.isReady && health.isHealthy)
        #expect(health.summary.contains("on ground"))
        #expect(!(await recorder.health(now: now + 120_000_000_000)).isHealthy)
    }
}

/// The fix-to-disk latency percentiles of the status file (nearest rank over the last `capacity` values).
@Suite struct LatencyWindowTests {
    @Test func percentilesByNearestRankFromTheLatestValues() {
        var window = LatencyWindow(capacity: 100)
        #expect(window.percentiles([0.5, 0.99]) == [nil, nil])
        #expect(window.maximum == nil)
        for value in (1...100).reversed() { window.add(Int64(value)) }
        #expect(window.percentiles([0, 0.5, 0.99, 1]) == [1, 50, 99, 100])
        // 50 newer values replace the oldest 50 (100 … 51): the window now holds 1…50 and 1001…1050.
        for value in 1001...1050 { window.add(Int64(value)) }
        #expect(window.percentiles([0.5, 0.99]) == [50, 1049])
        #expect(window.maximum == 1050)
    }

    /// Flights from before places were kept get theirs when flightlogd starts; a hand-edited place stays.
    @Test func olderFlightsArePlacedAtStart() throws {
        let path = try temporaryDatabase()
        let store = try FlightStore(path: path, mode: .readWrite)
        let leverkusen = Coordinate(latitude: 51.0147, longitude: 7.0053)
        var flights: [Flight] = []
        for n in 0..<2 {
            flights.append(
                Flight(
                    takeoffTime: SyntheticFlight.start + Int64(n) * 86_400_000,
                    landingTime: SyntheticFlight.start + Int64(n) * 86_400_000 + 3_600_000,
                    takeoffCoordinate: leverkusen, landingCoordinate: leverkusen,
                    source: .imported(fileName: "old.igc", sha256: "ab"),
                    timeZoneIdentifier: "Europe/Brussels", utcOffsetSeconds: 7200))
        }
        let ids = try store.importFlights(
            track: Track(recorder: RecorderInfo(manufacturer: "XCS", serial: "AAA"), fixes: []), fileName: "old.igc",
            sha256: "ab", flights: flights)
        var edited = try store.flight(id: ids[1]).details
        edited.landingPlace = "Wiese am Rhein"
        _ = try store.updateDetails(id: ids[1], to: edited, editedAt: 0)
        #expect(try store.unplacedFlightCount() == 2)

        FlightLogDaemon.placeOlderFlights(store: store, settings: settings(statusPath: nil), logger: quiet)
        #expect(try store.unplacedFlightCount() == 0)
        let first = try store.flight(id: ids[0]), second = try store.flight(id: ids[1])
        #expect(first.takeoffLocation?.code == "EDKL" && first.details.takeoffPlace == "Leverkusen Airport (EDKL)")
        #expect(
            first.timeZoneIdentifier == "Europe/Berlin", "the nearest-zone guess (Brussels) is replaced by the field's")
        #expect(second.details.landingPlace == "Wiese am Rhein" && second.landingLocation?.code == "EDKL")
    }
}
