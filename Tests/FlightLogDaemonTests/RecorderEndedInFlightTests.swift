import FlightLogCore
import FlightLogStore
import Foundation
import Testing

@testable import FlightLogDaemon

/// The recorder killed in the air and started again hours later on the ground (too late to continue the
/// recording): the interrupted flight is closed at its last stored fix as "recording ended in flight", not as a
/// landing there.
@Suite(.serialized) struct RecorderEndedInFlightTests {
    @Test(.timeLimit(.minutes(2)))
    func aFlightClosedAfterThePowerNeverCameBackInTheAirEndedInFlight() async throws {
        let path = try temporaryDatabase()
        let flight = SyntheticFlight()
        let cut = SyntheticFlight.takeoffSecond + 250  // climbing
        do {
            let first = try Recorder(
                store: FlightStore(path: path, mode: .readWrite), settings: settings(statusPath: nil), logger: quiet,
                now: flight.monotonicStart)
            await feed(first, flight, 0..<cut)
            #expect(await first.isFlying)
        }
        // Two hours later (beyond the resume gap), on the ground after the landing the recorder never saw.
        var rebooted = flight
        rebooted.monotonicStart = 5_000_000_000
        let later = SyntheticFlight.count + 7200
        let second = try Recorder(
            store: FlightStore(path: path, mode: .readWrite), settings: settings(statusPath: nil), logger: quiet,
            now: rebooted.monotonicStart)
        await feed(second, rebooted, later..<(later + 30))
        await second.finish(now: rebooted.monotonicStart + Int64(later + 30) * 1_000_000_000)

        let store = try FlightStore(path: path, mode: .readOnly)
        let flights = try store.flights(matching: FlightFilter())
        try #require(flights.count == 1)
        #expect(flights[0].endedInFlight)
        #expect(!flights[0].isOutlanding && flights[0].landingPlaceLabel == "recording ended in flight")
        let lastFix = SyntheticFlight.start + Int64(cut - 1) * 1000
        #expect(abs(flights[0].landingTime - lastFix) <= 2000, "the landing time is the last fix's")
        #expect(try store.inProgressFlight() == nil)
    }
}
