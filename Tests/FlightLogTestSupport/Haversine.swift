import FlightLogCore
import Foundation

/// The great circle from `a` to `b` in metres on a sphere of `radius` (default the FAI sphere, R = 6371 km), by
/// the haversine formula: an oracle independent of the scorer's unit vectors for tests of task distances.
package func haversineMetres(_ a: Coordinate, _ b: Coordinate, radius: Double = 6_371_000) -> Double {
    let r = Double.pi / 180
    let h =
        pow(sin((b.latitude - a.latitude) * r / 2), 2) + cos(a.latitude * r) * cos(b.latitude * r)
        * pow(sin((b.longitude - a.longitude) * r / 2), 2)
    return 2 * radius * asin(min(1, h.squareRoot()))
}
