import FlightLogCore

/// A glider flown second by second along legs of constant turn rate, speed and vertical speed, logging a fix every
/// `interval` seconds: tracks whose circles, glides and engine runs are known exactly.
package struct SyntheticGlider {
    package static let t0: UTCMillis = 1_700_000_000_000
    package static let enlExtensions = [FixExtension(code: "ENL", length: 3)]

    package var fixes: [Fix] = []
    package var interval: Int
    package var seconds = 0
    package var position = Coordinate(latitude: 50, longitude: 6)
    package var heading: Degrees = 0
    package var altitude: Meters = 1000
    /// Engine noise written as a 3-digit `ENL` extension when set.
    package var enl: Int?

    package init(interval: Int = 1, altitude: Meters = 1000, enl: Int? = nil) {
        self.interval = interval
        self.altitude = altitude
        self.enl = enl
        log()
    }

    package var time: UTCMillis { Self.t0 + UTCMillis(seconds) * 1000 }

    /// `turn` °/s (positive = right), `speed` m/s, `climb` m/s; the chord of each second is flown on the heading
    /// halfway through it, so a circle's fixes lie on the circle.
    package mutating func fly(_ duration: Int, turn: Double = 0, speed: Double = 25, climb: Double = -1) {
        for _ in 0..<duration {
            position = Geodesy.destination(from: position, bearing: heading + turn / 2, distance: speed)
            heading = Geodesy.normalizedDegrees(heading + turn)
            altitude += climb
            seconds += 1
            if seconds % interval == 0 { log() }
        }
    }

    package mutating func log() {
        let noise = enl.map { String("00\($0)".suffix(3)) } ?? ""
        fixes.append(
            Fix(
                time: time, latitude: position.latitude, longitude: position.longitude, pressureAltitude: altitude,
                gnssAltitude: altitude + 50, extensions: noise))
    }
}
