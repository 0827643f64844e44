import Testing

@testable import FlightLogReplay

/// The simulated receiver's wait between events: a deadline that has passed is no wait, never an underflow
/// (a replay preempted between reading its clock and computing the wait used to trap), and a difference beyond
/// `Int64` is the longest wait, not a trap.
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
        #expect(SimulatedReceiver.pollMillis(until: .max, now: -5) == .max)
        #expect(SimulatedReceiver.pollMillis(until: .min, now: .max) == 0)
    }

    /// A TOFF line with numbers no clock has (outside input from gpsd) is ignored, not a trap.
    @Test func aTOFFLineWithHugeNumbersIsIgnored() {
        let max = "9223372036854775807"
        let huge =
            #"{"class":"TOFF","real_sec":"# + max + #","real_nsec":0,"clock_sec":"# + max
            + #","clock_nsec":"# + max + "}"
        #expect(GPSDFollower.cycleStart(toff: huge).map { $0.1 } == nil)
        let negative = #"{"class":"TOFF","real_sec":1,"real_nsec":0,"clock_sec":-9223372036854775807,"clock_nsec":-9}"#
        #expect(GPSDFollower.cycleStart(toff: negative).map { $0.1 } == nil)
    }
}
