import Foundation

/// One stage of the exact free-distance programme (its points in time order, each with the longest route to it),
/// for finding the best predecessor of each next point: max over earlier points q of value(q) + d(q, j).
///
/// A k-d tree over the points' unit vectors: each node holds points close in space, whenever they were flown, with
/// its bounding box. Points join the tree in time order as they become possible predecessors (`best` asks for
/// the first `count`), and each node keeps the longest route among the points it has so far, `top`, and the
/// longest route continued to its anchor (its latest point), `topAnchor`. Two upper bounds of a node's best
/// predecessor follow: `top` + the farthest the box is from j, and `topAnchor` + d(anchor, j) (the triangle
/// inequality). A branch and bound skips every node whose bound cannot beat the best predecessor found:
/// - circling in one place: the box bound separates the far side of the circle from the near one, although
///   every fix of every turn is there (a tree of runs of consecutive fixes would hold whole circles);
/// - a straight glide, where every earlier point gives the same route (a plateau): the anchor bound is exact,
///   so the first predecessor found prunes the rest.
struct StageTree {
    private let trace: ContestTrace
    private let points: [Int], values: [Double]
    /// Ranks (indices into points) in k-d order; node k covers order[from[k] ..< to[k]].
    private var order: [Int]
    private var from: [Int] = [], to: [Int] = [], left: [Int] = [], right: [Int] = [], parent: [Int] = []
    /// Per node, side by side (what a search reads of a node in one or two cache lines): its box (min x, max x,
    /// min y, max y, min z, max z), `top`, `topAnchor` and its anchor's unit vector.
    private var nodeData: [Double] = []
    private static let stride = 11
    private var anchor: [Int] = []
    /// The leaf holding each rank, and how many ranks have joined.
    private var leafOf: [Int]
    private var joined = 0
    /// Nodes searched by `best` so far: the work, for tests.
    private(set) var visited = 0
    /// The nodes `best` has still to search, kept from call to call.
    private var stack: [(node: Int, bound: Double)] = []
    private static let leaf = 8
    /// Bounds within this (radians, 6 mm in a million km of route) of the best found are not searched: a straight
    /// line's exact bound may round one unit above the route it bounds.
    private static let slack = 1e-13

    init(_ trace: ContestTrace, points: [Int], values: [Double]) {
        self.trace = trace
        self.points = points
        self.values = values
        order = Array(points.indices)
        leafOf = [Int](repeating: -1, count: points.count)
        if !points.isEmpty { build(0, points.count, parent: -1) }
    }

    @discardableResult
    private mutating func build(_ lo: Int, _ hi: Int, parent up: Int) -> Int {
        let node = from.count
        var box = (
            Double.infinity, -Double.infinity, Double.infinity, -Double.infinity, Double.infinity,
            -Double.infinity
        )
        var latest = order[lo]
        for q in lo..<hi {
            let p = points[order[q]]
            box = (
                min(box.0, trace.x[p]), max(box.1, trace.x[p]), min(box.2, trace.y[p]), max(box.3, trace.y[p]),
                min(box.4, trace.z[p]), max(box.5, trace.z[p])
            )
            latest = max(latest, order[q])
        }
        from.append(lo)
        to.append(hi)
        left.append(-1)
        right.append(-1)
        parent.append(up)
        let a = points[latest]
        nodeData += [box.0, box.1, box.2, box.3, box.4, box.5, -.infinity, -.infinity]
        nodeData += [trace.x[a], trace.y[a], trace.z[a]]
        anchor.append(a)
        if hi - lo <= Self.leaf {
            for q in lo..<hi { leafOf[order[q]] = node }
        } else {
            // Split at the median of the box's widest axis.
            let spans = [box.1 - box.0, box.3 - box.2, box.5 - box.4]
            let axis = [trace.x, trace.y, trace.z][spans.indices.max { spans[$0] < spans[$1] }!]
            let points = points
            order[lo..<hi].sort { axis[points[$0]] < axis[points[$1]] }
            let a = build(lo, (lo + hi) / 2, parent: node), b = build((lo + hi) / 2, hi, parent: node)
            left[node] = a
            right[node] = b
        }
        return node
    }

    /// Points of rank below `count` join the tree: each node on the way to the root takes their routes.
    private mutating func join(upTo count: Int) {
        while joined < count {
            let p = points[joined], value = values[joined]
            var node = leafOf[joined]
            while node >= 0 {
                let at = node * Self.stride
                nodeData[at + 6] = max(nodeData[at + 6], value)
                nodeData[at + 7] = max(nodeData[at + 7], value + trace.arc(p, anchor[node]))
                node = parent[node]
            }
            joined += 1
        }
    }

