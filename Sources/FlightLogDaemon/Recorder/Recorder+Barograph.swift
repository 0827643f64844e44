import FlightLogCore

/// GPS loss and glitches: the barograph goes on without a fix, and the status says since when.
extension Recorder {
    /// A `V` run shorter than this is not reported as "GPS lost" (a single glitch, a late fix), ms.
    static let gpsLostAfterMillis: Int64 = 5000

    /// gpsd reports no usable fix (mode < 2), with the receiver's GNSS time if it sent one: while a recording
    /// runs, the barograph writes `V` fixes (FixFusion+Barograph.swift).
    package func gpsNoFix(time: UTCMillis?, now: Int64) {
        lastSensorData = now
        status.gpsdConnected = true
        status.gpsMode = 1
        accept(fusion.noFix(time: time, receivedAt: now))
    }

    /// The barometer reader dropped an implausible sample (outside the sensor's range or an impossible jump).
    package func pressureGlitch(pascals: Double) {
        pressureGlitches += 1
        if pressureGlitches == 1 || pressureGlitches.isMultiple(of: 100) {
            logger.warning(
                "barometer glitch dropped", metadata: ["pascals": "\(pascals)", "glitches": "\(pressureGlitches)"])
        }
    }

    /// GNSS time since which the recorder has had no valid fix, when it is writing `V` fixes for longer than
    /// ``gpsLostAfterMillis``; `nil` while the GPS is fine.
    var gpsLostSince: UTCMillis? {
        guard let lastFix, !lastFix.isValid, let since = lastValidFixTime else { return nil }
        return lastFix.time - since >= Self.gpsLostAfterMillis ? since : nil
    }
}
