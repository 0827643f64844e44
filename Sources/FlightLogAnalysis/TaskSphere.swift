import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point on the FAI sphere (R = 6371 km, Sporting Code Section 3) as a unit vector: distances, great-circle
/// interpolation and directions without special cases at 180° of longitude; at a pole directions count from the
/// Greenwich meridian's plane, the same for every point, so a sector there still has one orientation.
struct SpherePoint: Sendable, Hashable {
    /// The FAI sphere's radius in metres: task distances are measured on it.
    static let radius: Meters = 6_371_000

    var x: Double, y: Double, z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(_ c: Coordinate) {
        let phi = c.latitude * .pi / 180, lambda = c.longitude * .pi / 180
        self.init(x: cos(phi) * cos(lambda), y: cos(phi) * sin(lambda), z: sin(phi))
    }

    var coordinate: Coordinate {
        let lat = atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi
        let lon = x == 0 && y == 0 ? 0 : atan2(y, x) * 180 / .pi
        return Coordinate(latitude: lat, longitude: lon)
    }

    func dot(_ o: SpherePoint) -> Double { x * o.x + y * o.y + z * o.z }

    func cross(_ o: SpherePoint) -> SpherePoint {
        SpherePoint(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
    }

    var norm: Double { (x * x + y * y + z * z).squareRoot() }

    func scaled(_ s: Double) -> SpherePoint { SpherePoint(x: x * s, y: y * s, z: z * s) }

    func plus(_ o: SpherePoint) -> SpherePoint { SpherePoint(x: x + o.x, y: y + o.y, z: z + o.z) }

    /// The central angle to `o` in radians (atan2 form: exact for 1 m and for antipodes alike).
    func angle(to o: SpherePoint) -> Double { atan2(cross(o).norm, dot(o)) }

    /// Great-circle distance in metres on the FAI sphere.
    func distance(to o: SpherePoint) -> Meters { angle(to: o) * Self.radius }

    /// The point a fraction `t` of the way along the great circle to `o` (spherical linear interpolation).
    func interpolated(to o: SpherePoint, _ t: Double) -> SpherePoint {
        let omega = angle(to: o)
        if omega < 1e-12 { return self }
        let a = sin((1 - t) * omega) / sin(omega), b = sin(t * omega) / sin(omega)
        return scaled(a).plus(o.scaled(b))
    }

    /// East and north unit vectors of the tangent plane here (at a pole: fixed, see the type's comment).
    var eastNorth: (east: SpherePoint, north: SpherePoint) {
        var east = SpherePoint(x: -y, y: x, z: 0)
        let n = east.norm
        east = n < 1e-12 ? SpherePoint(x: 0, y: 1, z: 0) : east.scaled(1 / n)
        return (east, cross(east))
    }

    /// True bearing from here to `o`, degrees 0 ..< 360; `nil` when `o` is here or opposite (no direction).
    func bearing(to o: SpherePoint) -> Degrees? {
        let (e, n) = eastNorth
        let east = o.dot(e), north = o.dot(n)
        if (east * east + north * north).squareRoot() < 1e-12 { return nil }
        let b = atan2(east, north) * 180 / .pi
        return b < 0 ? b + 360 : b
    }

    /// The unit tangent vector here pointing along `bearing` degrees.
    func tangent(_ bearing: Degrees) -> SpherePoint {
        let (e, n) = eastNorth
        let b = bearing * .pi / 180
        return e.scaled(sin(b)).plus(n.scaled(cos(b)))
    }
}