    /// An upper bound of the arc (radians) of a chord whose square is `squared`, cheaper than the arc itself up to
    /// 60 km: the arc of a chord 2h is 2 asin(h) ≤ 2h (1 + h²/6 + 3h⁴/40 + (5/84) h⁶) for h < 1/2 (from h⁷ on,
    /// asin's coefficients are at most 5/112 and their sum is below 4/3 of the first), taken 1e-15 over for the
    /// rounding: so close to the arc that the bound of a box on a straight glide still prunes its plateau.
    @inline(__always)
    static func arcAtMost(_ squared: Double) -> Double {
        let h = min(1, squared.squareRoot() / 2), s = h * h
        guard h < 0.005 else { return 2 * asin(h) }
        return 2 * h * (1 + s * (1.0 / 6 + s * (3.0 / 40 + s * (5.0 / 84)))) * (1 + 1e-15)
    }

    /// An upper bound of value(q) + d(q, j) over the points of `node` that have joined; once the box's bound is
    /// no more than `floor` (the node can be skipped), that one, without the dearer anchor bound.
    @inline(__always)
    private func bound(_ node: Int, _ j: Int, _ floor: Double) -> Double {
        let at = node * Self.stride
        return nodeData.withUnsafeBufferPointer { b in
            guard b[at + 6] > -.infinity else { return -.infinity }
            let x = trace.x[j], y = trace.y[j], z = trace.z[j]
            let dx = max(abs(x - b[at]), abs(x - b[at + 1])), dy = max(abs(y - b[at + 2]), abs(y - b[at + 3]))
            let dz = max(abs(z - b[at + 4]), abs(z - b[at + 5]))
            let box = b[at + 6] + Self.arcAtMost(dx * dx + dy * dy + dz * dz)
            if box <= floor { return box }
            let ax = b[at + 8] - x, ay = b[at + 9] - y, az = b[at + 10] - z
            return min(box, b[at + 7] + 2 * asin(min(1, (ax * ax + ay * ay + az * az).squareRoot() / 2)))
        }
    }

    /// The predecessor among the first `count` points (a count that never decreases from call to call) whose route
    /// extended to point `j` is longest, if longer than `floor`: (its index, that length), or (−1, floor). `seed`
    /// (an index, or −1) is tried first.
    mutating func best(for j: Int, among count: Int, above floor: Double, seed: Int) -> (Int, Double) {
        join(upTo: count)
        var bestQ = -1, bestV = floor
        if seed >= 0 && seed < count {
            let v = values[seed] + trace.arc(points[seed], j)
            if v > bestV { (bestQ, bestV) = (seed, v) }
        }
        guard count > 0 else { return (bestQ, bestV) }
        stack.removeAll(keepingCapacity: true)
        stack.append((0, bound(0, j, bestV + Self.slack)))
        while let entry = stack.popLast() {
            let node = entry.node
            guard entry.bound > bestV + Self.slack else { continue }
            visited += 1
            if left[node] < 0 {
                let x = trace.x[j], y = trace.y[j], z = trace.z[j]
                for q in from[node]..<to[node] where order[q] < count {
                    let p = points[order[q]], dx = trace.x[p] - x, dy = trace.y[p] - y, dz = trace.z[p] - z
                    // The exact arc (asin) only where the cheap bound of it could beat the best.
                    guard values[order[q]] + Self.arcAtMost(dx * dx + dy * dy + dz * dz) > bestV else { continue }
                    let v = values[order[q]] + trace.arc(p, j)
                    if v > bestV { (bestQ, bestV) = (order[q], v) }
                }
                continue
            }
            let a = left[node], b = right[node]
            let boundA = bound(a, j, bestV + Self.slack), boundB = bound(b, j, bestV + Self.slack)
            // The more promising child is searched first.
            if boundA < boundB {
                if boundA > bestV + Self.slack { stack.append((a, boundA)) }
                if boundB > bestV + Self.slack { stack.append((b, boundB)) }
            } else {
                if boundB > bestV + Self.slack { stack.append((b, boundB)) }
                if boundA > bestV + Self.slack { stack.append((a, boundA)) }
            }
        }
        return (bestQ, bestV)
    }
}
