import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
/// Where the 1000 m rule needs narrower start intervals, the widest interval's programme is also run backward:
/// its exact values both ways bound every point of every stage, and the narrower programmes pass almost none.
///
/// The 1000 m rule (`maxDrop`: the finish at most that far below the start, fix against fix) ties the first
/// point to the last. A branch and bound over the start's altitude meets it exactly: starts limited to an
/// altitude interval [lo, hi] and finishes to at least lo − maxDrop give an upper bound, which is exact once
/// the route found keeps the rule or the interval holds one altitude.
///
/// The work is bounded (`budget`): where the rule leaves a plateau of routes nearly as long as the best (a straight
/// glide losing far more than 1000 m), the intervals of start altitude would be split down to single altitudes.
/// At the budget the search stops with the best route found, not proven, and the largest bound of the intervals
/// left as its upper bound; a larger budget may finish the proof.
package enum FreeDistance {
    /// The work a search may do where a pilot waits (import, landing, a page): tree nodes searched plus block
    /// bounds evaluated. Every real flight measured is proven within a third of it (its whole track: at most 52
    /// million); counted, not timed, so that the stored figure is the same on every machine.
    package static let defaultBudget = 200_000_000

    /// `blockSize` (points per block) is chosen from the trace's size unless given (tests give a small one).
    package static func optimum(
        _ trace: ContestTrace, legs: Int, maxDrop: Meters? = 1000, blockSize: Int? = nil, budget: Int = defaultBudget
    ) -> ContestRoute? {
        optimumAndWork(trace, legs: legs, maxDrop: maxDrop, blockSize: blockSize, budget: budget).route
    }

    /// The work of a search: how many pruned programmes the branch and bound over the start's altitude ran (one
    /// per interval of start altitude searched), and the tree nodes searched for the widest interval (forward,
    /// and backward when the narrower ones need it) and for all the narrower ones together; `spent`, what counts
    /// against the budget: every node and every block bound evaluated.
    package struct Work: Sendable, Equatable {
        package var programmes = 0, widestNodes = 0, narrowerNodes = 0, spent = 0
    }

    /// The optimum (or, at the budget, the best route found with its upper bound), and the work it took. Without
    /// the rule (`maxDrop` nil: tests only) one programme runs, not budgeted.
    package static func optimumAndWork(
        _ trace: ContestTrace, legs: Int, maxDrop: Meters? = 1000, blockSize: Int? = nil, budget: Int = defaultBudget
    ) -> (route: ContestRoute?, work: Work) {
        guard trace.count >= 2, legs >= 1 else { return (nil, Work()) }
        var search = Search(trace: trace, legs: legs, pointsPerBlock: blockSize)
        let all = [Bool](repeating: true, count: trace.count)
        guard let maxDrop else {
            let found = search.best(startOK: all, finishOK: all)
            return (found.map { route(trace, $0.path) }, Work(programmes: 1, widestNodes: search.nodes))
        }
        let levels = Array(Set(trace.altitude.filter { !$0.isNaN })).sorted()
        guard !levels.isEmpty else { return (nil, Work()) }
        var programmes = 0, widestNodes = 0
        func spent() -> Int { search.nodes + programmes * search.blockWork }
        var incumbent: [Int]? = nil
        // The widest interval allows every start and finish with an altitude. The route a thinned trace gives,
        // made to keep the rule, is the first floor: the programme over that interval then keeps every point of
        // a route that could beat it, and what it finds holds for each narrower interval.
        let known = trace.altitude.map { !$0.isNaN }
        if let seed = search.thinnedSeed(startOK: known, finishOK: known) {
            let kept =
                trace.keepsHeight(start: seed.first!, finish: seed.last!, maxDrop: maxDrop)
                ? (seed, trace.arcLength(seed))
                : search.repaired(seed, maxDrop: maxDrop)
            if let kept {
                incumbent = kept.0
                search.floor = kept.1
            }
        }
        var widest: (Search.Stages, [Bool], [Bool])? = nil
        // Open intervals of start altitude (indices into levels) with the bound their parent gave, best first.
        var open: [(lo: Int, hi: Int, bound: Double)] = [(0, levels.count - 1, .infinity)]
        while let next = open.indices.max(by: { open[$0].bound < open[$1].bound }) {
            let (lo, hi, bound) = open.remove(at: next)
            // Within 1e-12 rad (6 µm) is a tie, not a better route: on a plateau (a straight glide losing more
            // than 1000 m) the parent's bound and the floor are the same length summed in another order.
            if bound <= search.floor + 1e-12 { break }
            if spent() >= budget {
                open.append((lo, hi, bound))
                break
            }
            let left = budget - spent()
            search.nodeLimit = left > Int.max - search.nodes ? .max : search.nodes + left
            // The widest interval's programme run backward as well bounds every point of every stage from both
            // sides: the narrower intervals then leave out nearly every point.
            if let (stages, startOK, finishOK) = widest {
                search.learnBothWays(stages, startOK: startOK, finishOK: finishOK)
                widestNodes = search.nodes
                widest = nil
            }
            let low = levels[lo], high = levels[hi]
            let startOK = trace.altitude.map { $0 >= low && $0 <= high }
            let finishOK = trace.altitude.map { $0 >= low - maxDrop }
            programmes += 1
            let target = search.floor > -.infinity ? search.floor - 1e-12 : -.infinity
            guard let stages = search.programme(startOK, finishOK, target: target),
                let found = search.route(of: stages, finishOK)
            else {
                // Cut at the budget: this interval is still open.
                if search.nodes >= search.nodeLimit { open.append((lo, hi, bound)) }
                continue
            }
            if lo == 0 && hi == levels.count - 1 {
                widest = (stages, startOK, finishOK)
                widestNodes = search.nodes
            }
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
        let work = Work(
            programmes: programmes, widestNodes: widestNodes, narrowerNodes: search.nodes - widestNodes, spent: spent())
        guard let incumbent else { return (nil, work) }
        // What the work left could still find: its intervals' bounds (the widest's, before its programme ended:
        // the block programme's).
        let left = open.map(\.bound).filter { $0 > search.floor + 1e-12 }.max()
        guard var bound = left else { return (route(trace, incumbent), work) }
        if bound == .infinity { bound = search.blockBound(known, known) }
        var found = route(trace, incumbent)
        found.isProven = false
        found.upperBound = max(found.distance, bound * ContestTrace.faiRadius)
        return (found, work)
    }

    private static func route(_ trace: ContestTrace, _ path: [Int]) -> ContestRoute {
        ContestRoute(points: path, distance: trace.length(path))
    }
}
