import FlightLogSimulation
import Foundation
import Testing

@testable import FlightLogCore

@Suite("TrackSimplification")
struct TrackSimplificationTests {
    typealias P = TrackSimplification.Point

    /// The largest distance of any original point from the simplified polyline (over the span it was dropped in).
    static func maxDeviation(_ points: [P], kept: [Int]) -> Double {
        var worst = 0.0
        for (a, b) in zip(kept, kept.dropFirst()) where b - a > 1 {
            for i in (a + 1)..<b {
                worst = max(worst, TrackSimplification.distance(points[i], fromSegment: points[a], points[b]))
            }
        }
        return worst
    }

    /// A 10-hour simulated flight at 1 Hz, projected to metres east/north of the field.
    static let longFlight: [P] = {
        var plan = SimulatedFlightPlan.demo
        plan.flightMinutes = 600
        plan.fixIntervalMillis = 1000
        let fixes = FlightSimulator.simulate(plan)
        let lat0 = fixes[0].latitude, lon0 = fixes[0].longitude
        let k = cos(lat0 * Double.pi / 180) * 111_195
        return fixes.map { P(x: ($0.longitude - lon0) * k, y: ($0.latitude - lat0) * 111_195) }
    }()

    @Test func distanceToASegment() {
        let a = P(x: 0, y: 0), b = P(x: 10, y: 0)
        #expect(TrackSimplification.distance(P(x: 5, y: 3), fromSegment: a, b) == 3)
        #expect(TrackSimplification.distance(P(x: -4, y: 3), fromSegment: a, b) == 5, "beyond an end: to the end")
        #expect(TrackSimplification.distance(P(x: 3, y: 4), fromSegment: a, a) == 5, "no length: to the point")
        #expect(TrackSimplification.distance(P(x: .nan, y: 1), fromSegment: a, b) == 0)
    }

    @Test func aStraightLineKeepsOnlyItsEnds() {
        let line = (0..<1000).map { P(x: Double($0), y: 2 * Double($0) + 1) }
        #expect(TrackSimplification.indices(of: line, maxPoints: 2000, tolerance: 0.01) == [0, 999])
    }

    @Test func shortInputsAndNoToleranceKeepEverything() {
        #expect(TrackSimplification.indices(of: [], maxPoints: 10).isEmpty)
        #expect(TrackSimplification.indices(of: [P(x: 1, y: 1)], maxPoints: 10) == [0])
        let zigzag = (0..<50).map { P(x: Double($0), y: Double($0 % 2)) }
        #expect(TrackSimplification.indices(of: zigzag, maxPoints: 50) == Array(0..<50))
    }

    @Test func theMostImportantPointIsKeptFirst() {
        var points = (0..<1000).map { P(x: Double($0), y: 0) }
        points[500].y = 100
        points[200].y = 10
        #expect(TrackSimplification.indices(of: points, maxPoints: 3) == [0, 500, 999])
        // With room: every corner of both spikes, nothing of the flat stretches.
        #expect(
            TrackSimplification.indices(of: points, maxPoints: 1000, tolerance: 0.5) == [
                0, 199, 200, 201, 499, 500, 501, 999,
            ])
    }

    @Test func aTenHourFlightIsBoundedAndStaysClose() {
        let points = Self.longFlight
        #expect(points.count >= 36_000)
        let kept = TrackSimplification.indices(of: points, maxPoints: 2000, tolerance: 1)
        #expect(kept.count <= 2000)
        #expect(kept.first == 0 && kept.last == points.count - 1)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 }, "ascending, no repeats")
        // 2000 of 36,000 points: the simplified line stays within a few hundred metres of every fix
        // (thermal circles are about 150 m across).
        let deviation = Self.maxDeviation(points, kept: kept)
        #expect(deviation < 400, "max deviation \(deviation) m")
    }

    @Test func withRoomToSpareTheToleranceIsTheBound() {
        let points = Self.longFlight
        let tolerance = 5.0
        let kept = TrackSimplification.indices(of: points, maxPoints: points.count, tolerance: tolerance)
        #expect(kept.count < points.count / 3, "\(kept.count) of \(points.count)")
        // The radial pass and Douglas–Peucker each allow `tolerance`: at most twice that in all.
        #expect(Self.maxDeviation(points, kept: kept) <= 2 * tolerance)
    }

    @Test func simplifiedPicksTheValuesAtTheKeptIndices() {
        let values = (0..<100).map { Double($0) }
        let line = TrackSimplification.simplified(values, projectedBy: { P(x: $0, y: 0) }, maxPoints: 5, tolerance: 0.1)
        #expect(line == [0, 99])
    }
}
