import FlightLogCore
import Foundation
import Testing

@testable import FlightLogAnalysis

/// A seeded generator: every run draws the same traces.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A random walk of `count` points near 47° N 8° E, steps up to `step` degrees, altitudes stepping ±300 m.
private func randomTrace(_ count: Int, step: Double, using rng: inout SplitMix64) -> ContestTrace {
    var latitudes = [47.0], longitudes = [8.0], altitudes = [1000.0]
    for _ in 1..<count {
        latitudes.append(latitudes.last! + Double.random(in: -step...step, using: &rng))
        longitudes.append(longitudes.last! + Double.random(in: -step...step, using: &rng))
        altitudes.append(max(0, altitudes.last! + Double(Int.random(in: -300...300, using: &rng))))
    }
    return ContestTrace(latitudes: latitudes, longitudes: longitudes, altitudes: altitudes)
}

/// The plain O(legs · n²) programme, once per start when the 1000 m rule applies: the reference.
private func plainFreeDistance(_ trace: ContestTrace, legs: Int, maxDrop: Double?) -> Double? {
    let n = trace.count
    var best: Double? = nil
    for start in maxDrop == nil ? [nil] : (0..<n).map(Optional.some) {
        var value = (0..<n).map { start == nil || start == $0 ? 0.0 : -.infinity }
        for _ in 0..<legs {
            value = (0..<n).map { j in (0...j).reduce(-.infinity) { max($0, value[$1] + trace.arc($1, j)) } }
        }
        for j in 0..<n where value[j] > -.infinity {
            if let start, let maxDrop, !trace.keepsHeight(start: start, finish: j, maxDrop: maxDrop) { continue }
            best = max(best ?? 0, value[j] * ContestTrace.faiRadius)
        }
    }
    return best
}

/// Every pair (start ≤ tp1, finish ≥ last turnpoint) that closes, as `closes[first][last]`.
private func plainClosing(_ trace: ContestTrace) -> [[Bool]] {
    let n = trace.count, limit = 1000 / ContestTrace.faiRadius
    var closes = [[Bool]](repeating: [Bool](repeating: false, count: n), count: n)
    for i in 0..<n {
        for k in stride(from: n - 1, through: 0, by: -1) {
            let pair = k >= i && trace.arc(i, k) <= limit && trace.keepsHeight(start: i, finish: k, maxDrop: 1000)
            closes[i][k] = pair || (i > 0 && closes[i - 1][k]) || (k + 1 < n && closes[i][k + 1])
        }
    }
    return closes
}

private func plainTriangle(_ trace: ContestTrace, fai: Bool) -> Double {
    let best = plainTriangles(trace)
    return fai ? best.fai : best.any
}

/// The largest closed triangle and the largest FAI triangle over every triple, in one pass (flat buffers: the
/// tests are built unoptimised, and a few hundred points are millions of triples).
private func plainTriangles(_ trace: ContestTrace) -> (any: Double, fai: Double) {
    let n = trace.count, closes = plainClosing(trace).flatMap { $0 }
    let arcs = (0..<n).flatMap { i in (0..<n).map { trace.arc(i, $0) } }
    var any = 0.0, fai = 0.0
    arcs.withUnsafeBufferPointer { arcs in
        closes.withUnsafeBufferPointer { closes in
            for i in 0..<n {
                for k in i..<n where closes[i * n + k] {
                    let c = arcs[k * n + i]
                    for j in i...k {
                        let a = arcs[i * n + j], b = arcs[j * n + k]
                        let p = a + b + c
                        any = max(any, p)
                        guard p > fai else { continue }
                        let shape =
                            p * ContestTrace.faiRadius < 500_000
                            ? min(a, b, c) >= 0.28 * p : min(a, b, c) >= 0.25 * p && max(a, b, c) <= 0.45 * p
                        if shape { fai = p }
                    }
                }
            }
        }
    }
    return (any * ContestTrace.faiRadius, fai * ContestTrace.faiRadius)
}

