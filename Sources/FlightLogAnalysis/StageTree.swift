import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stages of the exact free-distance programme, one after the other: for each next point j, its best
/// predecessor among the points of the stage before, max over q of value(q) + d(q, j).
///
/// A k-d tree over the trace's unit vectors, built once for every stage and programme of a search: each node holds
/// points close in space, whenever they were flown. Each stage names its points (`begin`); every node then takes the
/// bounding box of those points among its own, and the latest of them (the earliest when the programme runs
/// backward) as its anchor. Points join in time order as they become possible predecessors (`join`), and each node
/// keeps the longest route among the points it has so far, `top`, and the longest route continued to its anchor,
/// `topAnchor`. Two upper bounds of a node's best predecessor follow: `top` + the farthest the box is from j, and
/// `topAnchor` + d(anchor, j) (the triangle inequality). A branch and bound skips every node whose bound cannot beat
/// the best predecessor found:
/// - circling in one place: the box bound separates the far side of the circle from the near one, although
///   every fix of every turn is there (a tree of runs of consecutive fixes would hold whole circles);
/// - a straight glide, where every earlier point gives the same route (a plateau): the anchor bound is exact,
///   so the first predecessor found prunes the rest.
///
/// The search reads every node and point through flat buffers: a leaf's points lie side by side with their
/// coordinates and routes, so that the innermost loop follows no index.
final class StageTree {
    private let trace: ContestTrace
    /// Per slot (the trace's points in k-d order), side by side: x, y, z and the route to it (−∞ until it joins).
    private let slots: UnsafeMutablePointer<Double>
    private let slotPoint: UnsafeMutablePointer<Int>
    private let slotOf: UnsafeMutablePointer<Int>
    /// Whether the slot's point is one of this stage's: equal to `stamp`.
    private let slotStamp: UnsafeMutablePointer<Int>
    private var stamp = 0
    /// Per slot: the slot of its point's best predecessor in this stage, if `answerStamp` is `stamp`.
    private let answer: UnsafeMutablePointer<Int>, answerStamp: UnsafeMutablePointer<Int>
    /// Nodes in depth-first order (a node's left child is the next node). Per node, side by side: its box (min x,
    /// max x, min y, max y, min z, max z), `top`, `topAnchor` and its anchor's unit vector.
    private let nodes: UnsafeMutablePointer<Double>
    private static let width = 11
    /// Per node: its first and end slot, its right child (−1: a leaf), its parent, its anchor (a point, −1: none).
    private let first: UnsafeMutablePointer<Int>, end: UnsafeMutablePointer<Int>, right: UnsafeMutablePointer<Int>
    private let parent: UnsafeMutablePointer<Int>, anchor: UnsafeMutablePointer<Int>
    private let leafOf: UnsafeMutablePointer<Int>
    private let slotCount: Int, nodeCount: Int
    /// The nodes a search has still to look at: (node, bound), deep enough for any depth the tree has.
    private let stackNode: UnsafeMutablePointer<Int>, stackBound: UnsafeMutablePointer<Double>
    private let stackCapacity: Int
    /// Nodes searched by `best` so far: the work, for tests.
    private(set) var visited = 0
    private static let leaf = 8
    /// Bounds within this (radians, 6 mm in a million km of route) of the best found are not searched: a straight
    /// line's exact bound may round one unit above the route it bounds.
    private static let slack = 1e-13

    /// A tree over every point of `trace` (`points`: only these, in any order).
    init(_ trace: ContestTrace, points: [Int]? = nil) {
        self.trace = trace
        var order = points ?? Array(0..<trace.count)
        slotCount = order.count
        let leaves = max(1, (slotCount + Self.leaf - 1) / Self.leaf)
        let capacity = 2 * leaves * 2 + 1
        nodes = .allocate(capacity: capacity * Self.width)
        first = .allocate(capacity: capacity)
        end = .allocate(capacity: capacity)
        right = .allocate(capacity: capacity)
        parent = .allocate(capacity: capacity)
        anchor = .allocate(capacity: capacity)
        slots = .allocate(capacity: max(1, slotCount) * 4)
        slotPoint = .allocate(capacity: max(1, slotCount))
        slotStamp = .allocate(capacity: max(1, slotCount))
        slotStamp.initialize(repeating: 0, count: max(1, slotCount))
        answer = .allocate(capacity: max(1, slotCount))
        answerStamp = .allocate(capacity: max(1, slotCount))
        answerStamp.initialize(repeating: 0, count: max(1, slotCount))
        slotOf = .allocate(capacity: max(1, trace.count))
        slotOf.initialize(repeating: -1, count: max(1, trace.count))
        leafOf = .allocate(capacity: max(1, slotCount))
        var count = 0, depth = 0
        if slotCount > 0 {
            Self.build(
                trace, &order, 0, slotCount, up: -1, level: 0, count: &count, depth: &depth,
                into: (first, end, right, parent, leafOf))
        }
        nodeCount = count
        stackCapacity = 2 * depth + 8
        stackNode = .allocate(capacity: stackCapacity)
        stackBound = .allocate(capacity: stackCapacity)
        for (s, p) in order.enumerated() {
            slotPoint[s] = p
            slotOf[p] = s
            slots[4 * s] = trace.x[p]
            slots[4 * s + 1] = trace.y[p]
            slots[4 * s + 2] = trace.z[p]
            slots[4 * s + 3] = -.infinity
        }
        for node in 0..<nodeCount { anchor[node] = -1 }
    }

