import Testing

@testable import FlightLogReplay

/// The simulated receiver's wait between events: a deadline that has passed is no wait, never an underflow
/// (a replay preempted between reading its clock and computing the wait used to trap on `UInt64`).
struct SimulatedReceiverTests {
    @Test func aPassedDeadlineIsNoWait() {
        #expect(SimulatedReceiver.pollMillis(until: 1_000, now: 5_000) == 0)
        #expect(SimulatedReceiver.pollMillis(until: 5_000, now: 5_000) == 0)
        #expect(SimulatedReceiver.pollMillis(until: 0, now: .max) == 0)
    }

    @Test func aComingDeadlineIsRoundedUpToWholeMilliseconds() {
        #expect(SimulatedReceiver.pollMillis(until: 1_000_001, now: 1_000_000) == 1)
        #expect(SimulatedReceiver.pollMillis(until: 21_000_000, now: 1_000_000) == 20)
        #expect(SimulatedReceiver.pollMillis(until: .max, now: 0) == .max)
    }
}
