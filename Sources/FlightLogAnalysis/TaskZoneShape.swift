import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a task cannot be scored: said in words, never a crash (docs/TASKS.md, "Scoring").
package enum TaskScoringError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fewer than two points: no start and finish.
    case tooFewPoints(Int)
    /// A sector or line whose direction depends on a neighbour at the same place (a zero-length leg) or at the
    /// antipode.
    case noDirection(point: String, reason: String)

    package var description: String {
        switch self {
        case .tooFewPoints(let n):
            "the task has \(n) point\(n == 1 ? "" : "s"): a start and a finish are needed"
        case .noDirection(let point, let reason):
            "the zone at \(point) has no direction: \(reason)"
        }
    }
}

/// One zone shape placed on the sphere: a sector (a cylinder is a sector of half angle 180°), with an optional
/// inner sector (keyhole), or a line. `axis` is the unit tangent at the centre along the sector's bisector, which
/// points away from the course (docs/TASKS.md: a zone's orientation names where the course is; the zone lies on
/// the other side, as SeeYou and opensoar draw it).
struct ZoneShape: Sendable {
    let center: SpherePoint
    let zone: TaskZone
    let axis: SpherePoint?
    private let cosRadius: Double?
    private let cosInnerRadius: Double?
    private let cosHalf: Double
    private let cosInnerHalf: Double

    init(center: SpherePoint, zone: TaskZone, axis: SpherePoint?) {
        self.center = center
        self.zone = zone
        self.axis = axis
        func cosOf(_ r: Meters?) -> Double? { r.map { cos(min(.pi, max(0, $0) / SpherePoint.radius)) } }
        cosRadius = cosOf(zone.radius)
        cosInnerRadius = cosOf(zone.innerRadius)
        cosHalf = cos(min(180, max(0, zone.halfAngle)) * .pi / 180)
        cosInnerHalf = cos(min(180, max(0, zone.innerHalfAngle ?? 180)) * .pi / 180)
    }

    /// The cosine of the angle between `p`'s direction from the centre and the axis; 1 at the centre itself.
    private func cosToAxis(_ p: SpherePoint) -> Double {
        guard let axis else { return 1 }
        let t = p.plus(center.scaled(-p.dot(center)))
        let n = t.norm
        return n < 1e-15 ? 1 : t.dot(axis) / n
    }

    /// Inside the sector (or its inner sector). An unbounded sector stays in the centre's hemisphere.
    func contains(_ p: SpherePoint) -> Bool {
        let c = p.dot(center)
        if let inner = cosInnerRadius, c >= inner, zone.innerHalfAngle ?? 180 >= 180 || cosToAxis(p) >= cosInnerHalf {
            return true
        }
        if let outer = cosRadius { if c < outer { return false } } else if c <= 0 { return false }
        return zone.halfAngle >= 180 || cosToAxis(p) >= cosHalf
    }

    /// A line's side: positive on its zone side (behind a start line, beyond a finish line).
    func side(_ p: SpherePoint) -> Double { p.dot(axis ?? center) }

    /// Whether `p` (a point on the line's great circle) lies on the line itself, within `radius` of the centre.
    func onLine(_ p: SpherePoint) -> Bool {
        guard let r = zone.radius else { return true }
        return p.distance(to: center) <= r
    }

    /// How far `p` is from the zone, metres: 0 inside. For the reason's words only ("missed by 4.2 km"): the
    /// distance to the nearest edge (the ray of a sector across the sphere, the rim of a cylinder or the line).
    func distanceOutside(_ p: SpherePoint) -> Meters {
        let d = p.distance(to: center)
        if zone.isLine {
            let across = abs(asin(max(-1, min(1, p.dot(axis ?? center))))) * SpherePoint.radius
            return max(across, d - (zone.radius ?? .infinity))
        }
        if contains(p) { return 0 }
        let rim = max(0, d - (zone.radius ?? .infinity))
        guard zone.halfAngle < 180, axis != nil else { return rim }
        let excess = acos(max(-1, min(1, cosToAxis(p)))) - zone.halfAngle * .pi / 180
        if excess <= 0 { return rim }
        if excess >= .pi / 2 { return max(rim, d) }
        let ray = asin(max(-1, min(1, sin(d / SpherePoint.radius) * sin(excess)))) * SpherePoint.radius
        return max(rim, ray)
    }
}