    deinit {
        for pointer in [
            first, end, right, parent, anchor, slotPoint, slotOf, slotStamp, leafOf, stackNode, answer, answerStamp,
        ] {
            pointer.deallocate()
        }
        for pointer in [nodes, slots, stackBound] { pointer.deallocate() }
    }

    /// Splits `order[lo..<hi]` at the median of its box's widest axis, depth first.
    private static func build(
        _ trace: ContestTrace, _ order: inout [Int], _ lo: Int, _ hi: Int, up: Int, level: Int, count: inout Int,
        depth: inout Int,
        into arrays: (
            first: UnsafeMutablePointer<Int>, end: UnsafeMutablePointer<Int>, right: UnsafeMutablePointer<Int>,
            parent: UnsafeMutablePointer<Int>, leafOf: UnsafeMutablePointer<Int>
        )
    ) {
        let node = count
        count += 1
        depth = max(depth, level + 1)
        arrays.first[node] = lo
        arrays.end[node] = hi
        arrays.parent[node] = up
        arrays.right[node] = -1
        if hi - lo <= leaf {
            for s in lo..<hi { arrays.leafOf[s] = node }
            return
        }
        var low = (Double.infinity, Double.infinity, Double.infinity)
        var high = (-Double.infinity, -Double.infinity, -Double.infinity)
        for q in lo..<hi {
            let p = order[q]
            low = (min(low.0, trace.x[p]), min(low.1, trace.y[p]), min(low.2, trace.z[p]))
            high = (max(high.0, trace.x[p]), max(high.1, trace.y[p]), max(high.2, trace.z[p]))
        }
        let spans = [high.0 - low.0, high.1 - low.1, high.2 - low.2]
        let axis = [trace.x, trace.y, trace.z][spans.indices.max { spans[$0] < spans[$1] }!]
        let middle = (lo + hi) / 2
        select(&order, lo, hi, middle, by: axis)
        build(trace, &order, lo, middle, up: node, level: level + 1, count: &count, depth: &depth, into: arrays)
        arrays.right[node] = count
        build(trace, &order, middle, hi, up: node, level: level + 1, count: &count, depth: &depth, into: arrays)
    }

    /// Reorders `order[lo..<hi]` so that `order[k]` is the one a sort by `key` would put there, none after it
    /// smaller and none before it larger (Hoare's selection, the middle of three as pivot).
    private static func select(_ order: inout [Int], _ lo: Int, _ hi: Int, _ k: Int, by key: [Double]) {
        var lo = lo, hi = hi - 1
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            let a = key[order[lo]], b = key[order[mid]], c = key[order[hi]]
            let pivot = max(min(a, b), min(max(a, b), c))
            var i = lo, j = hi
            while i <= j {
                while key[order[i]] < pivot { i += 1 }
                while key[order[j]] > pivot { j -= 1 }
                if i <= j {
                    order.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                hi = j
            } else if k >= i {
                lo = i
            } else {
                return
            }
        }
    }