@Suite struct ContestDistanceTests {
    /// The pruned programme against the plain one on random walks, with blocks of 1 to 7 points so that the
    /// block bounds are what prunes; with and without the 1000 m rule (and a stricter 200 m one).
    @Test func freeDistanceIsThePlainProgrammesOptimum() {
        var rng = SplitMix64(state: 2026)
        for trial in 0..<40 {
            let trace = randomTrace(Int.random(in: 2...45, using: &rng), step: 0.02, using: &rng)
            for legs in [1, 2, 4, 6] {
                for maxDrop: Double? in [nil, 1000, 200] {
                    let want = plainFreeDistance(trace, legs: legs, maxDrop: maxDrop)
                    let got = FreeDistance.optimum(trace, legs: legs, maxDrop: maxDrop, blockSize: 1 + trial % 7)
                    #expect(
                        abs((got?.distance ?? -1) - (want ?? -1)) < 1e-6,
                        "trial \(trial), \(trace.count) points, \(legs) legs, drop \(String(describing: maxDrop))")
                    if let got, let maxDrop {
                        #expect(trace.keepsHeight(start: got.points.first!, finish: got.points.last!, maxDrop: maxDrop))
                    }
                }
            }
        }
    }

    /// One leg under the 1000 m rule (and a 200 m one) on random walks whose altitude steps up to 300 m: a route
    /// that breaks the rule is repaired by moving its start or finish, and a one-leg route's first turnpoint is its
    /// finish. Its repaired length once counted that leg twice, a floor above the optimum: 3 of these 80 came out
    /// short.
    @Test func oneLegUnderTheRuleIsThePlainProgrammesOptimum() {
        var rng = SplitMix64(state: 2027)
        for trial in 0..<40 {
            let trace = randomTrace(
                Int.random(in: 2...60, using: &rng), step: [0.002, 0.02, 0.0005][trial % 3], using: &rng)
            for maxDrop in [1000.0, 200] {
                let want = plainFreeDistance(trace, legs: 1, maxDrop: maxDrop)
                let got = FreeDistance.optimum(trace, legs: 1, maxDrop: maxDrop)
                #expect(abs((got?.distance ?? -1) - (want ?? -1)) < 1e-6, "trial \(trial), drop \(maxDrop)")
            }
        }
    }

    /// The tracks that made the search slow (a straight glide losing more than 1000 m, hours of circling in one
    /// place, a long zig-zag), thinned so that the plain programmes can check them: every route is still the
    /// optimum, with the block bounds from single points and from blocks of 3.
    @Test(arguments: [
        (SyntheticTracks.Kind.descendingGlide, 3.0, 220), (.circling, 5, 350), (.zigzag, 10, 720),
        // Circling 3 hours while climbing and sinking 1,200 m: the 1000 m rule splits the start altitudes.
        (.circling, 3, 240),
    ])
    func hardTracksAreThePlainProgrammesOptimum(kind: SyntheticTracks.Kind, hours: Double, every: Int) {
        let trace = ContestTrace(fixes: SyntheticTracks.fixes(kind, hours: hours, every: every))
        #expect((45...55).contains(trace.count))
        for legs in [4, 6] {
            let want = plainFreeDistance(trace, legs: legs, maxDrop: 1000)
            for blockSize in [1, 3] {
                let got = FreeDistance.optimum(trace, legs: legs, blockSize: blockSize)
                #expect(abs((got?.distance ?? -1) - (want ?? -1)) < 1e-6, "\(kind), \(legs) legs, blocks \(blockSize)")
            }
        }
        let triangle = ClosedTriangle.optimum(trace, fai: true)?.distance ?? 0
        #expect(abs(triangle - plainTriangle(trace, fai: true)) < 1e-6, "\(kind)")
    }

    /// The hard tracks again, thinned only to about 260 fixes: enough that the search first looks at every 4th
    /// fix and improves that triangle fix by fix, which the smaller tracks never reach; still the largest of
    /// every triple.
    @Test(arguments: [
        (SyntheticTracks.Kind.descendingGlide, 3.0, 42), (.circling, 5, 70), (.zigzag, 10, 140),
    ])
    func hardTracksOfSomeHundredFixesAreTheLargestTriangle(kind: SyntheticTracks.Kind, hours: Double, every: Int) {
        let trace = ContestTrace(fixes: SyntheticTracks.fixes(kind, hours: hours, every: every))
        #expect((256...270).contains(trace.count))
        let got = ClosedTriangle.optimum(trace, fai: true)
        #expect(abs((got?.distance ?? 0) - plainTriangle(trace, fai: true)) < 1e-6, "\(kind)")
        #expect(got?.isProven ?? true)
    }

    /// Random walks of 260 points that come home now and then (so that which fixes close a triangle depends on
    /// their times): every triangle and FAI triangle is the largest of every triple.
    @Test func longWalksComingHomeHaveTheLargestTriangle() {
        var rng = SplitMix64(state: 2028)
        for _ in 0..<2 {
            let walk = randomTrace(260, step: 0.004, using: &rng)
            var latitudes = (0..<walk.count).map { asin(walk.z[$0]) * 180 / .pi }
            var longitudes = (0..<walk.count).map { atan2(walk.y[$0], walk.x[$0]) * 180 / .pi }
            for home in stride(from: 60, to: walk.count, by: 70) {  // back near the first fix
                latitudes[home] = 47.002
                longitudes[home] = 8.001
            }
            let trace = ContestTrace(latitudes: latitudes, longitudes: longitudes, altitudes: walk.altitude)
            let want = plainTriangles(trace)
            for fai in [false, true] {
                let got = ClosedTriangle.optimum(trace, fai: fai)
                #expect(abs((got?.distance ?? 0) - (fai ? want.fai : want.any)) < 1e-6, "fai \(fai)")
                #expect(got?.isProven ?? true)
            }
        }
    }

    /// The 1000 m rule, fix against fix, by hand: along the equator at 2000, 1500 and 900 m the longest leg
    /// (0° to 2°) drops 1100 m, so one degree is the answer; without the rule two.
    @Test func theFinishMayNotBeMoreThan1000mBelowTheStart() throws {
        let trace = ContestTrace(latitudes: [0, 0, 0], longitudes: [0, 1, 2], altitudes: [2000, 1500, 900])
        let degree = ContestTrace.faiRadius * .pi / 180
        let ruled = try #require(FreeDistance.optimum(trace, legs: 1))
        #expect(abs(ruled.distance - degree) < 1e-6)
        #expect(abs((FreeDistance.optimum(trace, legs: 1, maxDrop: nil)?.distance ?? 0) - 2 * degree) < 1e-6)
        // A turnpoint may be used on the way: two legs still end at most 1000 m lower.
        #expect(abs((FreeDistance.optimum(trace, legs: 2)?.distance ?? 0) - degree) < 1e-6)
    }

    /// The branch and bound against every triple on random walks: any closed triangle and FAI triangles.
    @Test func trianglesAreTheLargestOfEveryTriple() {
        var rng = SplitMix64(state: 28)
        for trial in 0..<60 {
            var trace = randomTrace(
                Int.random(in: 3...70, using: &rng), step: [0.002, 0.01, 0.05][trial % 3], using: &rng)
            if trial % 2 == 0 {  // come home: the last point near the first
                trace = ContestTrace(
                    latitudes: (0..<trace.count).map { asin(trace.z[$0]) * 180 / .pi } + [47.003],
                    longitudes: (0..<trace.count).map { atan2(trace.y[$0], trace.x[$0]) * 180 / .pi } + [8.0],
                    altitudes: trace.altitude + [900])
            }
            for fai in [false, true] {
                let got = ClosedTriangle.optimum(trace, fai: fai)
                #expect(abs((got?.distance ?? 0) - plainTriangle(trace, fai: fai)) < 1e-6, "trial \(trial), fai \(fai)")
                #expect(got?.isProven ?? true)
            }
            let closes = plainClosing(trace)
            var longest = 0.0
            for i in 0..<trace.count {
                for j in i..<trace.count where closes[i][j] { longest = max(longest, 2 * trace.arc(i, j)) }
            }
            #expect(abs((OutAndReturn.optimum(trace)?.distance ?? 0) - longest * ContestTrace.faiRadius) < 1e-6)
        }
    }

    /// Shapes by hand: an equilateral triangle (60 km legs) flown and closed is FAI; a thin one (legs of 100,
    /// 100 and 20 km: the short leg 9 %) is a closed triangle but no FAI triangle.
    @Test func faiShapeRules() throws {
        func flown(_ corners: [(Double, Double)]) -> ContestTrace {
            ContestTrace(
                latitudes: corners.map(\.0) + [corners[0].0], longitudes: corners.map(\.1) + [corners[0].1],
                altitudes: [Double](repeating: 1000, count: corners.count + 1))
        }
        let leg = 60_000 / ContestTrace.faiRadius * 180 / .pi
        let equilateral = flown([(0, 0), (0, leg), (leg * 3.0.squareRoot() / 2, leg / 2)])
        let fai = try #require(ClosedTriangle.optimum(equilateral, fai: true))
        #expect(abs(fai.distance - 180_000) < 500)
        let thin = flown([(0, 0), (0.9, 0), (0.9, 0.18)])
        #expect(ClosedTriangle.optimum(thin, fai: true) == nil)
        #expect((ClosedTriangle.optimum(thin, fai: false)?.distance ?? 0) > 200_000)
    }

    /// Scores: OLC-Plus = classic + 0.3 × FAI; WeGlide free = distance + the larger bonus, nothing under 50;
    /// the index divides.
    @Test func pointsFollowTheContestFormulas() {
        func route(_ km: Double) -> ContestRoute { ContestRoute(points: [0, 1], distance: km * 1000) }
        let triangle = ClosedTriangle.Result(
            start: 0, turnpoints: [0, 1, 2], finish: 3, distance: 300_000, isProven: true)
        let back = OutAndReturn.Result(start: 0, turnpoints: [0, 1], finish: 2, distance: 500_000)
        let scores = ContestScores(
            sixLegs: route(400), fourLegs: route(380), faiTriangle: triangle, outAndReturn: back, index: 110)
        let olcPlus: Double = (400.0 + 90.0) * 100.0 / 110.0
        let weGlide: Double = (400.0 + 100.0) * 100.0 / 110.0
        let dmst: Double = 420.0 * 100.0 / 110.0
        #expect(abs(scores.olcPlusPoints - olcPlus) < 1e-9)
        #expect(abs(scores.weGlideFreePoints - weGlide) < 1e-9)
        #expect(abs(scores.dmstPoints - dmst) < 1e-9)
        let short = ContestScores(
            sixLegs: route(40), fourLegs: route(40), faiTriangle: nil, outAndReturn: nil, index: 100)
        #expect(short.weGlideFreePoints == 0 && short.dmstPoints == 0 && abs(short.olcPlusPoints - 40) < 1e-9)
    }
}
