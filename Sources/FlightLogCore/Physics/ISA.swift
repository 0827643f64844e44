#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pascals.
package typealias Pascals = Double

/// The ICAO International Standard Atmosphere (Doc 7488) up to 20 km: pressure altitude as IGC wants it,
/// above the 1013.25 hPa datum, with no QNH and no temperature correction.
package enum ISA {
    package static let seaLevelPressure: Pascals = 101_325
    /// Pressure at the tropopause (11 000 m).
    package static let tropopausePressure: Pascals = 22_632.04
    static let exponent = 0.190263  // R·L/(g0·M)
    static let scaleHeight = 44_330.77  // T0/L, metres
    static let stratosphereScale = 6_341.62  // R·T11/g0, metres

    /// Pressure altitude in metres for a static pressure. Valid from the ground to 20 km.
    package static func altitude(pressure p: Pascals) -> Meters {
        if p >= tropopausePressure {
            return scaleHeight * (1 - pow(p / seaLevelPressure, exponent))
        }
        return 11_000 + stratosphereScale * log(tropopausePressure / p)
    }

    /// The static pressure at a pressure altitude (inverse of ``altitude(pressure:)``).
    package static func pressure(altitude h: Meters) -> Pascals {
        if h <= 11_000 {
            return seaLevelPressure * pow(1 - h / scaleHeight, 1 / exponent)
        }
        return tropopausePressure * exp(-(h - 11_000) / stratosphereScale)
    }

    /// Altitude above a QNH setting for a given ISA pressure altitude (for display only, never for IGC).
    package static func altitudeAboveQNH(pressureAltitude: Meters, qnh: Pascals) -> Meters {
        pressureAltitude - altitude(pressure: qnh)
    }
}
