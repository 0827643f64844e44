/// Recorder metadata that travels with a track (from IGC headers or from the live recorder).
package struct RecorderInfo: Sendable, Hashable, Codable {
    /// Three-character manufacturer code from the A record (`XFL` for our own recordings).
    package var manufacturer: String
    /// Recorder serial from the A record.
    package var serial: String
    /// Free-text recorder type (`HFFTYFRTYPE`).
    package var recorderType: String?
    /// GNSS receiver description (`HFGPSRECEIVER`).
    package var gpsReceiver: String?
    /// Pressure sensor description (`HFPRSPRESSALTSENSOR`); `nil` or empty without a barometer.
    package var pressureSensor: String?
    /// Extensions declared by the I record; every fix's `extensions` follows this layout.
    package var extensions: [FixExtension]

    package init(
        manufacturer: String, serial: String, recorderType: String? = nil, gpsReceiver: String? = nil,
        pressureSensor: String? = nil, extensions: [FixExtension] = []
    ) {
        self.manufacturer = manufacturer
        self.serial = serial
        self.recorderType = recorderType
        self.gpsReceiver = gpsReceiver
        self.pressureSensor = pressureSensor
        self.extensions = extensions
    }
}

/// A continuous recording: fixes in strictly increasing time order.
package struct Track: Sendable, Hashable {
    package var recorder: RecorderInfo
    package var fixes: [Fix]

    package init(recorder: RecorderInfo, fixes: [Fix]) {
        self.recorder = recorder
        self.fixes = fixes
    }
}
