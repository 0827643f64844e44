import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A task point's zones as the scoring places them, as lines to draw on a map (the PDF report): each zone a closed
/// ring of coordinates (a cylinder, a sector with its apex at the point), a line its two ends.
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
    /// FAI sector); throws, in words, for a task that cannot be placed (``TaskScoringError``).
    package func outlines() throws(TaskScoringError) -> [TaskZoneOutline] {
        let rays = TaskZoneOutline.rayLength(self)
        return try placedPoints(rules: TaskRules.for(self)).map { placed in
            var shapes: [[Coordinate]] = []
            // A declaration's turnpoint is scored in its keyhole, the 500 m cylinder and the FAI sector: each
            // outline once.
            for outline in placed.shapes.flatMap({ $0.outlines(rayLength: rays) })
            where !shapes.contains(where: { $0.elementsEqual(outline, by: Self.samePlace) }) {
                shapes.append(outline)
            }
            return TaskZoneOutline(
                name: placed.name, coordinate: placed.coordinate, shapes: shapes, isLine: placed.isLine)
        }
    }

    private static func samePlace(_ a: Coordinate, _ b: Coordinate) -> Bool {
        abs(a.latitude - b.latitude) < 1e-9 && abs(a.longitude - b.longitude) < 1e-9
    }
}

extension ZoneShape {
    /// The zone's outlines: a line's ends; a sector's ring (apex, arc, apex), a cylinder's circle; the inner zone
    /// of a keyhole as a second ring. 4° steps along an arc.
    func outlines(rayLength: Meters) -> [[Coordinate]] {
        let axisBearing = axis.flatMap { center.bearing(to: $0) } ?? 0
        func at(_ bearing: Degrees, _ distance: Meters) -> Coordinate {
            let d = distance / SpherePoint.radius
            return center.scaled(cos(d)).plus(center.tangent(bearing).scaled(sin(d))).coordinate
        }
        func ring(radius: Meters, halfAngle: Degrees) -> [Coordinate] {
            let half = min(180, max(0, halfAngle))
            let steps = max(2, Int((2 * half / 4).rounded(.up)))
            // A circle starts at north whatever the axis, so the same circle of two zones is one outline.
            let from = half >= 180 ? 0 : axisBearing - half
            let arc = (0...steps).map { at(from + 2 * half * Double($0) / Double(steps), radius) }
            return half >= 180 ? arc : [center.coordinate] + arc + [center.coordinate]
        }
        if zone.isLine {
            let r = zone.radius ?? rayLength
            return [[at(axisBearing - 90, r), at(axisBearing + 90, r)]]
        }
        var rings = [ring(radius: zone.radius ?? rayLength, halfAngle: zone.halfAngle)]
        if let inner = zone.innerRadius { rings.append(ring(radius: inner, halfAngle: zone.innerHalfAngle ?? 180)) }
        return rings
    }
}
