import FlightLogCore
import FlightLogStore
import Foundation
import Testing

@testable import FlightLogDaemon

/// The barograph goes on through a GPS loss (also one lost for good), with the recorder's own tick driving it.
@Suite(.serialized) struct RecorderBarographTests {
    /// Feeds seconds `range` with the barometer only (the receiver silent), ticking every 250 ms.
    private func feedWithoutFix(_ recorder: Recorder, _ flight: SyntheticFlight, _ range: Range<Int>) async {
        for i in range {
            let second = flight.second(i)
            for pressure in second.pressures { await recorder.ingest(pressure) }
            for quarter in 0..<4 {
                await recorder.tick(now: second.reading.receivedAtMonotonicNanos + Int64(quarter) * 250_000_000)
            }
        }
    }

    private func recorder(_ path: String, _ flight: SyntheticFlight, statusPath: String? = nil) throws -> Recorder {
        try Recorder(
            store: FlightStore(path: path, mode: .readWrite), settings: settings(statusPath: statusPath), logger: quiet,
            now: flight.monotonicStart, clock: .driven)
    }

    /// 90 s without any fix at 300 m: a V fix every second with the pressure altitude of its instant, the last
    /// valid position and no GNSS altitude; one flight; status says "GPS lost since" during the loss only.
    @Test(.timeLimit(.minutes(2)))
    func ninetySecondsWithoutAFixKeepThePressureTrace() async throws {
        let path = try temporaryDatabase()
        let statusPath = (path as NSString).deletingLastPathComponent + "/flightlogd.status.json"
        let flight = SyntheticFlight()
        let recorder = try recorder(path, flight, statusPath: statusPath)
        let lossStart = SyntheticFlight.takeoffSecond + 150
        let lossEnd = lossStart + 90
        await feed(recorder, flight, 0..<lossStart)
        await feedWithoutFix(recorder, flight, lossStart..<lossEnd)
        let during = await recorder.currentStatus(now: flight.second(lossEnd - 1).reading.receivedAtMonotonicNanos)
        #expect(during.gpsLostSince == iso8601UTC(SyntheticFlight.start + Int64(lossStart - 1) * 1000))
        await feed(recorder, flight, lossEnd..<SyntheticFlight.count)
        let after = await recorder.currentStatus(
            now: flight.second(SyntheticFlight.count - 1).reading.receivedAtMonotonicNanos)
        #expect(after.gpsLostSince == nil)
        await recorder.finish(now: flight.monotonicStart + Int64(SyntheticFlight.count) * 1_000_000_000)

        let store = try FlightStore(path: path, mode: .readOnly)
        let flights = try store.flights(matching: FlightFilter())
        try #require(flights.count == 1)
        let fixes = try store.track(forFlight: try #require(flights[0].id), marginMillis: 0).fixes
        let window = fixes.filter {
            $0.time >= SyntheticFlight.start + Int64(lossStart) * 1000
                && $0.time < SyntheticFlight.start + Int64(lossEnd) * 1000
        }
        let lastValid = try #require(
            fixes.last { $0.isValid && $0.time < SyntheticFlight.start + Int64(lossStart) * 1000 })
        #expect(window.count == 90, "one fix a second through the loss")
        #expect(window.allSatisfy { !$0.isValid && $0.gnssAltitudeDm == nil })
        #expect(window.allSatisfy { $0.latitudeE7 == lastValid.latitudeE7 && $0.longitudeE7 == lastValid.longitudeE7 })
        for fix in window {
            let s = Int((fix.time - SyntheticFlight.start) / 1000)
            let expected = flight.second(s).altitude
            #expect(abs((fix.pressureAltitude ?? 0) - expected) <= 1, "pressure altitude at \(s) s")
        }
        // Distance ignores the V fixes: the path is as long as without the loss (the frozen position adds nothing).
        #expect(flights[0].pathLength > 0)
    }

    /// The fix lost for good 4 min before the landing: the flight ends at the landing found from the pressure.
    @Test(.timeLimit(.minutes(2)))
    func fixLostForGoodStillLands() async throws {
        let path = try temporaryDatabase()
        let flight = SyntheticFlight()
        let recorder = try recorder(path, flight)
        let cut = SyntheticFlight.landingSecond - 240
        await feed(recorder, flight, 0..<cut)
        #expect(await recorder.isFlying)
        await feedWithoutFix(recorder, flight, cut..<SyntheticFlight.count)
        #expect(!(await recorder.isFlying))
        await recorder.finish(now: flight.monotonicStart + Int64(SyntheticFlight.count) * 1_000_000_000)
        let flights = try FlightStore(path: path, mode: .readOnly).flights(matching: FlightFilter())
        try #require(flights.count == 1)
        let landing = SyntheticFlight.start + Int64(SyntheticFlight.landingSecond) * 1000
        #expect(
            abs(flights[0].landingTime - landing) <= 60_000,
            "landing \((flights[0].landingTime - landing) / 1000) s off")
    }
}
