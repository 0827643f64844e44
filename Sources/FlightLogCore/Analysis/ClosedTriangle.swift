import Foundation

/// The largest closed triangle of a trace: turnpoints tp1 ≤ tp2 ≤ tp3 (fixes), closed when some start at or
/// before tp1 and some finish at or after tp3 lie at most `closing` metres apart with the finish at most
/// `maxDrop` below the start; its distance is the perimeter tp1–tp2–tp3.
///
/// `fai`: every leg at least 28 % of the perimeter; from 500 km at least 25 % and at most 45 %.
///
/// Exact (docs/CONTEST-AND-THERMALS.md, "Exact triangles"): a best-first branch and bound over sets of points for
/// the three turnpoints: nodes of a k-d tree over the points, each with the 3-D bounding box of its unit vectors,
/// which bounds every leg between two nodes from above and below, and its earliest and latest point, for the time
/// order; a triple of nodes whose bound cannot beat the best triangle found is dropped. The search runs on every 16th point, then every 4th, then all: each level's
/// triangle is a triangle of the whole trace and the next level's starting bound.
package enum ClosedTriangle {
    package struct Result: Sendable, Equatable {
        /// Start, tp1, tp2, tp3, finish (indices into the trace).
        package var start: Int, turnpoints: [Int], finish: Int
        /// Perimeter, metres on the FAI sphere.
        package var distance: Meters
        /// False when the search stopped at its node limit: the triangle is valid but may not be the largest.
        package var isProven: Bool

        package init(start: Int, turnpoints: [Int], finish: Int, distance: Meters, isProven: Bool) {
            self.start = start
            self.turnpoints = turnpoints
            self.finish = finish
            self.distance = distance
            self.isProven = isProven
        }
    }

    package static func optimum(
        _ trace: ContestTrace, fai: Bool, closing: Meters = 1000, maxDrop: Meters = 1000, nodeLimit: Int = 20_000_000
    ) -> Result? {
        let n = trace.count
        guard n >= 3 else { return nil }
        let closing = Closing(trace, distance: closing, maxDrop: maxDrop)
        // Coarse to fine: the best triangle over every 16th fix, then every 4th, is a triangle of the whole
        // trace and the next level's incumbent, so the last, exact level starts with a near-optimal bound.
        var incumbent: (Int, Int, Int)? = nil
        var incumbentLength = 0.0
        var isProven = true
        for stride in [16, 4, 1] where stride == 1 || n / stride >= 64 {
            let ids = Array(Swift.stride(from: 0, to: n, by: stride))
            let tree = BoxTree(trace, ids: ids, spatial: true)
            var search = BranchAndBound(trace: trace, tree: tree, closing: closing, fai: fai)
            search.best = incumbentLength
            search.bestTriangle = incumbent
            search.run(nodeLimit: nodeLimit)
            isProven = search.nodes <= nodeLimit
            incumbent = search.bestTriangle
            incumbentLength = search.best
        }
        guard let best = incumbent else { return nil }
        let (tp1, tp2, tp3) = best
        let pair = closing.ends(firstTurnpoint: tp1)
        return Result(
            start: pair.start, turnpoints: [tp1, tp2, tp3], finish: pair.finish,
            distance: (trace.arc(tp1, tp2) + trace.arc(tp2, tp3) + trace.arc(tp3, tp1)) * ContestTrace.faiRadius,
            isProven: isProven)
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

        /// The fixes the tree covers (indices into the trace); node ranges are positions in it. In time order, or
        /// with `spatial` in k-d order: each node's fixes split in two halves along its box's widest axis, so that
        /// a node holds fixes close in space, whenever they were flown (circling in one place passes the same
        /// spot once a turn: a node of consecutive fixes would hold the whole circle).
        let ids: [Int]

        init(_ trace: ContestTrace, ids: [Int], spatial: Bool = false) {
            var ids = ids
            let n = ids.count
            if spatial { Self.spatialOrder(&ids, trace, from: 0, size: Self.leafCount(n)) }
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
                    minX[k] = trace.x[f]
                    maxX[k] = trace.x[f]
                    minY[k] = trace.y[f]
                    maxY[k] = trace.y[f]
                    minZ[k] = trace.z[f]
                    maxZ[k] = trace.z[f]
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
        private static func spatialOrder(_ ids: inout [Int], _ trace: ContestTrace, from: Int, size: Int) {
            let to = min(from + size, ids.count)
            guard size > 1, to - from > 1 else { return }
            let axes = [trace.x, trace.y, trace.z]
            let spread = axes.map { axis in
                ids[from..<to].reduce((Double.infinity, -Double.infinity)) {
                    (min($0.0, axis[$1]), max($0.1, axis[$1]))
                }
            }
            let widest = axes[spread.indices.max { spread[$0].1 - spread[$0].0 < spread[$1].1 - spread[$1].0 }!]
            ids[from..<to].sort { widest[$0] < widest[$1] }
            spatialOrder(&ids, trace, from: from, size: size / 2)
            spatialOrder(&ids, trace, from: from + size / 2, size: size / 2)
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

    struct BranchAndBound {
        let trace: ContestTrace
        let tree: BoxTree
        let closing: Closing
        let fai: Bool
        var best = 0.0
        var bestTriangle: (Int, Int, Int)? = nil
        var nodes = 0

        struct Node: Comparable {
            var bound: Double
            var a: Int32, b: Int32, c: Int32
            static func < (l: Node, r: Node) -> Bool { l.bound < r.bound }
        }

        init(trace: ContestTrace, tree: BoxTree, closing: Closing, fai: Bool) {
            self.trace = trace
            self.tree = tree
            self.closing = closing
            self.fai = fai
        }

        /// Upper bound of the perimeter of a triangle with its turnpoints in nodes a, b, c (0 if none can exist).
        func bound(_ a: Int, _ b: Int, _ c: Int) -> Double {
            let t = tree
            // Time order: tp1 ≤ tp2 ≤ tp3, and tp3 no later than the latest closing finish of tp1 (which never
            // decreases with tp1: the latest fix of a's is the most lenient).
            guard t.first[a] <= t.last[b], t.first[b] <= t.last[c], t.first[a] <= t.last[c] else { return 0 }
            let latest = closing.latest[t.last[a]]
            guard latest >= 0, t.first[c] <= latest else { return 0 }
            let ab = t.arcBounds(a, b), bc = t.arcBounds(b, c), ca = t.arcBounds(c, a)
            var upper = ab.high + bc.high + ca.high
            if fai {
                // Every leg ≥ 25 % of the perimeter: the perimeter ≤ 4 × the shortest leg's upper bound; below
                // 500 km 28 %.
                let shortest = min(ab.high, bc.high, ca.high)
                upper = min(upper, shortest / 0.25)
                if upper * ContestTrace.faiRadius < 500_000 { upper = min(upper, shortest / 0.28) }
                // No leg may exceed 45 % (from 500 km) or 44 % (below: the other two are ≥ 28 % each).
                if max(ab.low, bc.low, ca.low) > 0.45 * upper { return 0 }
            }
            return upper
        }

        mutating func run(nodeLimit: Int) {
            var heap = MaxHeap<Node>()
            let root = 1
            let first = bound(root, root, root)
            if first > 0 { heap.push(Node(bound: first, a: Int32(root), b: Int32(root), c: Int32(root))) }
            while let node = heap.pop() {
                if node.bound <= best { break }
                nodes += 1
                if nodes > nodeLimit { break }
                let a = Int(node.a), b = Int(node.b), c = Int(node.c)
                let sizeA = tree.size(a), sizeB = tree.size(b), sizeC = tree.size(c)
                if sizeA * sizeB * sizeC <= 64 {
                    enumerate(a, b, c)
                    continue
                }
                // Split the widest node that still covers more than one fix (no arrays: this runs millions of times).
                var split = -1, widest = -1.0
                for (part, size) in [(a, sizeA), (b, sizeB), (c, sizeC)] where size > 1 && tree.extent(part) > widest {
                    (split, widest) = (part, tree.extent(part))
                }
                for child in [2 * split, 2 * split + 1] where !tree.isEmpty(child) {
                    let (ca, cb, cc) = (
                        a == split ? child : a, b == split && a != split ? child : b,
                        c == split && a != split && b != split ? child : c
                    )
                    let value = bound(ca, cb, cc)
                    if value > best {
                        heap.push(Node(bound: value, a: Int32(ca), b: Int32(cb), c: Int32(cc)))
                    }
                }
            }
        }

        mutating func enumerate(_ a: Int, _ b: Int, _ c: Int) {
            let t = tree
            for pi in Int(t.lo[a])...Int(t.hi[a]) {
                let i = t.ids[pi]
                let latest = closing.latest[i]
                guard latest >= 0 else { continue }
                for pj in Int(t.lo[b])...Int(t.hi[b]) {
                    let j = t.ids[pj]
                    guard j >= i else { continue }
                    let ij = trace.arc(i, j)
                    for pk in Int(t.lo[c])...Int(t.hi[c]) {
                        let k = t.ids[pk]
                        guard k >= j, k <= latest else { continue }
                        let jk = trace.arc(j, k), ki = trace.arc(k, i)
                        let p = ij + jk + ki
                        if p > best && (!fai || ClosedTriangle.isFAI(ij, jk, ki)) {
                            best = p
                            bestTriangle = (i, j, k)
                        }
                    }
                }
            }
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
