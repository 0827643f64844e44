/// A closed outline as a map draws it: cut to the map's box and thinned to what the drawing can show. One owner
/// for the phone map and the PDF report, so both send and draw the same, bounded, shapes.
///
/// A country's airspace file draws arcs and circles as a point per degree (360 for a circle) and borders with
/// thousands of points; at a flight map's scale most of them lie closer together than a pixel, and a map can hold
/// hundreds of such outlines. Only the drawing is thinned: infringements are judged on the full outline.
package enum DrawnOutline {
    package typealias Point = (x: Double, y: Double)

    /// The polygon `points` cut to the rectangle `box` (Sutherland–Hodgman: exact for a convex clip region; the
    /// parts outside become runs along the rectangle's edge).
    package static func clipped(_ points: [Point], to box: (x0: Double, y0: Double, x1: Double, y1: Double))
        -> [Point]
    {
        if points.allSatisfy({ $0.x >= box.x0 && $0.x <= box.x1 && $0.y >= box.y0 && $0.y <= box.y1 }) {
            return points
        }
        typealias Edge = (inside: (Point) -> Bool, cut: (Point, Point) -> Point)
        func atX(_ x: Double) -> (Point, Point) -> Point {
            { a, b in (x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) }
        }
        func atY(_ y: Double) -> (Point, Point) -> Point {
            { a, b in (a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y) }
        }
        let edges: [Edge] = [
            ({ $0.x >= box.x0 }, atX(box.x0)), ({ $0.x <= box.x1 }, atX(box.x1)),
            ({ $0.y >= box.y0 }, atY(box.y0)), ({ $0.y <= box.y1 }, atY(box.y1)),
        ]
        var polygon = points
        for edge in edges {
            guard let last = polygon.last else { break }
            var out: [Point] = []
            var previous = last
            for p in polygon {
                switch (edge.inside(p), edge.inside(previous)) {
                case (true, true): out.append(p)
                case (true, false): out += [edge.cut(previous, p), p]
                case (false, true): out.append(edge.cut(previous, p))
                case (false, false): break
                }
                previous = p
            }
            polygon = out
        }
        return polygon
    }

    /// The closed polygon `points` with every point dropped that lies within `tolerance` of the line its kept
    /// neighbours draw (Douglas–Peucker): the drawn line moves by at most `tolerance`, so corners stay and a circle
    /// keeps only as many points as its radius needs (about π·√(r / 2·tolerance)).
    package static func thinned(_ points: [Point], tolerance: Double) -> [Point] {
        guard points.count > 3 else { return points }
        // The ring is cut into two open runs: from its first point to the point farthest from it, and back.
        let first = points[0]
        func squared(_ p: Point) -> Double { (p.x - first.x) * (p.x - first.x) + (p.y - first.y) * (p.y - first.y) }
        var far = 0
        for i in points.indices where squared(points[i]) > squared(points[far]) { far = i }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[far] = true
        // Runs still to thin, by index; `points.count` stands for the first point again (the ring's closing edge).
        var runs = [(0, far), (far, points.count)]
        while let (a, b) = runs.popLast() {
            guard b - a > 1 else { continue }
            let pa = points[a], pb = points[b % points.count]
            var worst = tolerance, index = -1
            for i in (a + 1)..<b {
                let d = distance(points[i], pa, pb)
                if d > worst { (worst, index) = (d, i) }
            }
            guard index >= 0 else { continue }
            keep[index] = true
            runs += [(a, index), (index, b)]
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// Distance from `p` to the segment `a`–`b`.
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        let t = length > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length)) : 0
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }
}
