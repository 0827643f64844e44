#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Azimuthal equidistant projection around a flight's centre: metres east and north of it, the distance and bearing
/// from the centre kept true (maps of one flight).
///
/// Longitudes are never averaged or subtracted as plain numbers: the centre is the mean of the positions as vectors
/// from the Earth's centre, and each position is placed by its great-circle distance and bearing from it. So a flight
/// across 180° stays a few kilometres wide instead of spanning the world, and a track over a pole stays one line.
package struct LocalProjection: Sendable {
    package let latitude0: Double, longitude0: Double

    /// Centred on the mean of `coordinates` (not empty); on the first one if they cancel out (antipodes).
    package init(around coordinates: [Coordinate]) {
        var x = 0.0, y = 0.0, z = 0.0
        for c in coordinates {
            let phi = c.latitude * Double.pi / 180, lambda = c.longitude * Double.pi / 180
            x += cos(phi) * cos(lambda)
            y += cos(phi) * sin(lambda)
            z += sin(phi)
        }
        let horizontal = (x * x + y * y).squareRoot()
        if horizontal + abs(z) < 1e-9 * Double(coordinates.count) || coordinates.isEmpty {
            latitude0 = coordinates.first?.latitude ?? 0
            longitude0 = coordinates.first?.longitude ?? 0
        } else {
            latitude0 = atan2(z, horizontal) * 180 / Double.pi
            longitude0 = horizontal < 1e-12 ? 0 : atan2(y, x) * 180 / Double.pi
        }
    }

    package func project(_ c: Coordinate) -> (e: Double, n: Double) {
        let centre = Coordinate(latitude: latitude0, longitude: longitude0)
        let distance = Geodesy.distance(centre, c)
        let bearing = Geodesy.bearing(centre, c) * Double.pi / 180
        return (distance * sin(bearing), distance * cos(bearing))
    }

    /// `c`'s longitude moved by whole turns to within 180° of the centre's (may leave −180 … 180): for projections
    /// that take longitudes as numbers, such as Web Mercator, so a track across 180° is not torn apart.
    package func unwrapped(_ c: Coordinate) -> Coordinate {
        let longitude = longitude0 + Geodesy.headingChange(from: longitude0, to: c.longitude)
        return Coordinate(latitude: c.latitude, longitude: longitude)
    }
}

/// Web Mercator (EPSG:3857), the projection of map tiles: metres east and north on a sphere of the WGS84 equator
/// radius, and the slippy-map tile grid (zoom z: 2^z × 2^z tiles, x from 180° W, y from the north).
package enum WebMercator {
    package static let radius = 6_378_137.0
    /// Half the world's width in projected metres.
    package static let halfWorld = Double.pi * radius

    /// Projected metres; latitude clamped to the tile grid's ±85.0511°.
    package static func project(_ c: Coordinate) -> (e: Double, n: Double) {
        let latitude = min(max(c.latitude, -85.05112878), 85.05112878) * Double.pi / 180
        return (c.longitude * Double.pi / 180 * radius, log(tan(Double.pi / 4 + latitude / 2)) * radius)
    }

    /// Projected metres per true metre at `latitude` (1 / cos φ).
    package static func stretch(atLatitude latitude: Double) -> Double { 1 / cos(latitude * Double.pi / 180) }

    /// One tile's side in projected metres at `zoom`.
    package static func tileSpan(zoom: Int) -> Double { 2 * halfWorld / Double(1 << zoom) }

    /// The tile holding a projected point at `zoom` (x, y as in `/z/x/y` addresses, y from the north).
    package static func tile(containing p: (e: Double, n: Double), zoom: Int) -> (x: Int, y: Int) {
        let span = tileSpan(zoom: zoom)
        let last = (1 << zoom) - 1
        let x = Int(((p.e + halfWorld) / span).rounded(.down)), y = Int(((halfWorld - p.n) / span).rounded(.down))
        return (min(max(x, 0), last), min(max(y, 0), last))
    }
}
