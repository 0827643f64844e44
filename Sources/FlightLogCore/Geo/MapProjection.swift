#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Equirectangular projection around a mean position: metres east and north of it (maps of one flight).
package struct LocalProjection: Sendable {
    package let latitude0: Double, longitude0: Double
    private let metresPerDegree = 6_371_008.8 * Double.pi / 180
    private let k: Double

    /// Centred on the mean of `coordinates` (not empty).
    package init(around coordinates: [Coordinate]) {
        let n = Double(max(1, coordinates.count))
        latitude0 = coordinates.reduce(0) { $0 + $1.latitude } / n
        longitude0 = coordinates.reduce(0) { $0 + $1.longitude } / n
        k = cos(latitude0 * Double.pi / 180)
    }

    package func project(_ c: Coordinate) -> (e: Double, n: Double) {
        ((c.longitude - longitude0) * k * metresPerDegree, (c.latitude - latitude0) * metresPerDegree)
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
