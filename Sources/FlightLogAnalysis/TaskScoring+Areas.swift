import FlightLogCore

extension TaskScoring {
    /// Most candidate fixes kept per area after thinning; a larger hull is sampled and the result not proven.
    static let hullBudget = 2_000

    /// AAT: the achieved point in each area reached that makes the distance start point → achieved points →
    /// finish point longest, exactly: a dynamic programme over the candidate fixes of consecutive areas.
    ///
    /// The candidates of an area are the vertices of the convex hull of its fixes (gnomonic projection about the
    /// area's centre, which keeps great circles straight). The sum of the distances from a point to two fixed
    /// points is convex along great circles within a quarter circle of both (the sphere is CAT(1)), so its largest
    /// value over the fixes is at a hull vertex: thinning loses nothing for legs under 10,000 km. A task not
    /// completed keeps every fix of its last area (a later fix must make the progress on the open leg).
    func assignedAreaDistance(_ run: inout TaskAttempt) {
        let last = run.lastReached, finish = points.count - 1
        let reachedAreas = run.completed ? finish - 1 : last
        let count = run.end
        var layers: [[Int]] = []  // fix indices; -1 stands for the start point itself
        layers.append([-1])
        for k in stride(from: 1, through: reachedAreas, by: 1) {
            let from = run.reached[k]!.index
            let to =
                k < finish - 1 || run.completed ? (run.reached[k + 1]?.index ?? count) : count
            let inside = (from..<max(from + 1, to)).filter {
                $0 < count && points[k].contains(track.points[$0])
            }
            let keepAll = !run.completed && k == last
            layers.append(keepAll ? inside : thinned(inside, about: points[k].center))
        }
        func point(_ i: Int) -> SpherePoint { i < 0 ? points[0].center : track.points[i] }
        var best = [Meters](repeating: 0, count: 1), from = [[Int]]()
        for k in 1..<layers.count {
            var next = [Meters](repeating: -.infinity, count: layers[k].count),
                link = [Int](repeating: 0, count: layers[k].count)
            for (b, fb) in layers[k].enumerated() {
                for (a, fa) in layers[k - 1].enumerated() where fa < fb || fa < 0 {
                    let d = best[a] + point(fa).distance(to: point(fb))
                    if d > next[b] { next[b] = d; link[b] = a }
                }
            }
            best = next
            from.append(link)
        }
        let tail: (Int) -> Meters
        if run.completed {
            tail = { point($0).distance(to: self.points[finish].center) }
        } else {
            let target = points[last + 1].center
            var suffix = [Meters](repeating: .infinity, count: count + 1)
            for j in stride(from: count - 1, through: 0, by: -1) {
                suffix[j] = min(suffix[j + 1], track.points[j].distance(to: target))
            }
            let startIndex = run.reached[0]!.index
            tail = { max(0, point($0).distance(to: target) - suffix[$0 < 0 ? startIndex : $0]) }
        }
        var total = -Meters.infinity, end = 0
        for (b, fb) in layers[layers.count - 1].enumerated() where best[b] + tail(fb) > total {
            total = best[b] + tail(fb)
            end = b
        }
        var chosen = [end]
        for link in from.reversed() { chosen.insert(link[chosen[0]], at: 0) }
        run.achieved = zip(layers, chosen).dropFirst().map { point($0[$1]) }
        run.scoredMetres = max(0, total)
        if run.completed { run.achievedMetres = total }
        if layers.contains(where: { $0.count > Self.hullBudget }) { run.thinnedOverBudget = true }
    }

    /// The hull vertices of the fixes `indices` (in time order), or every fix when the projection does not hold
    /// them all (an area wider than a quarter circle); sampled down to `hullBudget`.
    private func thinned(_ indices: [Int], about center: SpherePoint) -> [Int] {
        let (e, n) = center.eastNorth
        var projected: [(u: Double, v: Double, i: Int)] = []
        for i in indices {
            let p = track.points[i], c = p.dot(center)
            if c <= 1e-9 { return indices }
            projected.append((p.dot(e) / c, p.dot(n) / c, i))
        }
        var hull = convexHull(projected).sorted()
        if hull.count > Self.hullBudget {
            let step = (hull.count + Self.hullBudget - 1) / Self.hullBudget
            hull = stride(from: 0, to: hull.count, by: step).map { hull[$0] }
        }
        return hull
    }

    /// Andrew's monotone chain: the fix indices at the hull's corners.
    private func convexHull(_ p: [(u: Double, v: Double, i: Int)]) -> [Int] {
        if p.count < 3 { return p.map(\.i) }
        let s = p.sorted { ($0.u, $0.v) < ($1.u, $1.v) }
        func turn(
            _ o: (u: Double, v: Double, i: Int), _ a: (u: Double, v: Double, i: Int),
            _ b: (u: Double, v: Double, i: Int)
        ) -> Double {
            (a.u - o.u) * (b.v - o.v) - (a.v - o.v) * (b.u - o.u)
        }
        var lower: [(u: Double, v: Double, i: Int)] = [], upper: [(u: Double, v: Double, i: Int)] = []
        for q in s {
            while lower.count >= 2 && turn(lower[lower.count - 2], lower[lower.count - 1], q) <= 0 {
                lower.removeLast()
            }
            lower.append(q)
        }
        for q in s.reversed() {
            while upper.count >= 2 && turn(upper[upper.count - 2], upper[upper.count - 1], q) <= 0 {
                upper.removeLast()
            }
            upper.append(q)
        }
        return Array(Set(lower.dropLast().map(\.i) + upper.dropLast().map(\.i)))
    }
}
