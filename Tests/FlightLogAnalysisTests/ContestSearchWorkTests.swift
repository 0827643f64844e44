import Foundation
import Testing

@testable import FlightLogAnalysis
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
        let tree = StageTree(trace)
        tree.begin(points: Array(0..<count))
        for j in 0..<count {
            tree.join(j, value: values[j])
            let want = (0...j).map { values[$0] + trace.arc($0, j) }.max()!
            let (q, got) = tree.best(for: j, above: -.infinity, seed: -1)
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
        let (route, work) = FreeDistance.optimumAndWork(trace, legs: 6)
        #expect(work.programmes == 1)
        #expect(abs((route?.distance ?? 0) - 130_319.5) < 1, "\(route?.distance ?? 0) m")
    }

    /// Circling while climbing and sinking 1,200 m: the route found for all start altitudes breaks the 1000 m
    /// rule, and so do many nearly as long. Each interval of start altitude is split where the route found stops
    /// counting (starts at most 1000 m above its finish; higher starts, with higher finishes), so that no part
    /// finds it again: 4 programmes for 6 and 4 legs; halving the interval alone ran 7 (it kept that route).
    @Test(arguments: [(6, 729.877_911), (4, 486.992_022)])
    func circlingNeedsFewStartAltitudeIntervals(legs: Int, metres: Double) throws {
        let trace = ContestTrace(fixes: SyntheticTracks.fixes(.circling, hours: 3, every: 45))
        let (route, work) = FreeDistance.optimumAndWork(trace, legs: legs)
        let found = try #require(route)
        #expect(work.programmes <= 4, "\(work.programmes) programmes")
        #expect(abs(found.distance - metres) < 1e-3, "\(found.distance) m")
        #expect(trace.keepsHeight(start: found.points.first!, finish: found.points.last!, maxDrop: 1000))
    }

    /// 3 hours of circling at a fix every 4 s, 4 legs: the 1000 m rule needs narrower intervals of start altitude,
    /// since the routes that break it are within centimetres of the best that keeps it. The widest interval's
    /// programme, run forward and backward, bounds every point of every stage from both sides; the narrower
    /// intervals then keep only the points of routes within centimetres of the longest: a few nodes each. Each
    /// of them once searched about as many nodes as the widest (3 of them: 3 times its work).
    @Test func narrowerStartAltitudesSearchAlmostNothing() throws {
        let trace = ContestTrace(fixes: SyntheticTracks.fixes(.circling, hours: 3, every: 4))
        let (route, work) = FreeDistance.optimumAndWork(trace, legs: 4)
        let found = try #require(route)
        #expect(work.programmes > 1, "\(work)")
        #expect(work.narrowerNodes * 100 < work.widestNodes, "\(work)")
        #expect(abs(found.distance - 489.917_202) < 1e-3, "\(found.distance) m")
        #expect(trace.keepsHeight(start: found.points.first!, finish: found.points.last!, maxDrop: 1000))
    }

    /// Blocks of consecutive fixes bound every pair of their fixes by the arc between their centres plus both
    /// radii. In circling a block holds whole turns: with a fix of the block as its centre, its radius is the
    /// circle's diameter and the bound three diameters (370 m here); with the middle of its box, the circle's.
    @Test func circlingBlocksAreBoundedByTheirCircle() {
        let trace = ContestTrace(fixes: SyntheticTracks.fixes(.circling, hours: 2, every: 1))
        let search = FreeDistance.Search(trace: trace, legs: 6, pointsPerBlock: 60)
        let widest = search.bounds.max()! * ContestTrace.faiRadius
        // 60 m radius and up to √2 m of noise: no two fixes are more than 123 m apart.
        #expect(widest < 126, "\(widest) m")
        #expect(widest >= (0..<trace.count).map { trace.arc(0, $0) }.max()! * ContestTrace.faiRadius)
    }

    /// The search's cheap upper bound of an arc from its chord: never below the arc, and as tight as the arc's own
    /// rounding from 1 mm to 10,000 km (the box bound of a straight glide must stay exact to prune its plateau).
    @Test func arcBoundFromTheChordIsTight() {
        for metres in stride(from: -3.0, through: 7.0, by: 0.01).map({ pow(10, $0) }) {
            let chord = 2 * sin(metres / ContestTrace.faiRadius / 2)
            let arc = 2 * asin(chord / 2), bound = StageTree.arcAtMost(chord * chord)
            #expect(bound >= arc && bound - arc <= 2e-15 * arc, "\(metres) m: \(bound - arc) rad over")
        }
    }
}
