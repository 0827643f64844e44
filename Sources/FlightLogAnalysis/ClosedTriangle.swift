import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A closed route the contests score: a triangle (three turnpoints) or an out-and-return (two), with its start
/// and finish (indices into the trace) and its distance.
package struct ClosedRoute: Sendable, Equatable {
    package var start: Int, turnpoints: [Int], finish: Int
    /// The triangle's perimeter, or twice the out-and-return's tp1–tp2; metres on the FAI sphere.
    package var distance: Meters
    /// False when the search stopped at its node limit: the route is valid but may not be the longest.
    package var isProven = true
}

/// The largest closed triangle of a trace: turnpoints tp1 ≤ tp2 ≤ tp3 (fixes), closed when some start at or
/// before tp1 and some finish at or after tp3 lie at most `closing` metres apart with the finish at most
/// `maxDrop` below the start; its distance is the perimeter tp1–tp2–tp3.
///
/// `fai`: every leg at least 28 % of the perimeter; from 500 km at least 25 % and at most 45 %.
///
/// Exact (docs/CONTEST-AND-THERMALS.md, "Exact triangles"): a branch and bound over sets of three fixes, each
/// drawn from a node of a k-d tree over the fixes (`Search`). A good first triangle lets it drop nearly every
/// node at once: the best triangle over every 16th fix, then every 4th (each found with a bounded amount of
/// work, so not always the best there), each improved by moving one turnpoint at a time to its best fix.
package enum ClosedTriangle {
    package typealias Result = ClosedRoute

    /// The work of the last call (nodes of each level, the last one exact), for the tests and the benchmark.
    package struct Work: Sendable, Equatable {
        package var coarseNodes = 0, nodes = 0
    }

    /// The nodes the exact search may visit at import, a landing or a page (`flightlog analyse --prove` gives it more).
    package static let defaultNodeLimit = 20_000_000

    package static func optimum(
        _ trace: ContestTrace, fai: Bool, closing: Meters = 1000, maxDrop: Meters = 1000,
        nodeLimit: Int = defaultNodeLimit
    ) -> Result? {
        optimumAndWork(trace, fai: fai, closing: closing, maxDrop: maxDrop, nodeLimit: nodeLimit).result
    }

    package static func optimumAndWork(
        _ trace: ContestTrace, fai: Bool, closing: Meters = 1000, maxDrop: Meters = 1000,
        nodeLimit: Int = defaultNodeLimit
    ) -> (result: Result?, work: Work) {
        let n = trace.count
        var work = Work()
        guard n >= 3 else { return (nil, work) }
        let closing = Closing(trace, distance: closing, maxDrop: maxDrop)
        let frame = BoxTree.Frame(trace)
        // First triangles: over every 16th fix, then every 4th, each search stopped after 10,000 nodes (a triangle
        // of a thinned trace is a triangle of the whole trace: exactness does not need them) and then polished on
        // every fix, which on the hard tracks finds the optimum however short the search was stopped.
        var incumbent = Incumbent(trace: trace, closing: closing, fai: fai)
        for stride in [16, 4] where n / stride >= 64 {
            let tree = BoxTree(trace, ids: Array(Swift.stride(from: 0, to: n, by: stride)), spatial: true, frame: frame)
            var search = Search(tree: tree, incumbent: incumbent)
            search.run(nodeLimit: 10_000)
            work.coarseNodes += search.nodes
            incumbent = search.incumbent
            incumbent.polish()
        }
        let tree = BoxTree(trace, ids: Array(0..<n), spatial: true, frame: frame)
        var search = Search(tree: tree, incumbent: incumbent)
        search.run(nodeLimit: nodeLimit)
        work.nodes = search.nodes
        guard let (tp1, tp2, tp3) = search.incumbent.triangle else { return (nil, work) }
        let pair = closing.ends(firstTurnpoint: tp1)
        let result = Result(
            start: pair.start, turnpoints: [tp1, tp2, tp3], finish: pair.finish,
            distance: (trace.arc(tp1, tp2) + trace.arc(tp2, tp3) + trace.arc(tp3, tp1)) * ContestTrace.faiRadius,
            isProven: search.nodes <= nodeLimit)
        return (result, work)
    }

    /// At least the arc of a chord (radians, the unit sphere): up to a chord of 1, c + c³/20 ≥ 2 asin(c/2) =
    /// c + c³/24 + 3c⁵/640 + …, whose terms after c add up to at most 0.048 c³; beyond it the arc itself.
    @inline(__always)
    static func arcAbove(chord c: Double) -> Double {
        c <= 1 ? c + c * c * c / 20 : 2 * asin(min(1, c / 2))
    }

    /// The straight distance through the unit sphere between points i and j of the trace.
    @inline(__always)
    static func chord(_ trace: ContestTrace, _ i: Int, _ j: Int) -> Double {
        let dx = trace.x[i] - trace.x[j], dy = trace.y[i] - trace.y[j], dz = trace.z[i] - trace.z[j]
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }

    /// Shape rules on legs and perimeter in radians of the FAI sphere.
    @inline(__always)
    static func isFAI(_ a: Double, _ b: Double, _ c: Double) -> Bool {
        let p = a + b + c
        if p * ContestTrace.faiRadius < 500_000 {
            return min(a, b, c) >= 0.28 * p
        }
        return min(a, b, c) >= 0.25 * p && max(a, b, c) <= 0.45 * p
    }

    /// The best triangle found so far: turnpoints in time order and perimeter (radians).
    struct Incumbent {
        let trace: ContestTrace
        let closing: Closing
        let fai: Bool
        var triangle: (Int, Int, Int)? = nil
        var perimeter = 0.0

        /// Takes fixes i, j, k (any order) if they make a valid triangle longer than the best so far.
        @inline(__always)
        mutating func offer(_ i: Int, _ j: Int, _ k: Int) {
            let first = min(i, j, k), last = max(i, j, k)
            guard closing.latest[first] >= last else { return }
            // Chords first (no arc sines): most triangles are shorter, or too thin, even on these bounds.
            let cij = chord(trace, i, j), cjk = chord(trace, j, k), cki = chord(trace, k, i)
            let above = arcAbove(chord: cij) + arcAbove(chord: cjk) + arcAbove(chord: cki)
            guard above > perimeter else { return }
            if fai && above * ContestTrace.faiRadius < 500_000
                && arcAbove(chord: min(cij, cjk, cki)) < 0.28 * (cij + cjk + cki)
            {
                return
            }
            let ij = trace.arc(i, j), jk = trace.arc(j, k), ki = trace.arc(k, i)
            let p = ij + jk + ki
            guard p > perimeter, !fai || ClosedTriangle.isFAI(ij, jk, ki) else { return }
            perimeter = p
            triangle = (first, i + j + k - first - last, last)
        }

        /// Moves one turnpoint at a time to the fix that makes the triangle longest, until none does.
        mutating func polish() {
            var before = -1.0
            while perimeter > before {
                before = perimeter
                for corner in 0..<3 {
                    guard let (i, j, k) = triangle else { return }
                    for f in 0..<trace.count {
                        if corner == 0 { offer(f, j, k) } else if corner == 1 { offer(i, f, k) } else { offer(i, j, f) }
                    }
                }
            }
        }
    }

    /// For every tp1: the latest fix that can be a finish closing the triangle with a start at or before tp1.
    struct Closing {
        /// latest[i]: the latest finish f closing with some start s ≤ i (−1: none).
        let latest: [Int]
        /// The start that gives latest[i].
        let startOf: [Int]

        init(_ trace: ContestTrace, distance: Double, maxDrop: Double) {
            let n = trace.count
            let limit = distance / ContestTrace.faiRadius
            // Fixes hashed in cubes of the closing distance; each start looks in its cube and the 26 around it.
            let cell = limit
            func key(_ i: Int) -> SIMD3<Int64> {
                SIMD3(
                    Int64((trace.x[i] / cell).rounded(.down)), Int64((trace.y[i] / cell).rounded(.down)),
                    Int64((trace.z[i] / cell).rounded(.down)))
            }
            var cells: [SIMD3<Int64>: [Int]] = [:]
            for i in 0..<n { cells[key(i), default: []].append(i) }
            var latest = [Int](repeating: -1, count: n), startOf = [Int](repeating: -1, count: n)
            var runningLatest = -1, runningStart = -1
            for s in 0..<n {
                let k = key(s)
                var last = -1
                for dx: Int64 in -1...1 {
                    for dy: Int64 in -1...1 {
                        for dz: Int64 in -1...1 {
                            guard let list = cells[k &+ SIMD3(dx, dy, dz)] else { continue }
                            // Indices ascend in each list: the latest that qualifies is found from the end.
                            for f in list.reversed() {
                                if f <= last || f < s { break }
                                if trace.altitude[f] >= trace.altitude[s] - maxDrop && trace.arc(s, f) <= limit {
                                    last = f
                                    break
                                }
                            }
                        }
                    }
                }
                if last > runningLatest {
                    runningLatest = last
                    runningStart = s
                }
                latest[s] = runningLatest
                startOf[s] = runningStart
            }
            self.latest = latest
            self.startOf = startOf
        }

        /// The start and finish that close a triangle whose first turnpoint is `tp1`.
        func ends(firstTurnpoint tp1: Int) -> (start: Int, finish: Int) { (startOf[tp1], latest[tp1]) }
    }

    /// A perfect binary tree over the fixes; node k covers positions [lo[k], hi[k]] of `ids` with the bounding box
    /// of their vectors and the earliest and latest of their fixes (`first[k]`, `last[k]`: trace indices).
    struct BoxTree {
        var lo: [Int32], hi: [Int32]
        var minX: [Double], maxX: [Double], minY: [Double], maxY: [Double], minZ: [Double], maxZ: [Double]
        var first: [Int], last: [Int]
        let leaves: Int
        let frame: Frame

        /// The fixes the tree covers (indices into the trace); node ranges are positions in it. In time order, or
        /// with `spatial` in k-d order: each node's fixes split in two halves along its box's widest axis, so that
        /// a node holds fixes close in space, whenever they were flown (circling in one place passes the same
        /// spot once a turn: a node of consecutive fixes would hold the whole circle).
        let ids: [Int]

        /// Axes for the boxes: a rotation of the sphere's axes that puts the trace's mean direction on z, so that
        /// x and y lie nearly in the ground under it and a box around a patch of ground is flat and tight (boxes
        /// on the Earth's axes are tilted across the ground and hold much more than the patch). A rotation keeps
        /// every distance, so the bounds stay bounds.
        struct Frame {
            var ex = SIMD3<Double>(1, 0, 0), ey = SIMD3<Double>(0, 1, 0), ez = SIMD3<Double>(0, 0, 1)

            init() {}

            init(_ trace: ContestTrace) {
                var sum = SIMD3<Double>()
                for i in 0..<trace.count { sum += SIMD3(trace.x[i], trace.y[i], trace.z[i]) }
                let length = (sum * sum).sum().squareRoot()
                guard length > 1e-9 else { return }
                ez = sum / length
                // East at the mean direction, or any axis across it near a pole.
                var across = SIMD3<Double>(-ez.y, ez.x, 0)
                if (across * across).sum() < 1e-6 { across = SIMD3(0, -ez.z, ez.y) }
                ex = across / (across * across).sum().squareRoot()
                ey = SIMD3(ez.y * ex.z - ez.z * ex.y, ez.z * ex.x - ez.x * ex.z, ez.x * ex.y - ez.y * ex.x)
            }

            /// Point i of the trace on these axes.
            @inline(__always)
            func apply(_ trace: ContestTrace, _ i: Int) -> SIMD3<Double> {
                let v = SIMD3(trace.x[i], trace.y[i], trace.z[i])
                return SIMD3((v * ex).sum(), (v * ey).sum(), (v * ez).sum())
            }
        }

        init(_ trace: ContestTrace, ids: [Int], spatial: Bool = false, frame: Frame = Frame()) {
            self.frame = frame
            var px = trace.x, py = trace.y, pz = trace.z
            for i in ids {
                let v = frame.apply(trace, i)
                (px[i], py[i], pz[i]) = (v.x, v.y, v.z)
            }
            var ids = ids
            let n = ids.count
            if spatial { Self.spatialOrder(&ids, [px, py, pz], from: 0, size: Self.leafCount(n)) }
            self.ids = ids
            let leaves = Self.leafCount(n)
            self.leaves = leaves
            let size = 2 * leaves
            lo = [Int32](repeating: 0, count: size)
            hi = [Int32](repeating: -1, count: size)
            minX = [Double](repeating: .infinity, count: size)
            maxX = [Double](repeating: -.infinity, count: size)
            minY = minX
            maxY = maxX
            minZ = minX
            maxZ = maxX
            first = [Int](repeating: Int.max, count: size)
            last = [Int](repeating: -1, count: size)
            for i in 0..<leaves {
                let k = leaves + i
                lo[k] = Int32(i)
                hi[k] = Int32(i)
                if i < n {
                    let f = ids[i]
                    minX[k] = px[f]
                    maxX[k] = px[f]
                    minY[k] = py[f]
                    maxY[k] = py[f]
                    minZ[k] = pz[f]
                    maxZ[k] = pz[f]
                    first[k] = f
                    last[k] = f
                } else {
                    hi[k] = -1  // padding: empty
                }
            }
            for k in stride(from: leaves - 1, through: 1, by: -1) {
                let l = 2 * k, r = 2 * k + 1
                lo[k] = lo[l]
                hi[k] = hi[r] >= 0 ? hi[r] : hi[l]
                minX[k] = min(minX[l], minX[r])
                maxX[k] = max(maxX[l], maxX[r])
                minY[k] = min(minY[l], minY[r])
                maxY[k] = max(maxY[l], maxY[r])
                minZ[k] = min(minZ[l], minZ[r])
                maxZ[k] = max(maxZ[l], maxZ[r])
                first[k] = min(first[l], first[r])
                last[k] = max(last[l], last[r])
            }
        }

        private static func leafCount(_ n: Int) -> Int {
            var leaves = 1
            while leaves < n { leaves *= 2 }
            return leaves
        }

        /// Orders ids[from ..< from + size] (a node of `size` positions) by its widest axis, then each half alike.
        private static func spatialOrder(_ ids: inout [Int], _ axes: [[Double]], from: Int, size: Int) {
            let to = min(from + size, ids.count)
            guard size > 1, to - from > 1 else { return }
            let spread = axes.map { axis in
                ids[from..<to].reduce((Double.infinity, -Double.infinity)) {
                    (min($0.0, axis[$1]), max($0.1, axis[$1]))
                }
            }
            let widest = axes[spread.indices.max { spread[$0].1 - spread[$0].0 < spread[$1].1 - spread[$1].0 }!]
            ids[from..<to].sort { widest[$0] < widest[$1] }
            spatialOrder(&ids, axes, from: from, size: size / 2)
            spatialOrder(&ids, axes, from: from + size / 2, size: size / 2)
        }

        func isEmpty(_ k: Int) -> Bool { hi[k] < lo[k] }

        /// How many fixes node k covers.
        func size(_ k: Int) -> Int { Int(hi[k] - lo[k]) + 1 }

        /// Bounds (radians) of the arc between any fix of node a and any fix of node b.
        @inline(__always)
        func arcBounds(_ a: Int, _ b: Int) -> (low: Double, high: Double) {
            let fx = max(maxX[a] - minX[b], maxX[b] - minX[a])
            let fy = max(maxY[a] - minY[b], maxY[b] - minY[a])
            let fz = max(maxZ[a] - minZ[b], maxZ[b] - minZ[a])
            let gx = max(0, minX[a] - maxX[b], minX[b] - maxX[a])
            let gy = max(0, minY[a] - maxY[b], minY[b] - maxY[a])
            let gz = max(0, minZ[a] - maxZ[b], minZ[b] - maxZ[a])
            let far = min(2, (fx * fx + fy * fy + fz * fz).squareRoot())
            let near = min(2, (gx * gx + gy * gy + gz * gz).squareRoot())
            return (2 * asin(near / 2), 2 * asin(far / 2))
        }

        /// The diameter of node k's box (chord), to choose which node to split.
        func extent(_ k: Int) -> Double {
            let dx = maxX[k] - minX[k], dy = maxY[k] - minY[k], dz = maxZ[k] - minZ[k]
            return dx * dx + dy * dy + dz * dz
        }
    }
}

/// A binary max-heap.
struct MaxHeap<Element: Comparable> {
    private var items: [Element] = []
    var count: Int { items.count }

    mutating func push(_ e: Element) {
        items.append(e)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if items[parent] < items[i] {
                items.swapAt(parent, i)
                i = parent
            } else {
                break
            }
        }
    }

    mutating func pop() -> Element? {
        guard !items.isEmpty else { return nil }
        let top = items[0]
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && items[m] < items[l] { m = l }
                if r < items.count && items[m] < items[r] { m = r }
                if m == i { break }
                items.swapAt(m, i)
                i = m
            }
        }
        return top
    }
}