    /// A new stage: `points` (each a point the tree holds) are the possible predecessors, none joined yet. Each
    /// node's box and anchor are taken over them; its anchor is its latest (`backward`: earliest) of them.
    func begin(points: [Int], backward: Bool = false) {
        stamp += 1
        for p in points { slotStamp[slotOf[p]] = stamp }
        for s in 0..<slotCount { slots[4 * s + 3] = -.infinity }
        for node in stride(from: nodeCount - 1, through: 0, by: -1) {
            let at = node * Self.width
            var box = (
                Double.infinity, -Double.infinity, Double.infinity, -Double.infinity, Double.infinity,
                -Double.infinity
            )
            var a = -1
            if right[node] < 0 {
                for s in first[node]..<end[node] where slotStamp[s] == stamp {
                    let x = slots[4 * s], y = slots[4 * s + 1], z = slots[4 * s + 2]
                    box = (min(box.0, x), max(box.1, x), min(box.2, y), max(box.3, y), min(box.4, z), max(box.5, z))
                    let p = slotPoint[s]
                    if a < 0 || (backward ? p < a : p > a) { a = p }
                }
            } else {
                for child in [node + 1, right[node]] {
                    let c = child * Self.width
                    box = (
                        min(box.0, nodes[c]), max(box.1, nodes[c + 1]), min(box.2, nodes[c + 2]),
                        max(box.3, nodes[c + 3]), min(box.4, nodes[c + 4]), max(box.5, nodes[c + 5])
                    )
                    let p = anchor[child]
                    if p >= 0 && (a < 0 || (backward ? p < a : p > a)) { a = p }
                }
            }
            (nodes[at], nodes[at + 1], nodes[at + 2], nodes[at + 3], nodes[at + 4], nodes[at + 5]) = box
            nodes[at + 6] = -.infinity
            nodes[at + 7] = -.infinity
            anchor[node] = a
            if a >= 0 {
                (nodes[at + 8], nodes[at + 9], nodes[at + 10]) = (trace.x[a], trace.y[a], trace.z[a])
            }
        }
    }

    /// Point `p` (one of the stage's) joins with the route `value` to it: each node on the way to the root takes it.
    func join(_ p: Int, value: Double) {
        let s = slotOf[p]
        slots[4 * s + 3] = value
        let x = slots[4 * s], y = slots[4 * s + 1], z = slots[4 * s + 2]
        var node = leafOf[s]
        while node >= 0 {
            let at = node * Self.width
            nodes[at + 6] = max(nodes[at + 6], value)
            let dx = x - nodes[at + 8], dy = y - nodes[at + 9], dz = z - nodes[at + 10]
            nodes[at + 7] = max(nodes[at + 7], value + Self.arcAtMost(dx * dx + dy * dy + dz * dz))
            node = parent[node]
        }
    }

    /// An upper bound of the arc (radians) of a chord whose square is `squared`, cheaper than the arc itself up to
    /// 1,270 km: the arc of a chord 2h is 2 asin(h) = 2h (1 + c₁h² + c₂h⁴ + …) with c₁ = 1/6, c₂ = 3/40, c₃ = 5/112,
    /// c₄ = 35/1152, c₅ = 63/2816, c₆ = 231/13312, each smaller than the one before, so that the terms from c_m on
    /// are at most c_m h^2m / (1 − h²). Up to 60 km (h < 0.005) three terms and (4/3) c₃ for the rest; up to
    /// 1,270 km (h < 0.1) six terms and c₆ / 0.99 for the rest; beyond, the arc itself. Taken 1e-15 over for the
    /// rounding: so close to the arc that the bound of a box on a straight glide still prunes its plateau.
    @inline(__always)
    static func arcAtMost(_ squared: Double) -> Double {
        let h = min(1, squared.squareRoot() / 2), s = h * h
        if h < 0.005 {
            return 2 * h * (1 + s * (1.0 / 6 + s * (3.0 / 40 + s * (5.0 / 84)))) * (1 + 1e-15)
        }
        guard h < 0.1 else { return 2 * asin(h) }
        let tail = 231.0 / 13312 / 0.99
        let series =
            1 + s * (1.0 / 6 + s * (3.0 / 40 + s * (5.0 / 112 + s * (35.0 / 1152 + s * (63.0 / 2816 + s * tail)))))
        return 2 * h * series * (1 + 1e-15)
    }

    /// An upper bound of value(q) + d(q, j) over the points of `node` that have joined; once the box's bound is
    /// no more than `floor` (the node can be skipped), that one, without the dearer anchor bound.
    @inline(__always)
    private func bound(_ node: Int, _ x: Double, _ y: Double, _ z: Double, _ floor: Double) -> Double {
        let b = nodes + node * Self.width
        guard b[6] > -.infinity else { return -.infinity }
        let dx = max(abs(x - b[0]), abs(x - b[1])), dy = max(abs(y - b[2]), abs(y - b[3]))
        let dz = max(abs(z - b[4]), abs(z - b[5]))
        let box = b[6] + Self.arcAtMost(dx * dx + dy * dy + dz * dz)
        if box <= floor { return box }
        let ax = b[8] - x, ay = b[9] - y, az = b[10] - z
        return min(box, b[7] + Self.arcAtMost(ax * ax + ay * ay + az * az))
    }

