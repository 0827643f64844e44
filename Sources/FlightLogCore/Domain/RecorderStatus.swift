/// The daemon's state for `flightlog status` and the web status page, written by flightlogd as JSON next to the
/// database (`flightlogd.status.json`) every few seconds, atomically (temporary file + rename).
package struct RecorderStatus: Codable, Sendable, Hashable {
    package var pid: Int = 0
    /// GNSS UTC of this snapshot (extrapolated with the monotonic clock; never the system clock).
    package var updatedAt: String?
    package var stopped = false

    package var gpsdConnected: Bool?
    package var gpsdProblem: String?
    /// gpsd mode of the last reading: 1 no fix, 2 = 2D, 3 = 3D.
    package var gpsMode: Int?
    package var satellitesUsed: Int?
    package var lastFixTime: String?
    package var lastFixAgeSeconds: Double?
    package var latitude: Double?
    package var longitude: Double?
    package var gnssAltitudeMeters: Double?
    /// GNSS UTC of the last valid fix while the recorder writes `V` fixes without one (GPS lost); `nil` when fine.
    package var gpsLostSince: String?
    /// Fixes stored as `V` because they jumped implausibly far or fast (receiver glitches), this run.
    package var positionGlitches: Int?
    /// Barometer samples dropped as implausible (outside 30–110 kPa or an impossible jump), this run.
    package var pressureGlitches: Int?

    package var barometerConfigured = true
    package var barometerDevice: String?
    /// Why there is no pressure altitude, loud and clear; `nil` when the barometer works.
    package var barometerProblem: String?
    /// True when fixes are being recorded without pressure altitude.
    package var gpsOnly = true
    package var pressurePascals: Double?
    package var temperatureCelsius: Double?
    /// ISA pressure altitude of the last sample, metres.
    package var pressureAltitudeMeters: Double?
    package var varioMetersPerSecond: Double?

    package var flying = false
    package var flyingSince: String?
    package var flightId: Int64?
    package var recordingId: Int64?
    package var recordedFixes = 0
    package var databaseSizeBytes: Int64?
    package var databaseWritable = true
    /// How the last seconds' fixes reach the disk: "journal (direct 512-byte sectors)", "journal (buffered)" or
    /// "database" (every fix its own SQLite commit: no journal, or it failed).
    package var fixesDurableIn: String?
    /// Time from gpsd delivering a fix to its being on disk (journal or SQLite), over the last 4096 fixes, ms.
    package var fixToDiskMillisP50: Double?
    package var fixToDiskMillisP99: Double?
    package var fixToDiskMillisMax: Double?

    package init() {}
}
