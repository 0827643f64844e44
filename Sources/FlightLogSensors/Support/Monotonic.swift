#if canImport(Glibc)
import Glibc
#endif

/// `CLOCK_MONOTONIC`: the clock every sensor sample is stamped with. It never jumps with the wall clock
/// (a Pi without RTC sets its clock late); the daemon maps it to UTC through gpsd fix times. The one monotonic
/// clock of the recorder: signed nanoseconds (`Int64`), as FlightLogCore's fusion takes them (``GNSSReading``,
/// ``PressureReading``), so that differences are plain subtractions and a value never needs converting.
package enum Monotonic {
    /// Nanoseconds since an arbitrary start (boot), never decreasing.
    package static func nowNanos() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// `CLOCK_REALTIME` in nanoseconds since 1970 (gpsd stamps its TOFF messages with it).
    package static func realtimeNanos() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Sleeps the calling thread until the monotonic clock reaches `nanos` (returns at once when past).
    static func sleep(untilNanos nanos: Int64) {
        var ts = timespec(tv_sec: Int(nanos / 1_000_000_000), tv_nsec: Int(nanos % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }

    /// Sleeps up to `seconds`, waking every 50 ms to check `stop`; returns `false` when stopped.
    static func sleep(seconds: Double, unless stop: StopFlag) -> Bool {
        sleep(untilNanos: nowNanos() + Int64(max(0, seconds) * 1e9), unless: stop)
    }

    /// Sleeps until `end` (monotonic nanoseconds), waking every 50 ms to check `stop`; `false` when stopped.
    static func sleep(untilNanos end: Int64, unless stop: StopFlag) -> Bool {
        while !stop.isSet {
            let now = nowNanos()
            if now >= end { return true }
            sleep(untilNanos: min(end, now + 50_000_000))
        }
        return false
    }
}
