import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The longest closed out-and-return of a trace: two turnpoints tp1 ≤ tp2 (fixes), closed as a triangle is
/// (a start at or before tp1 and a finish at or after tp2 at most 1 km apart, the finish at most 1000 m below
/// the start); its distance is twice tp1–tp2.
///
/// Exact: a best-first branch and bound over pairs of nodes of the same box tree the triangle search uses.
package enum OutAndReturn {
    /// Always proven (the search has no node limit).
    package typealias Result = ClosedRoute

    package static func optimum(_ trace: ContestTrace, closing: Meters = 1000, maxDrop: Meters = 1000) -> Result? {
        guard trace.count >= 2 else { return nil }
        let closing = ClosedTriangle.Closing(trace, distance: closing, maxDrop: maxDrop)
        let tree = ClosedTriangle.BoxTree(trace, ids: Array(0..<trace.count))
        struct Pair: Comparable {
            var bound: Double, a: Int, b: Int
            static func < (l: Pair, r: Pair) -> Bool { l.bound < r.bound }
        }
        func bound(_ a: Int, _ b: Int) -> Double {
            guard tree.lo[a] <= tree.hi[b] else { return -1 }
            let latest = closing.latest[tree.ids[Int(tree.hi[a])]]
            guard latest >= 0, tree.ids[Int(tree.lo[b])] <= latest else { return -1 }
            return tree.arcBounds(a, b).high
        }
        var best = -1.0, bestPair: (Int, Int)? = nil
        var heap = MaxHeap<Pair>()
        heap.push(Pair(bound: bound(1, 1), a: 1, b: 1))
        while let pair = heap.pop(), pair.bound > best {
            let a = pair.a, b = pair.b
            let sizeA = Int(tree.hi[a] - tree.lo[a]) + 1, sizeB = Int(tree.hi[b] - tree.lo[b]) + 1
            if sizeA * sizeB <= 64 {
                for i in Int(tree.lo[a])...Int(tree.hi[a]) {
                    let lowest = max(i, Int(tree.lo[b])), highest = min(Int(tree.hi[b]), closing.latest[i])
                    guard lowest <= highest else { continue }
                    for j in lowest...highest {
                        let arc = trace.arc(i, j)
                        if arc > best {
                            best = arc
                            bestPair = (i, j)
                        }
                    }
                }
                continue
            }
            let splitA = sizeA > 1 && (sizeB == 1 || tree.extent(a) >= tree.extent(b))
            for child in splitA ? [2 * a, 2 * a + 1] : [2 * b, 2 * b + 1] where !tree.isEmpty(child) {
                let next = splitA ? (child, b) : (a, child)
                let value = bound(next.0, next.1)
                if value > best { heap.push(Pair(bound: value, a: next.0, b: next.1)) }
            }
        }
        guard let (tp1, tp2) = bestPair else { return nil }
        let ends = closing.ends(firstTurnpoint: tp1)
        return Result(
            start: ends.start, turnpoints: [tp1, tp2], finish: ends.finish,
            distance: 2 * trace.arc(tp1, tp2) * ContestTrace.faiRadius)
    }
}
