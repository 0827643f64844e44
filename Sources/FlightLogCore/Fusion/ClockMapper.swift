/// Maps GNSS UTC time to `CLOCK_MONOTONIC` and back, learned from when fixes arrive.
///
/// "Arrival" should be the earliest sign of the fix the host has: gpsd's TOFF (first data of the reporting
/// cycle received) rather than the TPV, which gpsd sends only at the end of the cycle (0.1–1 s later, varying
/// with which sentence ends it). Every fix arrives some time after its epoch, so `arrival − fixTime` is the true offset plus a
/// delivery delay that is never negative. The minimum over a sliding window is therefore the best
/// estimate of the offset (monotonic nanoseconds at UTC epoch 0). A gpsd restart only adds a gap and
/// changes nothing. A forward jump of GNSS time lowers the minimum at once (this is also what a fast
/// replay looks like); a backward jump is accepted only after `confirmations` observations in a row
/// agree on it, so one late fix (a stalled gpsd delivering a backlog) is not taken for a jump.
package struct ClockMapper: Sendable {
    /// How much arrival time the window spans, nanoseconds.
    package var windowNanos: Int64
    /// An offset this much above the estimate counts as a backward jump, nanoseconds.
    package var jumpThresholdNanos: Int64
    /// Consecutive jumped observations needed to re-learn the offset.
    package var confirmations: Int

    /// The window as a monotonic queue: from `head` on, arrivals and offsets both strictly increase, so the
    /// minimum is at `head` (O(1) per fix however many fixes the window spans, e.g. in a fast replay).
    private var window: [(arrival: Int64, offset: Int64)] = []
    private var head = 0
    private var jumped: [(arrival: Int64, offset: Int64)] = []
    /// Current estimate: monotonic nanoseconds minus UTC nanoseconds, or `nil` before the first fix.
    package private(set) var offsetNanos: Int64?

    package init(windowNanos: Int64 = 60_000_000_000, jumpThresholdNanos: Int64 = 5_000_000_000, confirmations: Int = 3)
    {
        self.windowNanos = windowNanos
        self.jumpThresholdNanos = jumpThresholdNanos
        self.confirmations = confirmations
    }

    /// Learns from one fix: its GNSS time and the monotonic time at which it was received.
    package mutating func observe(fixTime: UTCMillis, arrivalNanos: Int64) {
        let offset = arrivalNanos - fixTime * 1_000_000
        if let estimate = offsetNanos, offset - estimate > jumpThresholdNanos {
            jumped.append((arrivalNanos, offset))
            if jumped.count >= confirmations {
                window = []
                head = 0
                for entry in jumped { push(entry) }
                jumped = []
                offsetNanos = window[head].offset
            }
            return
        }
        jumped = []
        push((arrivalNanos, offset))
        let oldest = arrivalNanos - windowNanos
        while window[head].arrival < oldest { head += 1 }  // the entry just pushed always stays
        if head >= 64 && head * 2 >= window.count {
            window.removeFirst(head)
            head = 0
        }
        offsetNanos = window[head].offset
    }

    /// Appends an entry, dropping the ones it makes irrelevant: older and with an offset not below its own.
    private mutating func push(_ entry: (arrival: Int64, offset: Int64)) {
        while window.count > head, window[window.count - 1].offset >= entry.offset { window.removeLast() }
        window.append(entry)
    }

    /// The monotonic instant of a GNSS time, never later than `notAfter` (the fix's arrival: a fix
    /// cannot have happened after it was received). `nil` before the first observation.
    package func monotonicNanos(of time: UTCMillis, notAfter arrival: Int64? = nil) -> Int64? {
        guard let offsetNanos else { return arrival }
        let mapped = time * 1_000_000 + offsetNanos
        if let arrival { return min(mapped, arrival) }
        return mapped
    }

    /// GNSS UTC at a monotonic instant (extrapolation during a GNSS outage). `nil` before the first fix.
    package func utc(atMonotonic nanos: Int64) -> UTCMillis? {
        offsetNanos.map { (nanos - $0) / 1_000_000 }
    }
}
