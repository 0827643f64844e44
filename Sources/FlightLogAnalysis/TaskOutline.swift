import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A task as places to draw on a map (docs/TASKS.md, "On the phone"): each point's zone as its true shape on the
/// FAI sphere, under the rules that score the task (a declaration's turnpoint: the 500 m cylinder and the FAI
/// sector together), and the legs as great circles. Pure; a map projects the coordinates.
package struct TaskOutline: Sendable {
    /// A zone's shape: the outline of an area (a cylinder, sector or keyhole: every shape of the point together),
    /// or a start or finish line from one end to the other.
    package enum Shape: Sendable, Equatable {
        case area([Coordinate])
        case line(Coordinate, Coordinate)
    }

    /// One entry per task point; empty when the zones cannot be placed (``problem`` says why).
    package var zones: [Shape] = []
    /// Each leg as points along its great circle, start first.
    package var legs: [[Coordinate]] = []
    /// Why the zones are not drawn (a zone without a direction), in ``TaskScoringError``'s words.
    package var problem: String?

    /// Degrees between the samples of an arc.
    static let arcStep = 5.0
    /// Metres between the samples of a leg (a leg has 2 to 65 points).
    static let legStep: Meters = 5000

    /// The outline of `task`; an unbounded sector (the FAI 90° sector) is drawn `reach` metres out, at most a
    /// quarter of the way round the sphere (it stays in the point's hemisphere).
    package init(task: FlightTask, reach: Meters) {
        let centres = task.points.map { SpherePoint($0.coordinate) }
        for (a, b) in zip(centres, centres.dropFirst()) {
            let n = max(1, min(64, Int(a.distance(to: b) / Self.legStep)))
            legs.append((0...n).map { a.interpolated(to: b, Double($0) / Double(n)).coordinate })
        }
        do {
            let limit = min(max(0, reach), .pi / 2 * SpherePoint.radius)
            zones = try task.placedPoints(rules: TaskRules.for(task)).map { Self.shape($0, reach: limit) }
        } catch {
            problem = error.description
        }
    }

    /// A point's shapes as one: a line's two ends, or the outline of the union of its sectors, each a star about
    /// the centre (so the union is one too: its radius at each bearing is the largest of theirs).
    static func shape(_ point: PlacedPoint, reach: Meters) -> Shape {
        let centre = point.center
        if point.isLine, let line = point.shapes.first {
            let axis = bearing(of: line.axis, at: centre)
            let half = line.zone.radius ?? 0
            return .line(
                destination(centre, axis + 90, half).coordinate, destination(centre, axis - 90, half).coordinate)
        }
        // Sectors as (axis bearing, half angle, radius): each shape's outer one and its inner one.
        var sectors: [(axis: Degrees, half: Degrees, radius: Meters)] = []
        for shape in point.shapes {
            let axis = bearing(of: shape.axis, at: centre)
            sectors.append((axis, shape.zone.halfAngle, min(shape.zone.radius ?? reach, reach)))
            if let inner = shape.zone.innerRadius {
                sectors.append((axis, shape.zone.innerHalfAngle ?? 180, min(inner, reach)))
            }
        }
        func radius(_ bearing: Degrees) -> Meters {
            sectors.map { s in s.half >= 180 || angleBetween(bearing, s.axis) <= s.half ? s.radius : 0 }.max() ?? 0
        }
        // Regular samples, and each sector's edges from both sides (a ray is a jump of the radius).
        var bearings = Array(stride(from: 0.0, to: 360, by: arcStep))
        for s in sectors where s.half < 180 {
            for edge in [s.axis - s.half, s.axis + s.half] { bearings += [edge - 1e-6, edge + 1e-6] }
        }
        bearings = bearings.map { ($0.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) }
        var outline: [Coordinate] = []
        for b in bearings.sorted() {
            let r = radius(b)
            let c = r <= 0 ? point.coordinate : destination(centre, b, r).coordinate
            if outline.last != c { outline.append(c) }
        }
        return .area(outline)
    }

    /// The true bearing of a tangent `axis` at `centre` (0 without one: a cylinder's bearing does not matter).
    static func bearing(of axis: SpherePoint?, at centre: SpherePoint) -> Degrees {
        guard let axis else { return 0 }
        let (e, n) = centre.eastNorth
        return atan2(axis.dot(e), axis.dot(n)) * 180 / .pi
    }

    /// The smallest angle between two bearings, degrees 0...180.
    static func angleBetween(_ a: Degrees, _ b: Degrees) -> Degrees {
        let d = abs((a - b).truncatingRemainder(dividingBy: 360))
        return d > 180 ? 360 - d : d
    }

    /// The point `distance` metres from `centre` along `bearing`, on the great circle.
    static func destination(_ centre: SpherePoint, _ bearing: Degrees, _ distance: Meters) -> SpherePoint {
        let angle = distance / SpherePoint.radius
        return centre.scaled(cos(angle)).plus(centre.tangent(bearing).scaled(sin(angle)))
    }
}
