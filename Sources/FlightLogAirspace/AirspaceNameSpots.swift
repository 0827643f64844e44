import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an airspace's name goes on a map, one rule for the phone's map and the PDF report's: a box wholly inside
/// the airspace's drawn outline and inside the map, nearest the middle of the outline's part in view. The maps say
/// which place is free of their other labels and marks; a name with no free place is left out.
package enum AirspaceNameSpots {
    package typealias Point = (x: Double, y: Double)
    /// Left, top, right, bottom, in the map's units.
    package typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)

    /// Most airspace names one map shows.
    package static let mostNames = 12

    /// Centres for a box reaching `halfWidth` and `halfHeight` from its centre that lies inside the polygon
    /// `outline` (every corner and side's middle inside it, and no corner of the outline poking into the box) and
    /// inside `view` (the outline's part on the map), on a grid of 9 × 9 over `view`, nearest its middle first;
    /// none when `view` is too small for the box.
    package static func spots(halfWidth: Double, halfHeight: Double, inside outline: [Point], view: Box) -> [Point] {
        guard view.x1 - view.x0 > 2 * halfWidth, view.y1 - view.y0 > 2 * halfHeight else { return [] }
        let middle: Point = ((view.x0 + view.x1) / 2, (view.y0 + view.y1) / 2)
        var spots: [Point] = []
        for i in 0...8 {
            for j in 0...8 {
                let p: Point = (
                    view.x0 + halfWidth + (view.x1 - view.x0 - 2 * halfWidth) * Double(i) / 8,
                    view.y0 + halfHeight + (view.y1 - view.y0 - 2 * halfHeight) * Double(j) / 8
                )
                let box = (x0: p.x - halfWidth, y0: p.y - halfHeight, x1: p.x + halfWidth, y1: p.y + halfHeight)
                let probes: [Point] = [
                    (box.x0, box.y0), (p.x, box.y0), (box.x1, box.y0), (box.x0, p.y), (box.x1, p.y),
                    (box.x0, box.y1), (p.x, box.y1), (box.x1, box.y1),
                ]
                guard probes.allSatisfy({ isInside($0, outline) }),
                    !outline.contains(where: { $0.x > box.x0 && $0.x < box.x1 && $0.y > box.y0 && $0.y < box.y1 })
                else { continue }
                spots.append(p)
            }
        }
        func distance(_ p: Point) -> Double { hypot(p.x - middle.x, p.y - middle.y) }
        return spots.sorted { distance($0) < distance($1) }
    }

    /// Whether `p` lies inside the polygon `points` (even-odd rule).
    package static func isInside(_ p: Point, _ points: [Point]) -> Bool {
        var inside = false
        var j = points.count - 1
        for i in points.indices {
            let a = points[j], b = points[i]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }
}
