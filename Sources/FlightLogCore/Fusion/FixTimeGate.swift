/// The time gate for GNSS readings: a receiver's time is believed only while it agrees with the monotonic clock.
///
/// A reading agrees with an earlier one when its time is later and has not run ahead of the monotonic time
/// elapsed between their arrivals by more than `slackMillis` (a late delivery, a stalled gpsd or a gap is always
/// fine: time only falls behind then). A reading that does not agree with the last accepted one (an hour, a day or
/// years ahead, or behind it) is held back as a suspect:
/// - the next reading that agrees with the last accepted one again shows it was a glitch: it is dropped;
/// - `confirmations` suspects in a row that agree with each other are a real jump (a receiver correcting a week
///   rollover, the first real time after a cold start): they are all released, none is lost.
/// At start nothing is known yet: the first reading is believed (`startConfirmations` 1). A glitch there cannot lock
/// out the ones after it: they do not agree with it, so they confirm a jump (back) after `confirmations`.
///
/// A time-compressed replay runs GNSS time faster than the monotonic clock; each step is then ahead by a little
/// less than the fix interval. Suspects therefore chain when each is ahead of the one before by at most
/// `chainSlackMillis` (a replay of a file with long intervals or holes), never when they lie hours apart (random
/// glitches do not confirm each other).
///
/// When the readings stop (the end of a replay, an antenna lost, the recorder stopping) there is nothing left to
/// judge the suspects by: after `silenceNanos` without a reading (or at the end) they are kept only when the stream
/// runs faster than the monotonic clock (the last accepted step ran ahead of it by more than half its span: a
/// compressed replay, whose holes look like jumps) and the chain begins within `chainSlackMillis` of the last
/// accepted time. At real time a receiver's time never runs ahead of the monotonic clock, so a suspect before a
/// silence is a glitch and is dropped: kept, it would make the good fixes after the silence look like a jump back
/// (a new timeline, a recording split in the middle of a flight). An hour or a year ahead is never believed on the
/// word of one or two fixes.
package struct FixTimeGate: Sendable {
    /// How far a reading's time may run ahead of the monotonic clock since the last accepted one, ms.
    package var slackMillis: Int64 = 5000
    /// How far suspects may run ahead of the monotonic clock between each other and still confirm a jump, ms.
    package var chainSlackMillis: Int64 = 60_000
    /// Suspects in a row that confirm a jump.
    package var confirmations = 3
    /// Readings in a row that confirm the time at start.
    package var startConfirmations = 1
    /// Silence after the newest suspect (monotonic ns) after which held suspects are decided without more readings.
    /// Shorter than the barograph's outage silence, so the suspects are placed before any `V` fix is written.
    package var silenceNanos: Int64 = 5_000_000_000

    /// Time and monotonic arrival of the last accepted reading.
    private var anchor: Mark?
    /// Readings held back, oldest first, each agreeing with the one before.
    private var suspects: [(reading: GNSSReading, mark: Mark)] = []
    /// The last accepted step ran ahead of the monotonic clock by more than half its span: a compressed replay.
    private var compressed = false
    /// Readings dropped as time glitches so far.
    package private(set) var glitches = 0

    private struct Mark: Sendable {
        var time: UTCMillis
        var monotonic: Int64
    }

    package init() {}

    /// Number of readings held back.
    package var heldCount: Int { suspects.count }

    /// Passes one reading with a fix: the readings now accepted, oldest first (this one, several released by it,
    /// or none while it is held back).
    package mutating func admit(_ reading: GNSSReading) -> [GNSSReading] {
        // The cycle start, when known, is the earliest sign of the fix (as the fusion's clock uses it).
        let mark = Mark(
            time: reading.time, monotonic: min(reading.epochMonotonicNanos ?? .max, reading.receivedAtMonotonicNanos))
        if let anchor, let ahead = Self.ahead(mark, after: anchor), ahead <= slackMillis {
            dropSuspects()
            compressed = 2 * ahead > mark.time - anchor.time
            self.anchor = mark
            return [reading]
        }
        if let last = suspects.last?.mark, let ahead = Self.ahead(mark, after: last), ahead <= chainSlackMillis {
            suspects.append((reading, mark))
        } else {
            dropSuspects()
            suspects = [(reading, mark)]
        }
        guard suspects.count >= (anchor == nil ? startConfirmations : confirmations) else { return [] }
        defer { suspects.removeAll() }
        anchor = mark
        return suspects.map(\.reading)
    }

    /// The suspects decided at `now` for want of later readings (see the type's doc): those kept, oldest first.
    /// `now: .max` is the end of the stream: they are decided at once.
    package mutating func releaseHeld(now: Int64) -> [GNSSReading] {
        guard let newest = suspects.last?.mark, let first = suspects.first?.mark else { return [] }
        let silence = now.subtractingReportingOverflow(newest.monotonic)
        guard now == .max || silence.overflow || silence.partialValue >= silenceNanos else { return [] }
        guard compressed, let anchor, let ahead = Self.ahead(first, after: anchor), ahead <= chainSlackMillis else {
            dropSuspects()
            return []
        }
        defer { suspects.removeAll() }
        self.anchor = newest
        return suspects.map(\.reading)
    }

    private mutating func dropSuspects() {
        glitches += suspects.count
        suspects.removeAll()
    }

    /// How far `mark`'s time ran ahead of the monotonic clock since `earlier`, ms; `nil` if it is not later.
    private static func ahead(_ mark: Mark, after earlier: Mark) -> Int64? {
        guard mark.time > earlier.time else { return nil }
        let span = mark.time.subtractingReportingOverflow(earlier.time)
        let elapsed = mark.monotonic.subtractingReportingOverflow(earlier.monotonic)
        guard !span.overflow, !elapsed.overflow else { return .max }
        let ahead = span.partialValue.subtractingReportingOverflow(elapsed.partialValue / 1_000_000)
        return ahead.overflow ? .max : ahead.partialValue
    }
}
