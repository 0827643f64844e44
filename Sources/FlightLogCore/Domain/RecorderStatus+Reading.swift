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

    /// Seconds since the last fix now: its age when written plus the file's age.
    package func lastFixAge(fileAgeSeconds: Double) -> Double? {
        lastFixAgeSeconds.map { $0 + max(0, fileAgeSeconds) }
    }

    /// The GPS line: connected or not and, only while connected and current, the fix mode and satellites (a
    /// disconnected gpsd has no fix, whatever it reported last).
    package func gpsText(stale: Bool) -> String {
        var gps = gpsdConnected == true ? "connected" : "NOT CONNECTED"
        if stale { gps = "last seen " + (gpsdConnected == true ? "connected" : "not connected") }
        if let gpsdProblem { gps += " — \(gpsdProblem)" }
        guard gpsdConnected == true, !stale else { return gps }
        if let gpsMode { gps += ", " + (gpsMode >= 3 ? "3D fix" : gpsMode == 2 ? "2D fix" : "no fix") }
        if let satellitesUsed { gps += ", \(satellitesUsed) satellites" }
        return gps
    }
}
