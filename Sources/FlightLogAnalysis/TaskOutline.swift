import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A task as places to draw on a map (docs/TASKS.md, "On the phone" and "In the report"): each point's zones as
/// their true shapes on the FAI sphere, under the rules that score the task (a declaration's turnpoint: the 500 m
/// cylinder and the FAI sector together), and the legs as great circles. Pure; a map projects the coordinates.
/// The phone draws each point's zones as one outline (``zones``), the PDF each zone's own ring
/// (``FlightTask/outlines()``); both from one placement (``sectors(_:reach:capped:)``).
package struct TaskOutline: Sendable {
    /// A zone's shape: the outline of an area (a cylinder, sector or keyhole: every shape of the point together),
    /// or a start or finish line from one end to the other.
    package enum Shape: Sendable, Equatable {
        case area([Coordinate])
        case line(Coordinate, Coordinate)
    }

    /// One sector of a point's zones, about its centre (a cylinder is one of 180°).
    struct Sector: Equatable {
        var axis: Degrees, half: Degrees, radius: Meters
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

    /// Each shape's sector and its inner one (a keyhole's cylinder), in order; an unbounded one `reach` metres
    /// out, and with `capped` no radius beyond `reach`.
    static func sectors(_ point: PlacedPoint, reach: Meters, capped: Bool) -> [Sector] {
        let cap = capped ? reach : .infinity
        return point.shapes.flatMap { shape in
            let axis = bearing(of: shape.axis, at: point.center)
            let outer = Sector(axis: axis, half: shape.zone.halfAngle, radius: min(shape.zone.radius ?? reach, cap))
            guard let inner = shape.zone.innerRadius else { return [outer] }
            return [outer, Sector(axis: axis, half: shape.zone.innerHalfAngle ?? 180, radius: min(inner, cap))]
        }
    }

    /// A line's two ends: square to its axis, half its length either side of the centre.
    static func lineEnds(_ point: PlacedPoint) -> (Coordinate, Coordinate) {
        let centre = point.center, line = point.shapes.first
        let axis = bearing(of: line?.axis, at: centre), half = line?.zone.radius ?? 0
        return (destination(centre, axis + 90, half).coordinate, destination(centre, axis - 90, half).coordinate)
    }

    /// A point's shapes as one: a line's two ends, or the outline of the union of its sectors, each a star about
    /// the centre (so the union is one too: its radius at each bearing is the largest of theirs).
    static func shape(_ point: PlacedPoint, reach: Meters) -> Shape {
        if point.isLine, !point.shapes.isEmpty {
            let (a, b) = lineEnds(point)
            return .line(a, b)
        }
        let sectors = Self.sectors(point, reach: reach, capped: true)
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
            let c = r <= 0 ? point.coordinate : destination(point.center, b, r).coordinate
            if outline.last != c { outline.append(c) }
        }
        return .area(outline)
    }

    /// A sector's own ring in 4° steps: a circle from north (so one circle of two zones is one ring), a sector
    /// from its apex along its arc and back.
    static func ring(_ s: Sector, about centre: SpherePoint) -> [Coordinate] {
        let half = min(180, max(0, s.half))
        let steps = max(2, Int((2 * half / 4).rounded(.up)))
        let from = half >= 180 ? 0 : s.axis - half
        let arc = (0...steps).map {
            destination(centre, from + 2 * half * Double($0) / Double(steps), s.radius).coordinate
        }
        return half >= 180 ? arc : [centre.coordinate] + arc + [centre.coordinate]
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

/// A task point's zones as the PDF report draws them: each zone's own ring (a cylinder's circle, a sector's ring
/// from its apex), a line its two ends.
package struct TaskZoneOutline: Sendable {
    package var name: String
    package var coordinate: Coordinate
    /// Each zone's outline: a closed ring, or a line's two ends.
    package var shapes: [[Coordinate]]
    package var isLine: Bool

    /// How far an unbounded sector (the FAI sector) is drawn: it has no edge, so its rays reach past any map of
    /// the task (the task's longest leg, at least 20 km).
    static func rayLength(_ task: FlightTask) -> Meters {
        min(5_000_000, max(20_000, task.legDistances().max() ?? 0))
    }
}

extension FlightTask {
    /// Every point's outline under the rules that score it (a declaration's turnpoint: the 500 m cylinder and the
    /// FAI sector, each once); throws, in words, for a task that cannot be placed (``TaskScoringError``).
    package func outlines() throws(TaskScoringError) -> [TaskZoneOutline] {
        let rays = TaskZoneOutline.rayLength(self)
        return try placedPoints(rules: TaskRules.for(self)).map { placed in
            var shapes: [[Coordinate]] = []
            if placed.isLine, !placed.shapes.isEmpty {
                let (a, b) = TaskOutline.lineEnds(placed)
                shapes = [[a, b]]
            }
            for sector in TaskOutline.sectors(placed, reach: rays, capped: false) where !placed.isLine {
                let ring = TaskOutline.ring(sector, about: placed.center)
                if !shapes.contains(where: { $0.elementsEqual(ring, by: Self.samePlace) }) { shapes.append(ring) }
            }
            return TaskZoneOutline(
                name: placed.name, coordinate: placed.coordinate, shapes: shapes, isLine: placed.isLine)
        }
    }

    private static func samePlace(_ a: Coordinate, _ b: Coordinate) -> Bool {
        abs(a.latitude - b.latitude) < 1e-9 && abs(a.longitude - b.longitude) < 1e-9
    }
}
