/// How old a status snapshot is, and what it may still claim.
///
/// The snapshot's own times are GNSS times of the moment it was written; how long ago that was comes from the
/// file's modification time and the system clock (the same clock, so the difference holds even on a Pi whose
/// clock started at 1970). flightlogd rewrites the file every 2 s: a file older than ``staleAfterSeconds`` is a
/// leftover of a recorder that stopped or hangs, and its fix, mode and "running" are history, not the present.
extension RecorderStatus {
    package static let staleAfterSeconds: Double = 10

    /// True when a snapshot written `fileAgeSeconds` ago no longer tells the present (a negative age, a file
    /// from the future, is stale too: the clock was stepped and nothing in it can be trusted as "now").
    package static func isStale(fileAgeSeconds: Double) -> Bool {
        !(fileAgeSeconds >= -1 && fileAgeSeconds <= staleAfterSeconds)
    }

    /// Seconds since this snapshot was written, by the system clock `now` (ms since 1970): from the file's
    /// modification time `modified` (the same clock) and from the snapshot's own ``updatedAt`` (GNSS time), the
    /// smaller of the two that does not lie ahead of `now`. Each alone can mislead: a Pi without a real-time clock
    /// sets its clock from GNSS some time after boot, so a file written before that has a modification time years
    /// off, and a clock not set yet lies behind GNSS time. `nil` when both lie ahead (the clock was set back).
    package func fileAge(modified: UTCMillis?, now: UTCMillis) -> Double? {
        let own = updatedAt.flatMap(Self.utcMillis(iso:))
        let ages = [modified, own].compactMap { $0 }.map { Double(now - $0) / 1000 }.filter { $0 >= -1 }
        return ages.min().map { max(0, $0) }
    }

    /// The instant of ISO-8601 UTC text as the recorder writes it and gpsd sends it (`2025-06-01T10:00:00Z`,
    /// optional milliseconds); `nil` for anything else, such as a field out of range.
    package static func utcMillis(iso text: String) -> UTCMillis? {
        let parts = text.split(separator: "T")
        guard parts.count == 2, let date = CivilDate(iso: String(parts[0])), parts[1].last == "Z" else { return nil }
        let clock = parts[1].dropLast().split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock[0].count == 2, clock[1].count == 2, let h = Int(clock[0]), let m = Int(clock[1]),
            clock[2].count >= 2, clock[2].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let s = Double(clock[2]), (0..<24).contains(h), (0..<60).contains(m), s >= 0, s < 61
        else { return nil }
        return date.utcMidnight + Int64(h) * 3_600_000 + Int64(m) * 60_000 + Int64((s * 1000).rounded())
    }

    /// Seconds since the last fix now: its age when written plus the file's age.
    package func lastFixAge(fileAgeSeconds: Double) -> Double? {
        lastFixAgeSeconds.map { $0 + max(0, fileAgeSeconds) }
    }
}
