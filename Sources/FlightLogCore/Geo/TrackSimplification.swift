/// Line simplification for drawing long tracks: keeps the points that matter to the eye, so a map or a
/// barogram of a 10-hour flight at 1 Hz stays a few hundred kilobytes. Pure; the caller projects the points
/// into its drawing space first (metres on a map, points on a chart), so that distances mean what they show.
package enum TrackSimplification {
    /// A point in the caller's drawing space.
    package struct Point: Sendable, Hashable {
        package var x: Double
        package var y: Double
        package init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// The indices (ascending) of at most `maxPoints` of `points`, always the first and the last.
    ///
    /// With a `tolerance` > 0, points closer than it to the last kept point are dropped first (a cheap radial
    /// pass that shrinks a dense track to what can be seen), then Douglas–Peucker picks points in order of
    /// importance: the segment whose farthest point deviates most is split first, until `maxPoints` are kept or
    /// every dropped point lies within `tolerance` of the kept polyline. Non-finite distances count as 0.
    package static func indices(of points: [Point], maxPoints: Int, tolerance: Double = 0) -> [Int] {
        let limit = max(2, maxPoints)
        var candidates = Array(points.indices)
        if tolerance > 0 { candidates = radialPass(points, tolerance: tolerance) }
        let count = candidates.count
        guard count > limit || (tolerance > 0 && count > 2) else { return candidates }
        let reduced = candidates.map { points[$0] }
        var keep = [Bool](repeating: false, count: count)
        keep[0] = true
        keep[count - 1] = true
        var kept = 2
        var queue = SegmentQueue()
        queue.push(farthest(reduced, 0, count - 1))
        while kept < limit, let segment = queue.pop(), segment.distance > tolerance {
            keep[segment.index] = true
            kept += 1
            queue.push(farthest(reduced, segment.start, segment.index))
            queue.push(farthest(reduced, segment.index, segment.end))
        }
        return keep.indices.filter { keep[$0] }.map { candidates[$0] }
    }

    /// Indices of the points at least `tolerance` from the previously kept one; the last point is always kept.
    private static func radialPass(_ points: [Point], tolerance: Double) -> [Int] {
        guard var previous = points.first else { return [] }
        var kept = [0]
        for i in points.indices.dropFirst().dropLast() {
            let dx = points[i].x - previous.x, dy = points[i].y - previous.y
            if !((dx * dx + dy * dy).squareRoot() < tolerance) {
                kept.append(i)
                previous = points[i]
            }
        }
        if points.count > 1 { kept.append(points.count - 1) }
        return kept
    }

    /// The `values` at the chosen `indices` (convenience for callers that simplify fixes by their projection).
    package static func simplified<T>(
        _ values: [T], projectedBy project: (T) -> Point, maxPoints: Int, tolerance: Double = 0
    )
        -> [T]
    {
        indices(of: values.map(project), maxPoints: maxPoints, tolerance: tolerance).map { values[$0] }
    }

    /// Distance of `p` from the segment `a`–`b` (from `a` when the segment has no length).
    package static func distance(_ p: Point, fromSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var t = 0.0
        if lengthSquared > 0 { t = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared)) }
        let ex = p.x - (a.x + t * dx), ey = p.y - (a.y + t * dy)
        let d = (ex * ex + ey * ey).squareRoot()
        return d.isFinite ? d : 0
    }

    /// The point strictly between `start` and `end` farthest from the segment joining them.
    private static func farthest(_ points: [Point], _ start: Int, _ end: Int) -> Segment {
        var best = Segment(start: start, end: end, index: start, distance: -1)
        guard end - start > 1 else { return best }
        let a = points[start], b = points[end]
        for i in (start + 1)..<end {
            let d = distance(points[i], fromSegment: a, b)
            if d > best.distance {
                best.distance = d
                best.index = i
            }
        }
        return best
    }

    private struct Segment {
        var start: Int
        var end: Int
        /// The farthest point inside, and its distance (-1 when there is no point inside).
        var index: Int
        var distance: Double
    }

    /// A binary max-heap of segments by distance; segments without an inner point are never stored.
    private struct SegmentQueue {
        private var heap: [Segment] = []

        mutating func push(_ segment: Segment) {
            guard segment.distance >= 0 else { return }
            heap.append(segment)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[parent].distance < heap[child].distance else { break }
                heap.swapAt(parent, child)
                child = parent
            }
        }

        mutating func pop() -> Segment? {
            guard let top = heap.first else { return nil }
            let last = heap.removeLast()
            guard !heap.isEmpty else { return top }
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var largest = parent
                if left < heap.count, heap[left].distance > heap[largest].distance { largest = left }
                if right < heap.count, heap[right].distance > heap[largest].distance { largest = right }
                guard largest != parent else { return top }
                heap.swapAt(parent, largest)
                parent = largest
            }
        }
    }

    /// Several lines drawn together (a barogram's curves, a map's stretches) simplified to share `maxPoints` by
    /// their lengths: the kept indices of each line, at least its two ends.
    package static func lines(_ lines: [[Point]], maxPoints: Int, tolerance: Double) -> [[Int]] {
        let total = max(1, lines.reduce(0) { $0 + $1.count })
        return lines.map { indices(of: $0, maxPoints: max(2, maxPoints * $0.count / total), tolerance: tolerance) }
    }
}
