import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ClosedTriangle {
    /// Branch and bound over sets of three fixes, each set given by three nodes of a k-d tree (a node may be
    /// named more than once). The perimeter is the same in any order of its corners, so a set is searched once,
    /// not once per order: splitting a node named m times gives the m + 1 ways to share its two halves. The
    /// time order (and so the closing) is checked on the fixes in time order. Depth first, the child with the
    /// larger bound first: the first triangle is nearly always the best already, and a stack costs less than
    /// a heap.
    struct Search {
        let tree: BoxTree
        /// Per tree node, packed in one cache line: its box, its earliest and latest fix, its squared diameter.
        let nodeData: [NodeData]
        /// The fixes' vectors on the tree's axes, in the tree's order, for the leaves.
        let points: [SIMD4<Double>]
        var incumbent: Incumbent
        var nodes = 0
        /// A bound within this of the best triangle is a tie (radians: 0.6 µm), so that rounding cannot keep
        /// splitting nodes that hold only equal triangles.
        static let tie = 1e-13

        struct NodeData {
            var x0, y0, z0, x1, y1, z1, extent: Double
            var first, last: Int32
        }

        init(tree: BoxTree, incumbent: Incumbent) {
            self.tree = tree
            self.incumbent = incumbent
            nodeData = tree.minX.indices.map { k in
                NodeData(
                    x0: tree.minX[k], y0: tree.minY[k], z0: tree.minZ[k], x1: tree.maxX[k], y1: tree.maxY[k],
                    z1: tree.maxZ[k], extent: tree.isEmpty(k) ? 0 : tree.extent(k),
                    first: Int32(truncatingIfNeeded: tree.first[k]), last: Int32(tree.last[k]))
            }
            let trace = incumbent.trace
            points = tree.ids.map { SIMD4(tree.frame.apply(trace, $0), 0) }
        }

        /// Bounds (radians) of the arc between any fix of node a and any of node b: below by the shortest chord
        /// (an arc is longer than its chord), above by `arcAbove` of the longest chord.
        @inline(__always)
        func arcs(_ p: NodeData, _ q: NodeData) -> (low: Double, high: Double) {
            let fx = max(p.x1 - q.x0, q.x1 - p.x0), fy = max(p.y1 - q.y0, q.y1 - p.y0)
            let fz = max(p.z1 - q.z0, q.z1 - p.z0)
            let gx = max(0, p.x0 - q.x1, q.x0 - p.x1), gy = max(0, p.y0 - q.y1, q.y0 - p.y1)
            let gz = max(0, p.z0 - q.z1, q.z0 - p.z1)
            let high = (fx * fx + fy * fy + fz * fz).squareRoot(), low = (gx * gx + gy * gy + gz * gz).squareRoot()
            return (low, ClosedTriangle.arcAbove(chord: high))
        }

        /// Upper bound of the perimeter of a triangle with its corners in nodes a, b, c (0 if none can exist).
        @inline(__always)
        func bound(_ a: Int, _ b: Int, _ c: Int) -> Double {
            let p = nodeData[a], q = nodeData[b], r = nodeData[c]
            // Closing: the first corner in time is at most the earliest of the nodes' latest fixes, the last at
            // least the latest of their earliest.
            let earliestLast = Int(min(p.last, q.last, r.last)), latestFirst = Int(max(p.first, q.first, r.first))
            guard incumbent.closing.latest[earliestLast] >= latestFirst else { return 0 }
            let ab = arcs(p, q), bc = arcs(q, r), ca = arcs(r, p)
            var upper = ab.high + bc.high + ca.high
            if incumbent.fai {
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
            struct Node {
                var bound: Double
                var a: Int32, b: Int32, c: Int32
            }
            var stack = [Node(bound: bound(1, 1, 1), a: 1, b: 1, c: 1)]
            while let node = stack.popLast() {
                guard node.bound > incumbent.perimeter + Self.tie else { continue }
                nodes += 1
                if nodes > nodeLimit { break }
                let a = Int(node.a), b = Int(node.b), c = Int(node.c)
                let sizeA = tree.size(a), sizeB = tree.size(b), sizeC = tree.size(c)
                if sizeA * sizeB * sizeC <= Self.leafLimit {
                    enumerate(a, b, c)
                    continue
                }
                // Split the widest node that still covers more than one fix, every time it is named.
                var split = -1, widest = -1.0
                if sizeA > 1 { (split, widest) = (a, nodeData[a].extent) }
                if sizeB > 1 && nodeData[b].extent > widest { (split, widest) = (b, nodeData[b].extent) }
                if sizeC > 1 && nodeData[c].extent > widest { split = c }
                let left = 2 * split, right = left + 1
                // The nodes not split (o1, o2: only the first 3 − named count), then each way to share the
                // named places between the halves: r of them in the right half.
                let named = (a == split ? 1 : 0) + (b == split ? 1 : 0) + (c == split ? 1 : 0)
                let o1 = a != split ? a : b != split ? b : c, o2 = c != split ? c : b != split ? b : a
                let base = stack.count
                for r in 0...named where r == 0 || !tree.isEmpty(right) {
                    let parts: (Int, Int, Int)
                    switch named {
                    case 1: parts = Self.sorted(o1, o2, r == 0 ? left : right)
                    case 2: parts = Self.sorted(o1, r == 2 ? right : left, r >= 1 ? right : left)
                    default: parts = (r == 3 ? right : left, r >= 2 ? right : left, r >= 1 ? right : left)
                    }
                    let value = bound(parts.0, parts.1, parts.2)
                    guard value > incumbent.perimeter + Self.tie else { continue }
                    // Insert in order: the largest bound on top of the stack.
                    stack.append(Node(bound: value, a: Int32(parts.0), b: Int32(parts.1), c: Int32(parts.2)))
                    var i = stack.count - 1
                    while i > base && stack[i - 1].bound > stack[i].bound {
                        stack.swapAt(i - 1, i)
                        i -= 1
                    }
                }
            }
        }

        /// Three nodes holding at most this many sets of fixes are searched fix by fix.
        static let leafLimit = 27

        @inline(__always)
        static func sorted(_ a: Int, _ b: Int, _ c: Int) -> (Int, Int, Int) {
            let low = min(a, b, c), high = max(a, b, c)
            return (low, a + b + c - low - high, high)
        }

        /// Every set of one fix from each node (a ≤ b ≤ c: a node named twice gives each pair once). A pair
        /// whose triangles with any fix of the third node's box are too short or too thin is passed over.
        mutating func enumerate(_ a: Int, _ b: Int, _ c: Int) {
            let t = tree, box = nodeData[c]
            let fai = incumbent.fai
            for pi in Int(t.lo[a])...Int(t.hi[a]) {
                let u = points[pi], farU = ClosedTriangle.arcAbove(chord: Self.farthest(u, box))
                for pj in (b == a ? pi : Int(t.lo[b]))...Int(t.hi[b]) {
                    let v = points[pj], d = u - v
                    let uv = ClosedTriangle.arcAbove(chord: (d * d).sum().squareRoot())
                    let farV = ClosedTriangle.arcAbove(chord: Self.farthest(v, box))
                    let upper = uv + farU + farV, best = incumbent.perimeter
                    if upper <= best + Self.tie { continue }
                    if fai && min(uv, farU, farV) < (upper * ContestTrace.faiRadius < 500_000 ? 0.28 : 0.25) * best {
                        continue
                    }
                    for pk in (c == b ? pj : Int(t.lo[c]))...Int(t.hi[c]) {
                        incumbent.offer(t.ids[pi], t.ids[pj], t.ids[pk])
                    }
                }
            }
        }

        /// The longest chord from point u to any point of the box.
        @inline(__always)
        static func farthest(_ u: SIMD4<Double>, _ box: NodeData) -> Double {
            let fx = max(u.x - box.x0, box.x1 - u.x), fy = max(u.y - box.y0, box.y1 - u.y)
            let fz = max(u.z - box.z0, box.z1 - u.z)
            return (fx * fx + fy * fy + fz * fz).squareRoot()
        }
    }
}
