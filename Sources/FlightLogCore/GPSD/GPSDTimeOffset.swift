/// gpsd's TOFF ("time offset") message, which gpsd sends when the first data of a receiver's reporting cycle
/// arrives: the cycle's GNSS time (`real_sec`, `real_nsec`) and the host's `CLOCK_REALTIME` at that arrival
/// (`clock_sec`, `clock_nsec`). The one reader of those fields and of the arithmetic that puts the arrival on
/// `CLOCK_MONOTONIC`, for the daemon's gpsd reader and replay's gpsd follower alike; the callers read the clocks.
///
/// The numbers are outside input: seconds outside `0..<2^33` (before 1970 or after the year 2242), nanoseconds
/// of a whole second or more either way, a GNSS time of 0, a missing `_sec` field or arithmetic that would
/// overflow make no TOFF, never a trap. A missing `_nsec` field counts as 0.
package struct GPSDTimeOffset: Sendable, Hashable {
    /// The cycle's GNSS time, nanoseconds since 1970 UTC (positive).
    package let realNanos: Int64
    /// The host's `CLOCK_REALTIME` when gpsd received the cycle's first data, nanoseconds since 1970.
    package let clockNanos: Int64

    /// The TOFF fields of a raw gpsd line (its class is the caller's to check); `nil` when they are not usable.
    package init?(_ line: GPSDLine) {
        self.init(
            realSeconds: line.integer("real_sec"), realNanos: line.integer("real_nsec"),
            clockSeconds: line.integer("clock_sec"), clockNanos: line.integer("clock_nsec"))
    }

    package init?(realSeconds: Int64?, realNanos: Int64?, clockSeconds: Int64?, clockNanos: Int64?) {
        guard let real = Self.nanos(realSeconds, realNanos), real > 0, let clock = Self.nanos(clockSeconds, clockNanos)
        else { return nil }
        self.realNanos = real
        self.clockNanos = clock
    }

    /// The cycle's GNSS time, rounded to milliseconds.
    package var time: UTCMillis { (realNanos + 500_000) / 1_000_000 }

    /// The cycle start: its GNSS time and the monotonic instant its first data reached gpsd. The line arrived at
    /// `receivedAt`; `realtimeNow` and `monotonicNow` are the two clocks read one after the other since then. The
    /// wall-clock stamp is moved onto the monotonic clock by its age: how long before `receivedAt` it was. `nil`
    /// when that age is implausible: over 2 s, or more than 10 ms "in the future" (the wall clock was stepped in
    /// between); up to 10 ms in the future is the two clocks being read one after the other, and counts as age 0.
    package func cycleStart(receivedAt: Int64, realtimeNow: Int64, monotonicNow: Int64)
        -> (time: UTCMillis, monotonicNanos: Int64)?
    {
        let (sinceStamp, o1) = realtimeNow.subtractingReportingOverflow(clockNanos)
        let (sinceArrival, o2) = monotonicNow.subtractingReportingOverflow(receivedAt)
        let (measured, o3) = sinceStamp.subtractingReportingOverflow(sinceArrival)
        guard !o1, !o2, !o3, (-10_000_000...2_000_000_000).contains(measured) else { return nil }
        let age = max(0, measured)
        guard age <= receivedAt else { return nil }  // before the monotonic clock started: not this boot's
        return (time, receivedAt - age)
    }

    /// Whole seconds plus a fraction, as nanoseconds; `nil` out of range (see the type's rules).
    private static func nanos(_ seconds: Int64?, _ fraction: Int64?) -> Int64? {
        guard let seconds, (0..<(1 << 33)).contains(seconds) else { return nil }
        let fraction = fraction ?? 0
        guard (-999_999_999...999_999_999).contains(fraction) else { return nil }
        return seconds * 1_000_000_000 + fraction
    }
}
