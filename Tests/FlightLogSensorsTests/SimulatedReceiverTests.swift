import FlightLogCore
import Foundation
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
        #expect(epochStart(huge).map { $0.1 } == nil)
        let negative = #"{"class":"TOFF","real_sec":1,"real_nsec":0,"clock_sec":-9223372036854775807,"clock_nsec":-9}"#
        #expect(epochStart(negative).map { $0.1 } == nil)
    }

    /// An epoch starts at a TOFF's own stamp (moved onto the monotonic clock), else at a TPV with a fix when read.
    @Test func epochStartsFromTOFFOrTPV() {
        let stamp = Monotonic.realtimeNanos()  // gpsd's stamp just before the line is read: an age of microseconds
        let before = Monotonic.nowNanos()
        let toff =
            #"{"class":"TOFF","real_sec":1749895314,"real_nsec":400000000,"clock_sec":\#(stamp / 1_000_000_000),"clock_nsec":\#(stamp % 1_000_000_000)}"#
        let fromTOFF = epochStart(toff)
        #expect(fromTOFF?.0 == 1_749_895_314_400)
        #expect(fromTOFF.map { $0.1 <= Monotonic.nowNanos() } == true)
        let tpv = #"{"class":"TPV","device":"/dev/pts/3","mode":3,"time":"2025-06-14T10:01:54.400Z","lat":50.8}"#
        #expect(epochStart(tpv)?.0 == 1_749_895_314_400)
        #expect(epochStart(tpv).map { $0.1 >= before } == true)
        #expect(epochStart(tpv.replacingOccurrences(of: #""mode":3"#, with: #""mode":1"#)) == nil)  // no fix
        #expect(epochStart(#"{"class":"SKY","time":"2025-06-14T10:01:54.400Z","mode":3}"#) == nil)
        // A time no clock shows is no epoch (1e300 seconds used to trap the follower's own time reader).
        for time in ["2025-06-14T10:01:1e300Z", "2025-06-14T25:00:00Z", "2025-06-14T10:99:00Z", "2025-06-14 10:01:54Z"]
        {
            #expect(epochStart(#"{"class":"TPV","mode":3,"time":"\#(time)"}"#) == nil, "\(time)")
        }
    }

    private func epochStart(_ text: String) -> (UTCMillis, Int64)? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { GPSDFollower.epochStart(GPSDLine(UnsafeBufferPointer($0))) }
    }
}
