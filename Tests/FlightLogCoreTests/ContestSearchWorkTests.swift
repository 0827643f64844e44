import Foundation
import Testing

@testable import FlightLogCore

/// The exact contest searches stay exact and do little work where every route is nearly the best: a straight
/// glide (every earlier fix gives the same route) and circling in one place (every fix of every turn is a
/// candidate). Work is counted, not timed, so that a busy machine cannot fail them.
@Suite struct ContestSearchWorkTests {
    /// `count` points on a line (due east along the equator, 30 m apart) or a circle (60 m radius, 40 points a
    /// turn, ±1 m of deterministic noise), with `value` the longest 1-leg route from the first point.
    private func stage(_ circle: Bool, count: Int) -> (ContestTrace, [Double]) {
        let metre = 180 / (.pi * ContestTrace.faiRadius)
        let angles = (0..<count).map { Double($0) / 40 * 2 * .pi }
        let noise = (0..<count).map { Double(($0 * 7_919) % 201) / 100 - 1 }
        let north = angles.indices.map { circle ? (60 * sin(angles[$0]) + noise[$0]) * metre : 0 }
        let east = angles.indices.map { circle ? (60 * cos(angles[$0]) - noise[$0]) * metre : Double($0) * 30 * metre }
        let trace = ContestTrace(
            latitudes: north, longitudes: east, altitudes: [Double](repeating: 1000, count: count))
        return (trace, (0..<count).map { trace.arc(0, $0) })
    }

    /// Each point's best predecessor, as every earlier point would give it, found searching few tree nodes.
    @Test(arguments: [false, true])
    func stageTreeFindsTheBestPredecessorSearchingFewNodes(circle: Bool) {
        let count = 1_500
        let (trace, values) = stage(circle, count: count)
        var tree = StageTree(trace, points: Array(0..<count), values: values)
        for j in 0..<count {
            let want = (0...j).map { values[$0] + trace.arc($0, j) }.max()!
            let (q, got) = tree.best(for: j, among: j + 1, above: -.infinity, seed: -1)
            #expect(abs(got - want) < 1e-12 && abs(values[q] + trace.arc(q, j) - got) < 1e-15, "point \(j)")
        }
        // A tree of runs of consecutive fixes searched ~ count / 2 nodes per point on both (every run's bound
        // beat the best route: on a line by its length, on a circle because every run held whole turns).
        #expect(tree.visited < count * (circle ? 40 : 30), "\(tree.visited) nodes for \(count) points")
    }

    /// The triangle search proves the optimum of 900 fixes of circling, or of a glide ending in circling, with
    /// few nodes (its ranges of consecutive fixes needed over a million: every range held whole turns).
    @Test(arguments: [(SyntheticTracks.Kind.circling, 0.5, 2), (.descendingGlide, 1.0, 4)])
    func triangleSearchProvesHardTracksWithFewNodes(kind: SyntheticTracks.Kind, hours: Double, every: Int) throws {
        let trace = ContestTrace(fixes: SyntheticTracks.fixes(kind, hours: hours, every: every))
        let triangle = try #require(ClosedTriangle.optimum(trace, fai: true, nodeLimit: 100_000))
        #expect(triangle.isProven)
        #expect((300...320).contains(triangle.distance), "\(triangle.distance) m: an equilateral in a 60 m circle")
    }
}

extension ContestSearchWorkTests {
    /// An hour at 1 Hz of circling in one place or of a zig-zag between two points 30 km apart: proven within
    /// 100,000 nodes of the last search, all searches together within 120,000. Near every triangle there are
    /// others nearly as large; every set of three nodes was searched once per order of its nodes, and boxes on
    /// the Earth's axes lay tilted across the ground: 317,000 and 256,000 nodes in the last search alone.
    @Test(arguments: [SyntheticTracks.Kind.circling, .zigzag])
    func triangleSearchProvesAnHourOfNearTiesWithFewNodes(kind: SyntheticTracks.Kind) throws {
        let trace = ContestTrace(fixes: SyntheticTracks.fixes(kind, hours: 1))
        let triangle = try #require(ClosedTriangle.optimum(trace, fai: true, nodeLimit: 100_000))
        #expect(triangle.isProven)
        let (_, work) = ClosedTriangle.optimumAndWork(trace, fai: true)
        #expect(work.coarseNodes + work.nodes < 120_000, "\(work)")
    }
}

extension ContestSearchWorkTests {
    /// 3 hours of straight glides, each losing 1,200 m (every start altitude gives nearly the same route): one
    /// pruned programme proves the optimum. Intervals of start altitude whose bound was the best route summed in
    /// another order were split again and again: 13 programmes.
    @Test func aGlideLosingMoreThan1000mNeedsOneProgramme() {
        let trace = ContestTrace(fixes: SyntheticTracks.fixes(.descendingGlide, hours: 3, every: 20))
        let (route, programmes) = FreeDistance.optimumAndWork(trace, legs: 6)
        #expect(programmes == 1)
        #expect(abs((route?.distance ?? 0) - 130_319.5) < 1, "\(route?.distance ?? 0) m")
    }
}
