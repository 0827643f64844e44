import Foundation

/// The longest route of at most `legs` legs through a trace's points in time order: free distance (OLC classic
/// and WeGlide use 6 legs, DMSt 4), exact over every fix.
///
/// A pruned dynamic programme (docs/CONTEST-AND-THERMALS.md, "Exact free distance"): the points are grouped in blocks of
/// consecutive fixes, each with a centre and a radius; a block-level programme over arc bounds (centre distance
/// plus both radii) bounds, for each block, the longest route that can use one of its points as the k-th point.
/// The exact programme then runs only over the points whose block can still reach the best route known (found
/// first on a thinned trace and polished on all points). Every route at least that long passes only through
/// surviving points, so the result is the optimum, not an approximation.
///
/// The 1000 m rule (`maxDrop`: the finish at most that far below the start, fix against fix) ties the first
/// point to the last. A branch and bound over the start's altitude meets it exactly: starts limited to an
/// altitude interval [lo, hi] and finishes to at least lo − maxDrop give an upper bound, which is exact once
/// the route found keeps the rule or the interval holds one altitude.
package enum FreeDistance {
    /// `blockSize` (points per block) is chosen from the trace's size unless given (tests give a small one).
    package static func optimum(
        _ trace: ContestTrace, legs: Int, maxDrop: Meters? = 1000, blockSize: Int? = nil
    ) -> ContestRoute? {
        optimumAndWork(trace, legs: legs, maxDrop: maxDrop, blockSize: blockSize).route
    }

    /// The optimum, and how many pruned programmes the branch and bound over the start's altitude ran (the work).
    package static func optimumAndWork(
        _ trace: ContestTrace, legs: Int, maxDrop: Meters? = 1000, blockSize: Int? = nil
    ) -> (route: ContestRoute?, programmes: Int) {
        guard trace.count >= 2, legs >= 1 else { return (nil, 0) }
        var search = Search(trace: trace, legs: legs, pointsPerBlock: blockSize)
        let all = [Bool](repeating: true, count: trace.count)
        guard let maxDrop else {
            return (search.best(startOK: all, finishOK: all).map { route(trace, $0.path) }, 1)
        }
        let levels = Array(Set(trace.altitude.filter { !$0.isNaN })).sorted()
        guard !levels.isEmpty else { return (nil, 0) }
        var programmes = 0
        var incumbent: [Int]? = nil
        // Open intervals of start altitude (indices into levels) with the bound their parent gave, best first.
        var open: [(lo: Int, hi: Int, bound: Double)] = [(0, levels.count - 1, .infinity)]
        while let next = open.indices.max(by: { open[$0].bound < open[$1].bound }) {
            let (lo, hi, bound) = open.remove(at: next)
            // Within 1e-12 rad (6 µm) is a tie, not a better route: on a plateau (a straight glide losing more
            // than 1000 m) the parent's bound and the floor are the same length summed in another order.
            if bound <= search.floor + 1e-12 { break }
            let low = levels[lo], high = levels[hi]
            let startOK = trace.altitude.map { $0 >= low && $0 <= high }
            let finishOK = trace.altitude.map { $0 >= low - maxDrop }
            programmes += 1
            guard let found = search.best(startOK: startOK, finishOK: finishOK) else { continue }
            if trace.keepsHeight(start: found.path.first!, finish: found.path.last!, maxDrop: maxDrop) {
                incumbent = found.path
                search.floor = found.length
            } else {
                // A nearby route that keeps the rule raises the floor early, so that fewer intervals are searched.
                if let fixed = search.repaired(found.path, maxDrop: maxDrop), fixed.length > search.floor {
                    incumbent = fixed.path
                    search.floor = fixed.length
                }
                // Split where this route stops counting: starts at most maxDrop above its finish (its own start is
                // higher), and higher starts, whose finishes must then be higher than its finish. No part holds it
                // again, so that each finds another route; halving as well keeps the parts few (log of the levels).
                // (A route found breaks the rule only if its start is above its finish + maxDrop: lo < hi here.)
                let limit = trace.altitude[found.path.last!] + maxDrop
                var cut = lo
                while cut + 1 < hi && levels[cut + 1] <= limit { cut += 1 }
                let middle = (lo + hi) / 2
                var from = lo
                for to in Set([cut, middle, hi]).sorted() {
                    open.append((from, to, found.length))
                    from = to + 1
                }
            }
        }
        return (incumbent.map { route(trace, $0) }, programmes)
    }

    private static func route(_ trace: ContestTrace, _ path: [Int]) -> ContestRoute {
        ContestRoute(points: path, distance: trace.length(path))
    }

    /// The pruned exact programme; its blocks and their bounds are kept between runs.
    struct Search {
        let trace: ContestTrace
        let legs: Int
        let blockSize: Int
        let blockCount: Int
        /// bounds[a * blockCount + b], a ≤ b: an upper bound of the arc between a point of block a and one of b.
        let bounds: [Double]
        /// Routes shorter than this (radians) need not be found: the best route that keeps every rule so far.
        var floor = -Double.infinity

        init(trace: ContestTrace, legs: Int, pointsPerBlock: Int?) {
            self.trace = trace
            self.legs = legs
            let n = trace.count
            // ~700 blocks: the block programme stays near a million steps per stage.
            self.blockSize = max(1, pointsPerBlock ?? (n <= 256 ? 1 : max(4, (n + 699) / 700)))
            blockCount = (n + blockSize - 1) / blockSize
            // A block's centre is the middle of its box (not one of its fixes), so that a block of circling is
            // bounded by its circle, not by three of its diameters. Rounding cannot make a bound smaller than
            // an arc it bounds: each radius is taken a hair over the largest arc.
            var centre = [(x: Double, y: Double, z: Double)](), radius = [Double]()
            func arc(_ c: (x: Double, y: Double, z: Double), _ p: Int) -> Double {
                let dx = c.x - trace.x[p], dy = c.y - trace.y[p], dz = c.z - trace.z[p]
                return 2 * asin(min(1, (dx * dx + dy * dy + dz * dz).squareRoot() / 2))
            }
            for block in 0..<blockCount {
                let points = block * blockSize..<min(n, (block + 1) * blockSize)
                let x = points.map { trace.x[$0] }, y = points.map { trace.y[$0] }, z = points.map { trace.z[$0] }
                let middle = ((x.min()! + x.max()!) / 2, (y.min()! + y.max()!) / 2, (z.min()! + z.max()!) / 2)
                let norm = (middle.0 * middle.0 + middle.1 * middle.1 + middle.2 * middle.2).squareRoot()
                let c = (x: middle.0 / norm, y: middle.1 / norm, z: middle.2 / norm)
                centre.append(c)
                radius.append(points.reduce(0) { max($0, arc(c, $1)) } * (1 + 1e-12) + 1e-15)
            }
            var bounds = [Double](repeating: 0, count: blockCount * blockCount)
            for a in 0..<blockCount {
                bounds[a * blockCount + a] = min(.pi, 2 * radius[a])
                for b in a + 1..<blockCount {
                    let (p, q) = (centre[a], centre[b])
                    let (dx, dy, dz) = (p.x - q.x, p.y - q.y, p.z - q.z)
                    let between = 2 * asin(min(1, (dx * dx + dy * dy + dz * dz).squareRoot() / 2))
                    bounds[a * blockCount + b] = min(.pi, between + radius[a] + radius[b])
                }
            }
            self.bounds = bounds
        }

        /// The longest route starting at a point with `startOK` and finishing at one with `finishOK`, if one is
        /// at least `floor` long; its length in radians.
        func best(startOK: [Bool], finishOK: [Bool]) -> (path: [Int], length: Double)? {
            let n = trace.count
            var known = floor
            if floor == -.infinity, let seed = thinnedSeed(startOK: startOK, finishOK: finishOK) {
                known = zip(seed, seed.dropFirst()).reduce(0) { $0 + trace.arc($1.0, $1.1) }
            }
            guard known > -.infinity else { return nil }
            // forward[k][b] bounds a k-leg route ending in block b; backward[k][b] the (legs − k) legs after it.
            func blockHas(_ ok: [Bool]) -> [Double] {
                (0..<blockCount).map { b in
                    (b * blockSize..<min(n, (b + 1) * blockSize)).contains { ok[$0] } ? 0 : -.infinity
                }
            }
            var forward = [blockHas(startOK)]
            for _ in 1...legs { forward.append(blockStep(forward.last!, ahead: true)) }
            var backward = [blockHas(finishOK)]
            for _ in 1...legs { backward.insert(blockStep(backward[0], ahead: false), at: 0) }
            let target = known - 1e-12
            // The exact programme over the surviving points, stage by stage: (point, length so far, predecessor).
            var stages: [[(point: Int, value: Double, from: Int)]] = [
                (0..<n).filter { startOK[$0] && backward[0][$0 / blockSize] >= target }.map { ($0, 0, -1) }
            ]
            for k in 1...legs {
                let previous = stages[k - 1]
                var current: [(point: Int, value: Double, from: Int)] = []
                var reachable = 0, seed = -1
                var tree = StageTree(trace, points: previous.map(\.point), values: previous.map(\.value))
                for j in 0..<n where (k < legs || finishOK[j]) {
                    let b = j / blockSize
                    guard forward[k][b] + backward[k][b] >= target else { continue }
                    while reachable < previous.count && previous[reachable].point <= j { reachable += 1 }
                    // Only a predecessor that can still reach the target matters.
                    let (from, value) = tree.best(for: j, among: reachable, above: target - backward[k][b], seed: seed)
                    if from >= 0 {
                        seed = from
                        current.append((j, value, from))
                    }
                }
                if current.isEmpty { return nil }
                stages.append(current)
            }
            guard let end = stages[legs].indices.max(by: { stages[legs][$0].value < stages[legs][$1].value }),
                stages[legs][end].value >= target
            else { return nil }
            var path = [Int](repeating: 0, count: legs + 1)
            var at = end
            for k in stride(from: legs, through: 0, by: -1) {
                path[k] = stages[k][at].point
                at = stages[k][at].from
            }
            return (path, stages[legs][end].value)
        }

        /// A violating route made to keep the 1000 m rule, for an incumbent: its start moved to the best start
        /// before its first turnpoint that is at most `maxDrop` above the finish, or its finish to the best one
        /// after its last turnpoint at most `maxDrop` below the start, whichever is longer.
        func repaired(_ path: [Int], maxDrop: Meters) -> (path: [Int], length: Double)? {
            let s = path.first!, f = path.last!, t1 = path[1], last = path[path.count - 2]
            let middle = trace.length(Array(path[1..<path.count - 1])) / ContestTrace.faiRadius
            var best: (path: [Int], length: Double)? = nil
            func consider(_ start: Int, _ finish: Int) {
                let length = trace.arc(start, t1) + middle + trace.arc(last, finish)
                if length > best?.length ?? -.infinity {
                    var p = path
                    p[0] = start
                    p[p.count - 1] = finish
                    best = (p, length)
                }
            }
            var start = -1, length = -Double.infinity
            for i in 0...t1 where trace.keepsHeight(start: i, finish: f, maxDrop: maxDrop) {
                if trace.arc(i, t1) > length { (start, length) = (i, trace.arc(i, t1)) }
            }
            if start >= 0 { consider(start, f) }
            var finish = -1
            length = -.infinity
            for i in last..<trace.count where trace.keepsHeight(start: s, finish: i, maxDrop: maxDrop) {
                if trace.arc(last, i) > length { (finish, length) = (i, trace.arc(last, i)) }
            }
            if finish >= 0 { consider(s, finish) }
            return best
        }

        /// One stage of the block programme, forward (a ≤ b) or backward.
        private func blockStep(_ values: [Double], ahead: Bool) -> [Double] {
            (0..<blockCount).map { b in
                var best = -Double.infinity
                for a in (ahead ? 0..<b + 1 : b..<blockCount) where values[a] > -.infinity {
                    let bound = ahead ? bounds[a * blockCount + b] : bounds[b * blockCount + a]
                    best = max(best, values[a] + bound)
                }
                return best
            }
        }

        /// The exact optimum over every s-th point (about 600 of them), then each point moved to the best point
        /// within s of it on the whole trace until nothing improves: a route of the trace, nearly the longest.
        private func thinnedSeed(startOK: [Bool], finishOK: [Bool]) -> [Int]? {
            let n = trace.count
            let step = max(1, n / 600)
            // The earliest allowed start and the latest allowed finish are always in: a seed exists whenever a
            // route does.
            let first = startOK.firstIndex(of: true) ?? n, last = finishOK.lastIndex(of: true) ?? -1
            guard first <= last else { return nil }
            let sample = (0..<n).filter { $0 % step == 0 || $0 == first || $0 == last }
            let none = [Double](repeating: -.infinity, count: sample.count)
            var value = [[Double]](repeating: none, count: legs + 1)
            var from = [[Int]](repeating: [Int](repeating: -1, count: sample.count), count: legs + 1)
            for (q, i) in sample.enumerated() where startOK[i] { value[0][q] = 0 }
            for k in 1...legs {
                for (q, j) in sample.enumerated() {
                    for p in 0...q where value[k - 1][p] > -.infinity {
                        let v = value[k - 1][p] + trace.arc(sample[p], j)
                        if v > value[k][q] {
                            value[k][q] = v
                            from[k][q] = p
                        }
                    }
                }
            }
            guard
                let end = sample.indices.filter({ finishOK[sample[$0]] && value[legs][$0] > -.infinity })
                    .max(by: { value[legs][$0] < value[legs][$1] })
            else { return nil }
            var path = [Int](repeating: 0, count: legs + 1)
            var at = end
            for k in stride(from: legs, through: 0, by: -1) {
                path[k] = sample[at]
                at = from[k][at]
            }
            var improved = true
            while improved {
                improved = false
                for k in 0...legs {
                    let lower = k == 0 ? 0 : path[k - 1], upper = k == legs ? n - 1 : path[k + 1]
                    func gain(_ c: Int) -> Double {
                        (k > 0 ? trace.arc(path[k - 1], c) : 0) + (k < legs ? trace.arc(c, path[k + 1]) : 0)
                    }
                    var best = path[k], bestGain = gain(path[k])
                    for c in max(lower, path[k] - step)...min(upper, path[k] + step)
                    where (k > 0 || startOK[c]) && (k < legs || finishOK[c]) {
                        let g = gain(c)
                        if g > bestGain + 1e-15 {
                            best = c
                            bestGain = g
                        }
                    }
                    if best != path[k] {
                        path[k] = best
                        improved = true
                    }
                }
            }
            return path
        }
    }
}
