import FlightLogCore
import FlightLogStore
import Foundation
import Testing

@testable import FlightLogDaemon

/// The synthetic flight fed up to second `cut` and killed there (no finish), then a reboot and the whole flight again
/// `shift` seconds later (from the default field, or from where the first one stopped): the stored flights.
private func switchedOffAndFlownAgain(cut: Int, shift: Int64, fromWhereItStopped: Bool = false) async throws
    -> [Flight]
{
    let path = try temporaryDatabase()
    let flight = SyntheticFlight()
    do {
        let first = try openDrivenRecorder(path, flight)
        await feedSeconds(first, flight, 0..<cut)  // killed: no finish()
    }
    var rebooted = flight
    rebooted.monotonicStart = 5_000_000_000
    if fromWhereItStopped { (rebooted.originNorth, rebooted.originEast) = SyntheticFlight.landingPlace }
    let second = try openDrivenRecorder(path, rebooted)
    await feedSeconds(second, rebooted, 0..<SyntheticFlight.count, shift: shift)
    await second.finish(now: rebooted.monotonicStart + (shift + Int64(SyntheticFlight.count)) * 1_000_000_000)
    let flights = try FlightStore(path: path, mode: .readOnly).flights(matching: FlightFilter())
    try #require(
        flights.count == 2, "\(flights.map { "\(iso8601UTC($0.takeoffTime))–\(iso8601UTC($0.landingTime))" })")
    return flights
}

private let takeoff = SyntheticFlight.start + Int64(SyntheticFlight.takeoffSecond) * 1000
private let landing = SyntheticFlight.start + Int64(SyntheticFlight.landingSecond) * 1000

/// GPS time that jumps, and the master switch off on the ground, through the recorder and a real database file.
@Suite(.serialized) struct RecorderTimeTests {
    /// One fix an hour, a day or 20 years ahead, or an hour behind, in the climb or as the very first fix after
    /// the start: the flight is recorded whole (every other fix stored), with its takeoff and landing.
    @Test(
        .timeLimit(.minutes(2)),
        arguments: [
            (300, 3_600_000), (300, 86_400_000), (300, 20 * 365 * 86_400_000), (300, -3_600_000),
            (0, 86_400_000), (0, -3_600_000),
        ] as [(Int, Int64)])
    func oneBadGPSTimeLosesOnlyItself(second: Int, offset: Int64) async throws {
        let path = try temporaryDatabase()
        let flight = SyntheticFlight()
        let recorder = try openDrivenRecorder(path, flight)
        await feedSeconds(recorder, flight, 0..<SyntheticFlight.count, glitches: [second: offset])
        await recorder.finish(now: flight.monotonicStart + Int64(SyntheticFlight.count) * 1_000_000_000)

        let store = try FlightStore(path: path, mode: .readOnly)
        let flights = try store.flights(matching: FlightFilter())
        try #require(
            flights.count == 1, "\(flights.map { "\(iso8601UTC($0.takeoffTime))–\(iso8601UTC($0.landingTime))" })")
        #expect((takeoff...takeoff + 10_000).contains(flights[0].takeoffTime))
        #expect(abs(flights[0].landingTime - landing) <= 30_000)
        let track = try store.track(forFlight: try #require(flights[0].id), marginMillis: 3_600_000)
        let expected = (0..<SyntheticFlight.count).filter { $0 != second }.map {
            SyntheticFlight.start + Int64($0) * 1000
        }
        #expect(track.fixes.filter(\.isValid).map(\.time) == expected)
    }

    /// Switched off 20 s after the glider stopped, on again 10 minutes later (a reboot), and the next pilot flies:
    /// two flights, the first landing where it stopped (not when the power came back).
    @Test(.timeLimit(.minutes(2)))
    func offAfterTouchdownAndAnotherFlight() async throws {
        let cut = SyntheticFlight.landingSecond + 20
        let shift = Int64(cut + 600)
        let flights = try await switchedOffAndFlownAgain(cut: cut, shift: shift)
        #expect(abs(flights[0].landingTime - landing) <= 30_000, "first landing \(iso8601UTC(flights[0].landingTime))")
        #expect(flights[0].landingTime < SyntheticFlight.start + Int64(cut) * 1000)
        #expect((takeoff + shift * 1000...takeoff + shift * 1000 + 10_000).contains(flights[1].takeoffTime))
        #expect(abs(flights[1].landingTime - landing - shift * 1000) <= 30_000)
    }

    /// Switched off while the glider still rolled out (10 m/s, no stillness yet), on again 10 minutes later where
    /// it stopped, and flown again 3 minutes after: the first flight lands at the roll-out (not at the restart)
    /// and the second take-off is found at its real time. Failed before: the landing came at the restart.
    @Test(.timeLimit(.minutes(2)))
    func offDuringTheRollOutAndAnotherFlightFromThere() async throws {
        let cut = SyntheticFlight.landingSecond - 8
        let shift = Int64(cut + 600)
        let flights = try await switchedOffAndFlownAgain(cut: cut, shift: shift, fromWhereItStopped: true)
        let lastBeforeCut = SyntheticFlight.start + Int64(cut - 1) * 1000
        #expect(
            (landing - 30_000...lastBeforeCut).contains(flights[0].landingTime),
            "first landing \(iso8601UTC(flights[0].landingTime))")
        #expect(!flights[0].endedInFlight)
        #expect(
            (takeoff + shift * 1000...takeoff + shift * 1000 + 10_000).contains(flights[1].takeoffTime),
            "second takeoff \(iso8601UTC(flights[1].takeoffTime))")
        #expect(abs(flights[1].landingTime - landing - shift * 1000) <= 30_000)
    }
}
