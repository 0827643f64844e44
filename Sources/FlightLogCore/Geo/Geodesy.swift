#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Distances and bearings on the Earth, good to about 0.3 % (spherical model, mean radius).
///
/// Flight statistics and speed tests need metres, not survey accuracy; the haversine form stays accurate
/// for very short distances (1 m at 1 Hz) where the spherical law of cosines loses precision.
package enum Geodesy {
    /// IUGG mean Earth radius (metres).
    package static let earthRadius: Meters = 6_371_008.8

    /// Great-circle distance in metres (haversine).
    package static func distance(_ a: Coordinate, _ b: Coordinate) -> Meters {
        let phi1 = radians(a.latitude), phi2 = radians(b.latitude)
        let dPhi = phi2 - phi1
        let dLambda = radians(b.longitude - a.longitude)
        let s1 = sin(dPhi / 2), s2 = sin(dLambda / 2)
        let h = s1 * s1 + cos(phi1) * cos(phi2) * s2 * s2
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// Initial true bearing from `a` to `b` in degrees, 0 ..< 360 (0 = north, 90 = east). 0 when equal.
    package static func bearing(_ a: Coordinate, _ b: Coordinate) -> Degrees {
        let phi1 = radians(a.latitude), phi2 = radians(b.latitude)
        let dLambda = radians(b.longitude - a.longitude)
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        if x == 0 && y == 0 { return 0 }
        return normalizedDegrees(atan2(y, x) * 180 / .pi)
    }

    /// The point reached from `origin` going `distance` metres on the initial bearing `bearing` (degrees).
    package static func destination(from origin: Coordinate, bearing: Degrees, distance: Meters) -> Coordinate {
        let delta = distance / earthRadius
        let theta = radians(bearing)
        let phi1 = radians(origin.latitude), lambda1 = radians(origin.longitude)
        let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
        var lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        if abs(origin.latitude) >= 90 - 1e-9 {
            // At a pole every way is south (north): the bearing counts from the origin's meridian as if arriving
            // along it, so the way continues smoothly from a point just short of the pole.
            lambda2 = origin.latitude > 0 ? lambda1 + .pi - theta : lambda1 + theta
        }
        return Coordinate(latitude: phi2 * 180 / .pi, longitude: wrappedLongitude(lambda2 * 180 / .pi))
    }

    /// The signed smallest difference `to − from` between two headings, degrees in −180 ... 180.
    package static func headingChange(from: Degrees, to: Degrees) -> Degrees {
        var d = (to - from).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d < -180 { d += 360 }
        return d
    }

    /// `longitude` folded into −180 ..< 180, the range every file and the import take (181° E is 179° W).
    package static func wrappedLongitude(_ longitude: Degrees) -> Degrees {
        let d = (longitude + 180).truncatingRemainder(dividingBy: 360)
        let wrapped = (d < 0 ? d + 360 : d) - 180
        return wrapped >= 180 ? wrapped - 360 : wrapped  // d + 360 may round up to 360
    }

    /// `degrees` folded into 0 ..< 360.
    package static func normalizedDegrees(_ degrees: Degrees) -> Degrees {
        let d = degrees.truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }

    static func radians(_ degrees: Degrees) -> Double { degrees * .pi / 180 }
}
