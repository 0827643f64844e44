import Testing

@testable import FlightLogCore

/// gpsd's TOFF message as the daemon's reader and replay's follower both read it: fields out of range, missing or
/// overflowing give no cycle start (outside input never traps), and the stamp's age is judged on driven clocks.
@Suite struct GPSDTimeOffsetTests {
    private func toff(_ text: String) -> GPSDTimeOffset? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { GPSDTimeOffset(GPSDLine(UnsafeBufferPointer($0))) }
    }

    private func toff(real: Int64?, _ realNanos: Int64? = 0, clock: Int64? = 1_763_900_000, _ clockNanos: Int64? = 0)
        -> GPSDTimeOffset?
    {
        GPSDTimeOffset(realSeconds: real, realNanos: realNanos, clockSeconds: clock, clockNanos: clockNanos)
    }

    @Test func fieldsOfALineAsGpsdSendsIt() {
        let line =
            #"{"class":"TOFF","device":"tcp://127.0.0.1:4000","real_sec":1749895314,"real_nsec":400000000,"clock_sec":1763900000,"clock_nsec":123456789,"precision":-1,"shm":"NTP0","qErr":0}"#
        #expect(toff(line) == toff(real: 1_749_895_314, 400_000_000, clock: 1_763_900_000, 123_456_789))
        #expect(toff(line)?.realNanos == 1_749_895_314_400_000_000)
        #expect(toff(line)?.clockNanos == 1_763_900_000_123_456_789)
        #expect(toff(line)?.time == 1_749_895_314_400)
    }

    @Test func aMissingSecondsFieldIsNoTOFFAMissingFractionIsZero() {
        #expect(toff(#"{"class":"TOFF","real_nsec":0,"clock_sec":1763900000,"clock_nsec":0}"#) == nil)
        #expect(toff(#"{"class":"TOFF","real_sec":1749895314,"real_nsec":0,"clock_nsec":0}"#) == nil)
        #expect(toff(#"{"class":"TOFF","real_sec":"1749895314","clock_sec":1763900000}"#) == nil)  // not a number
        #expect(
            toff(#"{"class":"TOFF","real_sec":1749895314,"clock_sec":1763900000}"#)?.realNanos
                == 1_749_895_314_000_000_000)
        #expect(toff(real: nil) == nil)
        #expect(toff(real: 1, clock: nil) == nil)
    }

    @Test func negativeAndHugeSecondsAreNoTOFF() {
        #expect(toff(real: -1) == nil)
        #expect(toff(real: 1_749_895_314, clock: -1) == nil)
        #expect(toff(real: 0) == nil)  // GNSS time 0: a receiver that has no time yet
        #expect(toff(real: 0, 1)?.realNanos == 1)
        #expect(toff(real: (1 << 33) - 1) != nil)  // the year 2242
        #expect(toff(real: 1 << 33) == nil)
        #expect(toff(real: 1_749_895_314, clock: 1 << 33) == nil)
        #expect(toff(real: .max, clock: .max) == nil)  // would overflow as nanoseconds
        #expect(toff(real: .min, clock: .min) == nil)
        let max = "9223372036854775807"
        #expect(
            toff(#"{"class":"TOFF","real_sec":\#(max),"real_nsec":0,"clock_sec":\#(max),"clock_nsec":\#(max)}"#) == nil)
    }

    @Test func nanosecondsOfAWholeSecondOrMoreAreNoTOFF() {
        #expect(toff(real: 1_749_895_314, 999_999_999)?.realNanos == 1_749_895_314_999_999_999)
        #expect(toff(real: 1_749_895_314, -999_999_999)?.realNanos == 1_749_895_313_000_000_001)
        #expect(toff(real: 1_749_895_314, 1_000_000_000) == nil)
        #expect(toff(real: 1_749_895_314, -1_000_000_000) == nil)
        #expect(toff(real: 1_749_895_314, .max) == nil)
        #expect(toff(real: 1_749_895_314, .min) == nil)  // no abs() trap
        #expect(toff(real: 1_749_895_314, clock: 1_763_900_000, 1_000_000_000) == nil)
        #expect(toff(real: 1_749_895_314, clock: 1_763_900_000, .min) == nil)
    }

    @Test func timeIsRoundedToMilliseconds() {
        #expect(toff(real: 1_749_895_314, 499_999)?.time == 1_749_895_314_000)
        #expect(toff(real: 1_749_895_314, 500_000)?.time == 1_749_895_314_001)
        #expect(toff(real: 1_749_895_314, 999_600_000)?.time == 1_749_895_315_000)
    }

    /// The stamp is moved onto the monotonic clock by its age at arrival; the clocks are driven, never read.
    @Test func cycleStartIsTheStampMovedByItsAge() throws {
        let t = try #require(toff(real: 1_749_895_314, 400_000_000, clock: 1_763_900_000, 0))
        let stamp = t.clockNanos, arrival: Int64 = 50_000_000_000
        // Read 5 ms after the arrival; the stamp was 300 ms before it.
        func start(age: Int64, receivedAt: Int64 = arrival) -> (time: UTCMillis, monotonicNanos: Int64)? {
            t.cycleStart(
                receivedAt: receivedAt, realtimeNow: stamp + age + 5_000_000, monotonicNow: receivedAt + 5_000_000)
        }
        #expect(
            start(age: 300_000_000).map { [$0.time, $0.monotonicNanos] } == [1_749_895_314_400, arrival - 300_000_000])
        #expect(start(age: 2_000_000_000)?.monotonicNanos == arrival - 2_000_000_000)
        #expect(start(age: 2_000_000_001) == nil)  // the wall clock was stepped back since
        // The two clocks read one after the other: a stamp up to 10 ms "in the future" is age 0, more is a step.
        #expect(start(age: -10_000_000)?.monotonicNanos == arrival)
        #expect(start(age: -10_000_001) == nil)
        // An age reaching back before the monotonic clock's start is not of this boot.
        #expect(start(age: 300_000_000, receivedAt: 300_000_000)?.monotonicNanos == 0)
        #expect(start(age: 300_000_000, receivedAt: 299_999_999) == nil)
    }

    @Test func clockReadingsThatOverflowGiveNoCycleStart() throws {
        let t = try #require(toff(real: 1_749_895_314, clock: (1 << 33) - 1, 999_999_999))
        #expect(t.cycleStart(receivedAt: 0, realtimeNow: .min, monotonicNow: 0) == nil)
        #expect(t.cycleStart(receivedAt: .min, realtimeNow: t.clockNanos, monotonicNow: .max) == nil)
        #expect(t.cycleStart(receivedAt: .max, realtimeNow: .max, monotonicNow: .min) == nil)
        let early = try #require(toff(real: 1, clock: 0))
        #expect(early.cycleStart(receivedAt: .min, realtimeNow: .max, monotonicNow: .max) == nil)
    }
}
