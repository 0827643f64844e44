/// When the barograph writes `V` fixes without a fix from the receiver.
package struct BarographSettings: Sendable, Hashable {
    /// Spacing of the barograph's `V` fixes, ms (the logging interval).
    package var intervalMillis: Int64 = 1000
    /// A `V` fix for second S is written once GPS time is this far past S (ms), so a fix that is merely late
    /// (gpsd sends the TPV at the end of the receiver's cycle, 0.1–1 s after the epoch) is never pre-empted.
    package var graceMillis: Int64 = 1500
    /// Without any word from the receiver (gpsd gone, cable cut), an outage begins after this much GPS time
    /// without a fix, ms. Longer than any interval real loggers use (apf-bug554 has 8 s holes): a replayed
    /// file's own sparse epochs are not an outage. The `V` fixes then start 1 s after the last fix all the same.
    package var silenceMillis: Int64 = 10_000
    /// A no-fix report's own GNSS time is used only within this distance of the time the clock extrapolates, ms
    /// (receivers without a fix can report a bogus chip time; docs/SENSOR-INTERFACES.md).
    package var reportedTimeTolerance: Int64 = 5000

    package init() {}
}

/// The barograph goes on without a fix (IGC spec 2.2.4; docs/IGC-FORMAT.md): while a recording runs (there is a last
/// GPS time) and the receiver has no fix, a `V` fix is written every `intervalMillis`, with the last valid position, no
/// GNSS altitude, the pressure altitude of its own instant (`nil` if the barometer has nothing) and unknown extensions
/// (`99900`). Its time is the receiver's own while gpsd still reports one, else the last GPS time plus the monotonic
/// clock elapsed since (``ClockMapper``) — never the system clock.
extension FixFusion {
    /// gpsd reported no usable fix (mode < 2), with the receiver's time if it sent one: the fixes now complete.
    package mutating func noFix(time: UTCMillis?, receivedAt now: Int64) -> [FusedFix] {
        guard lastFixTime != nil else { return [] }  // no recording yet: no time to give a fix
        noFixReported = true
        if let time, let expected = clock.utc(atMonotonic: now),
            abs(time - expected) <= barograph.reportedTimeTolerance, time > lastFixTime ?? .max
        {
            writeOutage(before: time, now: now)
            appendMade(at: time, now: now)
        }
        return fillOutage(now: now)
    }

    /// Called periodically (the recorder's tick): writes the `V` fixes due at `now` during an outage, and
    /// returns every fix complete at `now` (as ``release(now:)``).
    package mutating func fillOutage(now: Int64) -> [FusedFix] {
        releaseHeldReadings(now: now)
        if let received = lastReceivedTime, let utcNow = clock.utc(atMonotonic: now),
            noFixReported || utcNow - received >= barograph.silenceMillis
        {
            writeOutage(before: utcNow - barograph.graceMillis + 1, now: now)
        }
        return release(now: now)
    }

    /// True while the barograph writes `V` fixes because the receiver reports no fix.
    package var isReportingNoFix: Bool { noFixReported }

    /// `V` fixes on the interval grid after the last fix, up to (not including) `end`, and no further than the
    /// monotonic clock has run since the last fix (plus two intervals of slack for a fix's late arrival).
    mutating func writeOutage(before end: UTCMillis, now: Int64) {
        guard let lastFixTime, let lastFixMonotonic, now >= lastFixMonotonic else { return }
        let elapsedMillis = (now - lastFixMonotonic) / 1_000_000
        let confirmedEnd = lastFixTime.addingReportingOverflow(elapsedMillis + 2 * barograph.intervalMillis)
        let limit = confirmedEnd.overflow ? end : min(end, confirmedEnd.partialValue)
        var next = lastFixTime + barograph.intervalMillis
        while next < limit {
            appendMade(at: next, now: now)
            next += barograph.intervalMillis
        }
    }

    /// Queues a barograph `V` fix at `time`: it goes through the same wait for the barometer as any fix.
    private mutating func appendMade(at time: UTCMillis, now: Int64) {
        let position = plausibility.anchor?.coordinate ?? lastPosition
        let reading = GNSSReading(
            time: time, mode: 1, latitude: position?.latitude ?? 0, longitude: position?.longitude ?? 0,
            altitudeHAE: nil, receivedAtMonotonicNanos: now)
        lastFixTime = time
        let instant = clock.monotonicNanos(of: time)
        lastFixMonotonic = instant ?? now
        waiting.append((reading, instant, true))
    }
}