    /// The joined point whose route extended to point `j` is longest, if longer than `floor`: (that point, that
    /// length), or (−1, floor). `seed` (a point, or −1) is tried first, and so are the best predecessors found in
    /// this stage for the points that share j's leaf (near j in space: in circling, the same place a turn
    /// earlier). The search starts at the leaf of the best of them and climbs to the root, searching each subtree
    /// beside its way whose bound beats the best found: a subtree far from that leaf is mostly skipped whole.
    func best(for j: Int, above floor: Double, seed: Int) -> (Int, Double) {
        var bestS = -1, bestV = floor
        let x = trace.x[j], y = trace.y[j], z = trace.z[j]
        @inline(__always) func consider(_ s: Int) {
            let value = slots[4 * s + 3]
            guard value > -.infinity else { return }
            let dx = slots[4 * s] - x, dy = slots[4 * s + 1] - y, dz = slots[4 * s + 2] - z
            let v = value + 2 * asin(min(1, (dx * dx + dy * dy + dz * dz).squareRoot() / 2))
            if v > bestV { (bestS, bestV) = (s, v) }
        }
        if seed >= 0, case let s = slotOf[seed], s >= 0 { consider(s) }
        let own = slotOf[j]
        if own >= 0 {
            let leaf = leafOf[own]
            for s in first[leaf]..<end[leaf] where s != own && answerStamp[s] == stamp { consider(answer[s]) }
        }
        guard nodeCount > 0 else { return (-1, bestV) }
        var visits = 0
        if bestS < 0 {
            descend(0, x, y, z, &bestS, &bestV, &visits)
        } else {
            var node = leafOf[bestS]
            visits += 1
            scan(node, x, y, z, &bestS, &bestV)
            while parent[node] >= 0 {
                let up = parent[node]
                descend(node == up + 1 ? right[up] : up + 1, x, y, z, &bestS, &bestV, &visits)
                node = up
            }
        }
        visited += visits
        if own >= 0 && bestS >= 0 {
            answer[own] = bestS
            answerStamp[own] = stamp
        }
        return (bestS < 0 ? -1 : slotPoint[bestS], bestV)
    }

    /// Every joined point of leaf `node` whose route extended to (x, y, z) beats the best so far.
    @inline(__always)
    private func scan(_ node: Int, _ x: Double, _ y: Double, _ z: Double, _ bestS: inout Int, _ bestV: inout Double) {
        for s in first[node]..<end[node] {
            let p = slots + 4 * s
            let value = p[3]
            let dx = p[0] - x, dy = p[1] - y, dz = p[2] - z
            let squared = dx * dx + dy * dy + dz * dz
            // The exact arc (asin) only where the cheap bound of it could beat the best; −∞ (not joined, not of
            // this stage) never does.
            guard value + Self.arcAtMost(squared) > bestV else { continue }
            let v = value + 2 * asin(min(1, squared.squareRoot() / 2))
            if v > bestV { (bestS, bestV) = (s, v) }
        }
    }

    /// The branch and bound over the subtree of `root`, depth first, the child with the larger bound first.
    @inline(__always)
    private func descend(
        _ root: Int, _ x: Double, _ y: Double, _ z: Double, _ bestS: inout Int, _ bestV: inout Double,
        _ visits: inout Int
    ) {
        let rootBound = bound(root, x, y, z, bestV + Self.slack)
        guard rootBound > bestV + Self.slack else { return }
        stackNode[0] = root
        stackBound[0] = rootBound
        var depth = 1
        while depth > 0 {
            depth -= 1
            let node = stackNode[depth]
            guard stackBound[depth] > bestV + Self.slack else { continue }
            visits += 1
            let r = right[node]
            if r < 0 {
                scan(node, x, y, z, &bestS, &bestV)
                continue
            }
            let a = node + 1
            let boundA = bound(a, x, y, z, bestV + Self.slack), boundB = bound(r, x, y, z, bestV + Self.slack)
            // The more promising child is searched first (pushed last).
            let (near, nearBound, far, farBound) = boundA < boundB ? (r, boundB, a, boundA) : (a, boundA, r, boundB)
            if farBound > bestV + Self.slack {
                stackNode[depth] = far
                stackBound[depth] = farBound
                depth += 1
            }
            if nearBound > bestV + Self.slack {
                stackNode[depth] = near
                stackBound[depth] = nearBound
                depth += 1
            }
        }
    }
}
