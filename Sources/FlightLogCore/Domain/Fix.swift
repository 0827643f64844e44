/// One recorded position: everything an IGC B record holds, at the precision we store.
///
/// Storage units are integers so that an IGC file round-trips exactly: position in 1e-7 degrees
/// (an IGC 1/60000 degree always comes back to the same value), altitudes in decimetres.
package struct Fix: Sendable, Hashable {
    /// GNSS UTC time of the fix.
    package var time: UTCMillis
    /// IGC validity: `true` = `A` (3D fix), `false` = `V` (2D or no GNSS; position is the last known one).
    package var isValid: Bool
    /// Latitude in 1e-7 degrees (north positive).
    package var latitudeE7: Int32
    /// Longitude in 1e-7 degrees (east positive).
    package var longitudeE7: Int32
    /// ICAO ISA pressure altitude (1013.25 hPa datum) in decimetres; `nil` when there is no barometer.
    package var pressureAltitudeDm: Int32?
    /// GNSS altitude above the WGS84 ellipsoid in decimetres; `nil` without a 3D fix.
    package var gnssAltitudeDm: Int32?
    /// The raw bytes of the B record after byte 35 (the declared extensions), as ASCII text.
    package var extensions: String

    package init(
        time: UTCMillis, isValid: Bool, latitudeE7: Int32, longitudeE7: Int32,
        pressureAltitudeDm: Int32?, gnssAltitudeDm: Int32?, extensions: String = ""
    ) {
        self.time = time
        self.isValid = isValid
        self.latitudeE7 = latitudeE7
        self.longitudeE7 = longitudeE7
        self.pressureAltitudeDm = pressureAltitudeDm
        self.gnssAltitudeDm = gnssAltitudeDm
        self.extensions = extensions
    }

    package init(
        time: UTCMillis, isValid: Bool = true, latitude: Degrees, longitude: Degrees,
        pressureAltitude: Meters?, gnssAltitude: Meters?, extensions: String = ""
    ) {
        self.init(
            time: time, isValid: isValid,
            latitudeE7: Int32((latitude * 1e7).rounded()), longitudeE7: Int32((longitude * 1e7).rounded()),
            pressureAltitudeDm: pressureAltitude.map { Int32(($0 * 10).rounded()) },
            gnssAltitudeDm: gnssAltitude.map { Int32(($0 * 10).rounded()) },
            extensions: extensions)
    }

    package var latitude: Degrees { Double(latitudeE7) / 1e7 }
    package var longitude: Degrees { Double(longitudeE7) / 1e7 }
    package var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
    package var pressureAltitude: Meters? { pressureAltitudeDm.map { Double($0) / 10 } }
    package var gnssAltitude: Meters? { gnssAltitudeDm.map { Double($0) / 10 } }
}

/// A point on the WGS84 ellipsoid, in degrees.
package struct Coordinate: Sendable, Hashable, Codable {
    package var latitude: Degrees
    package var longitude: Degrees
    package init(latitude: Degrees, longitude: Degrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// One extension declared in an IGC I record, e.g. `FXA` of 3 bytes.
package struct FixExtension: Sendable, Hashable, Codable {
    package var code: String
    package var length: Int
    package init(code: String, length: Int) {
        self.code = code
        self.length = length
    }
}
