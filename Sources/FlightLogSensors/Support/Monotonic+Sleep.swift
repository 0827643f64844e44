import FlightLogCore

#if canImport(Glibc)
import Glibc
#endif

/// Sleeping on the monotonic clock, for the sensor reader threads.
extension Monotonic {
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
