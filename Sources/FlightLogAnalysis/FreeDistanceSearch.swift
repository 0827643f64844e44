import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FreeDistance {
    /// The pruned exact programme; its blocks, their bounds and its tree are kept between runs.
    struct Search {
        let trace: ContestTrace
        let legs: Int
        let blockSize: Int
        let blockCount: Int
        /// bounds[a * blockCount + b] = bounds[b * blockCount + a]: an upper bound of the arc between a point of
        /// block a and one of b.
        let bounds: [Double]
        /// Routes shorter than this (radians) need not be found: the best route that keeps every rule so far.
        var floor = -Double.infinity
        /// Once `learnBothWays` has run: per stage k and point j, upper bounds of the longest k-leg route to j
        /// (`toward`) and of the longest legs − k legs on from j (`onward`), over every start and finish; −∞ where
        /// no route at least `floor` long (then) has j as its k-th point.
        private(set) var toward: [[Double]]? = nil, onward: [[Double]]? = nil
        private let tree: StageTree
        /// Tree nodes searched so far, by every programme: the work, for tests.
        var nodes: Int { tree.visited }
        /// A programme stops (giving nil) once `nodes` reaches this: the budget of the search is spent.
        var nodeLimit = Int.max
        /// The block bounds one programme evaluates (both ways, every stage): its work besides the tree's.
        var blockWork: Int { 2 * legs * blockCount * (blockCount + 1) / 2 }

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
            // Both triangles, so that a block step reads a row (contiguous), whichever way it goes.
            var bounds = [Double](repeating: 0, count: blockCount * blockCount)
            for a in 0..<blockCount {
                bounds[a * blockCount + a] = min(.pi, 2 * radius[a])
                for b in a + 1..<blockCount {
                    let (p, q) = (centre[a], centre[b])
                    let (dx, dy, dz) = (p.x - q.x, p.y - q.y, p.z - q.z)
                    let between = 2 * asin(min(1, (dx * dx + dy * dy + dz * dz).squareRoot() / 2))
                    bounds[a * blockCount + b] = min(.pi, between + radius[a] + radius[b])
                    bounds[b * blockCount + a] = bounds[a * blockCount + b]
                }
            }
            self.bounds = bounds
            tree = StageTree(trace)
        }

        /// The programme's stages: value[s][j], the longest s-leg route from an allowed first point to point j
        /// (backward: from j to an allowed last point), −∞ where no route at least the target long has j there;
        /// from[s][j], the point before j on that route.
        struct Stages {
            var value: [[Double]]
            var from: [[Int]]
        }

        /// The longest route starting at a point with `startOK` and finishing at one with `finishOK`, if one is
        /// at least `floor` long (else at least the route a thinned trace gives); its length in radians.
        func best(startOK: [Bool], finishOK: [Bool]) -> (path: [Int], length: Double)? {
            var known = floor
            if floor == -.infinity, let seed = thinnedSeed(startOK: startOK, finishOK: finishOK) {
                known = trace.arcLength(seed)
            }
            guard known > -.infinity else { return nil }
            return programme(startOK, finishOK, target: known - 1e-12).flatMap { route(of: $0, finishOK) }
        }

        /// The best route of a forward programme's stages that finishes at a point with `finishOK`.
        func route(of stages: Stages, _ finishOK: [Bool]) -> (path: [Int], length: Double)? {
            var end = -1
            for j in 0..<trace.count where finishOK[j] && stages.value[legs][j] > -.infinity {
                if end < 0 || stages.value[legs][j] > stages.value[legs][end] { end = j }
            }
            guard end >= 0 else { return nil }
            var path = [Int](repeating: 0, count: legs + 1)
            var at = end
            for k in stride(from: legs, through: 0, by: -1) {
                path[k] = at
                at = stages.from[k][at]
            }
            return (path, stages.value[legs][end])
        }

        /// Runs the programme over every start and finish allowed (`startOK`, `finishOK`: the widest the altitude
        /// rule's intervals ask for) forward, which `best` has done, and then backward, keeping both ways' stage
        /// values as `toward` and `onward`. A route of an interval at least `floor` long is one of these routes:
        /// its k-th point j has toward[k][j] + onward[k][j] at least its length, so every other point can be left
        /// out of stage k.
        mutating func learnBothWays(_ forward: Stages, startOK: [Bool], finishOK: [Bool]) {
            toward = forward.value
            guard let back = programme(finishOK, startOK, target: floor - 1e-12, backward: true) else { return }
            onward = back.value.reversed()
        }

        /// The pruned exact programme over the points that can still be on a route at least `target` long, stage
        /// by stage from the points `first` allows to those `last` allows: forward in time, or (`backward`) from
        /// the finish back to the start, with value[s][j] the legs after j.
        func programme(_ first: [Bool], _ last: [Bool], target: Double, backward: Bool = false) -> Stages? {
            let n = trace.count
            // here[s][b] bounds an s-leg route ending in block b from the first side; there[s][b] the rest.
            var here = [blockHas(first)]
            for _ in 1...legs { here.append(blockStep(here.last!, ahead: !backward)) }
            var there = [blockHas(last)]
            for _ in 1...legs { there.insert(blockStep(there[0], ahead: backward), at: 0) }
            // What the programme over every start and finish says of each point, in this programme's stages.
            let exactHere = backward ? onward.map { Array($0.reversed()) } : toward
            let exactThere = backward ? toward.map { Array($0.reversed()) } : onward
            // Those values are maxima found to within the tree's slack per stage: taken 1e-12 over, they are
            // bounds.
            func rest(_ s: Int, _ j: Int) -> Double {
                let block = there[s][j / blockSize]
                guard let exactThere else { return block }
                return min(block, exactThere[s][j] + 1e-12)
            }
            func open(_ s: Int, _ j: Int) -> Bool {
                let rest = rest(s, j)
                guard here[s][j / blockSize] + rest >= target else { return false }
                guard let exactHere else { return true }
                return exactHere[s][j] + 1e-12 + rest >= target
            }
            let none = [Double](repeating: -.infinity, count: n)
            var value = [[Double]](repeating: none, count: legs + 1)
            var from = [[Int]](repeating: [Int](repeating: -1, count: n), count: legs + 1)
            var previous = [Int]()
            for j in 0..<n where first[j] && open(0, j) {
                value[0][j] = 0
                previous.append(j)
            }
            if backward { previous.reverse() }
            for s in 1...legs {
                tree.begin(points: previous, backward: backward)
                var current = [Int](), joined = 0, seed = -1
                for t in 0..<n {
                    if tree.visited >= nodeLimit { return nil }
                    let j = backward ? n - 1 - t : t
                    guard s < legs || last[j], open(s, j) else { continue }
                    while joined < previous.count && (backward ? previous[joined] >= j : previous[joined] <= j) {
                        tree.join(previous[joined], value: value[s - 1][previous[joined]])
                        joined += 1
                    }
                    // Only a predecessor that can still reach the target matters.
                    let (q, v) = tree.best(for: j, above: target - rest(s, j), seed: seed)
                    if q >= 0 {
                        seed = q
                        value[s][j] = v
                        from[s][j] = q
                        current.append(j)
                    }
                }
                if current.isEmpty { return nil }
                previous = current
            }
            return Stages(value: value, from: from)
        }

        /// A violating route made to keep the 1000 m rule, for an incumbent: its start moved to the best start at
        /// most `maxDrop` above its finish before some turnpoint (the turnpoints before dropped onto it), or its
        /// finish likewise to the best finish after some turnpoint, whichever is longest. (A straight glide's route
        /// has every turnpoint at its ends: only moving past them finds a start that keeps the rule.)
        func repaired(_ path: [Int], maxDrop: Meters) -> (path: [Int], length: Double)? {
            let s = path.first!, f = path.last!, legs = path.count - 1
            var best: (path: [Int], length: Double)? = nil
            func consider(_ p: [Int]) {
                // Summed over the whole route: with one leg, its first turnpoint is its finish.
                let length = trace.arcLength(p)
                if length > best?.length ?? -.infinity { best = (p, length) }
            }
            for k in 1...legs {
                var start = -1, length = -Double.infinity
                for i in (k == 1 ? 0 : path[k - 1])...path[k]
                where trace.keepsHeight(start: i, finish: f, maxDrop: maxDrop) && trace.arc(i, path[k]) > length {
                    (start, length) = (i, trace.arc(i, path[k]))
                }
                if start >= 0 { consider([Int](repeating: start, count: k) + path[k...]) }
            }
            for k in stride(from: legs - 1, through: 0, by: -1) {
                var finish = -1, length = -Double.infinity
                for i in path[k]...(k == legs - 1 ? trace.count - 1 : path[k + 1])
                where trace.keepsHeight(start: s, finish: i, maxDrop: maxDrop) && trace.arc(path[k], i) > length {
                    (finish, length) = (i, trace.arc(path[k], i))
                }
                if finish >= 0 { consider(Array(path[...k]) + [Int](repeating: finish, count: legs - k)) }
            }
            return best
        }

        /// 0 for the blocks holding a point `ok` allows, −∞ for the others.
        private func blockHas(_ ok: [Bool]) -> [Double] {
            (0..<blockCount).map { b in
                (b * blockSize..<min(trace.count, (b + 1) * blockSize)).contains { ok[$0] } ? 0 : -.infinity
            }
        }

        /// An upper bound (radians) of the longest route from a point `first` allows to one `last` allows: the
        /// block programme's, for a search stopped before its first exact programme ended.
        func blockBound(_ first: [Bool], _ last: [Bool]) -> Double {
            var here = blockHas(first)
            for _ in 1...legs { here = blockStep(here, ahead: true) }
            let ends = blockHas(last)
            return (0..<blockCount).filter { ends[$0] == 0 }.map { here[$0] }.max() ?? -.infinity
        }

        /// One stage of the block programme, forward (a ≤ b) or backward.
        private func blockStep(_ values: [Double], ahead: Bool) -> [Double] {
            values.withUnsafeBufferPointer { values in
                bounds.withUnsafeBufferPointer { bounds in
                    (0..<blockCount).map { b in
                        // −∞ + a bound is −∞: no test needed, and the loop over a row vectorises.
                        let row = b * blockCount
                        var best = -Double.infinity
                        for a in ahead ? 0..<b + 1 : b..<blockCount { best = max(best, values[a] + bounds[row + a]) }
                        return best
                    }
                }
            }
        }

        /// The exact optimum over every s-th point (about 600 of them), then each point moved to the best point
        /// within s of it on the whole trace until nothing improves: a route of the trace, nearly the longest.
        func thinnedSeed(startOK: [Bool], finishOK: [Bool]) -> [Int]? {
            let n = trace.count
            let step = max(1, n / 600)
            // The earliest allowed start and the latest allowed finish are always in: a seed exists whenever a
            // route does.
            let first = startOK.firstIndex(of: true) ?? n, last = finishOK.lastIndex(of: true) ?? -1
            guard first <= last else { return nil }
            let sample = (0..<n).filter { $0 % step == 0 || $0 == first || $0 == last }
            let size = sample.count
            // The sample's arcs, measured once for every stage: arcs[q * size + p], p ≤ q.
            var arcs = [Double](repeating: 0, count: size * size)
            for q in 0..<size {
                for p in 0...q { arcs[q * size + p] = trace.arc(sample[p], sample[q]) }
            }
            let none = [Double](repeating: -.infinity, count: size)
            var value = [[Double]](repeating: none, count: legs + 1)
            var from = [[Int]](repeating: [Int](repeating: -1, count: size), count: legs + 1)
            for (q, i) in sample.enumerated() where startOK[i] { value[0][q] = 0 }
            for k in 1...legs {
                // Buffers, not nested arrays: this loop is a third of a simple flight's free distance search.
                let before = value[k - 1]
                var here = value[k], back = from[k]
                before.withUnsafeBufferPointer { before in
                    arcs.withUnsafeBufferPointer { arcs in
                        for q in 0..<size {
                            var best = here[q], bestFrom = back[q]
                            for p in 0...q where before[p] > -.infinity {
                                let v = before[p] + arcs[q * size + p]
                                if v > best { (best, bestFrom) = (v, p) }
                            }
                            (here[q], back[q]) = (best, bestFrom)
                        }
                    }
                }
                (value[k], from[k]) = (here, back)
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
