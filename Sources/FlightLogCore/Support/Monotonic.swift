#if canImport(Glibc)
import Glibc
#endif

/// `CLOCK_MONOTONIC`: the one clock every sensor sample, replay deadline and session age is measured on. It never
/// jumps with the wall clock (a Pi without RTC sets its clock late); the daemon maps it to UTC through gpsd fix
/// times. Signed nanoseconds (`Int64`), as the fusion takes them (``GNSSReading``, ``PressureReading``), so that
/// differences are plain subtractions and a value never needs converting. Reading a clock touches no file: the
/// core stays free of I/O, and code that must be driven in tests takes `now` as a parameter instead.
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
}
