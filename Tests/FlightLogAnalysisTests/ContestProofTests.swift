import FlightLogCore
import FlightLogTestSupport
import Testing

@testable import FlightLogAnalysis

/// Finishing a free distance search left at its work budget in steps (`flightlog analyse --prove`): each step's
/// route is at least as long as the one before and within the first bound, the last one is the optimum, and the
/// figure says "not proven yet" until then, in the one wording every view uses.
@Suite struct ContestProofTests {
    /// 100 minutes losing 2,900 m, a fix every 40 s: a small straight glide the 1000 m rule makes a plateau of.
    static func glide() -> (fixes: [Fix], inputs: FlightAnalysis.Inputs) {
        let fixes = SyntheticTracks.straightGlide(hours: 100.0 / 60, loss: 2900).enumerated()
            .filter { $0.offset % 40 == 0 }.map(\.element)
        let inputs = FlightAnalysis.Inputs(
            takeoff: fixes[0].time, landing: fixes[fixes.count - 1].time, release: nil, fixCount: fixes.count,
            index: nil)
        return (fixes, inputs)
    }

    @Test func stepsOfGrowingBudgetEndProvenAtTheOptimum() throws {
        let (fixes, inputs) = Self.glide()
        let first = FlightAnalysis.compute(fixes: fixes, inputs: inputs, budget: 1)
        let bound = try #require(first.freeSixUpperBound, "a budget of 1 leaves the glide not proven")
        let found = try #require(first.freeSix?.meters)
        #expect(first.freeDistanceBudget == 1 && first.nextProofBudget() == 4)
        var kept = first
        var steps = 0
        while !kept.freeDistanceProven, let budget = kept.nextProofBudget() {
            let step = FlightAnalysis.compute(fixes: fixes, inputs: inputs, budget: budget)
            let before = kept
            kept = kept.keepingProof(of: step)
            steps += 1
            let meters = try #require(kept.freeSix?.meters)
            #expect(meters >= (before.freeSix?.meters ?? 0) && meters <= bound, "step \(steps): \(meters) m")
            #expect(kept.freeDistanceBudget == budget)
            if let now = kept.freeSixUpperBound, let was = before.freeSixUpperBound { #expect(now <= was) }
        }
        #expect(kept.freeDistanceProven, "still not proven after \(steps) steps")
        let exact = FlightAnalysis.compute(fixes: fixes, inputs: inputs)
        #expect(exact.freeDistanceProven && exact.freeDistanceBudget == nil)
        // The same length (a plateau of ties: maybe another route, summed in another order).
        #expect(abs(kept.freeSix!.meters - exact.freeSix!.meters) < 1e-6)
        #expect(abs(kept.freeFour!.meters - exact.freeFour!.meters) < 1e-6)
        #expect(abs(kept.olcPlusPoints - exact.olcPlusPoints) < 1e-6)
        #expect(found <= exact.freeSix!.meters && exact.freeSix!.meters <= bound)
    }

    @Test func theFigureSaysNotProvenYetWithItsBoundUntilItIsProven() throws {
        let (fixes, inputs) = Self.glide()
        let first = FlightAnalysis.compute(fixes: fixes, inputs: inputs, budget: 1)
        let flight = Flight(
            takeoffTime: inputs.takeoff, landingTime: inputs.landing, takeoffCoordinate: fixes[0].coordinate,
            landingCoordinate: fixes[fixes.count - 1].coordinate, utcOffsetSeconds: 0)
        func freeDistance(_ analysis: FlightAnalysis) -> String? {
            AnalysisSummary(analysis, flight: flight, times: .hourMinute).rows.first { $0.label == "Free distance" }?
                .value
        }
        let bound = try #require(first.freeSixUpperBound)
        let km = decimal(first.freeSix!.meters / 1000, 1)
        #expect(
            freeDistance(first) == "\(km) km (not proven yet: at most \(decimal(bound / 1000, 1)) km) "
                + "(6 legs: OLC classic, WeGlide)")
        #expect(
            AnalysisWords.proofLine(flight: 12, first, seconds: 41.2)
                == "flight 12: free distance \(km) km, not proven yet: at most \(decimal(bound / 1000, 1)) km (41 s)")
        let exact = FlightAnalysis.compute(fixes: fixes, inputs: inputs)
        let exactKm = decimal(exact.freeSix!.meters / 1000, 1)
        #expect(freeDistance(exact) == "\(exactKm) km (6 legs: OLC classic, WeGlide)")
        #expect(
            AnalysisWords.proofLine(flight: 12, exact, seconds: 41)
                == "flight 12: free distance \(exactKm) km, proven (41 s)")
        #expect(AnalysisWords.proofLine(flight: 12, exact, seconds: nil).hasSuffix(", proven (already)"))
    }

    @Test func aStepNeverLosesWhatTheOneBeforeFoundOrProved() throws {
        let (fixes, inputs) = Self.glide()
        let first = FlightAnalysis.compute(fixes: fixes, inputs: inputs, budget: 1)
        let firstBound = try #require(first.freeSixUpperBound)
        // A step (made up) with a shorter route and a looser bound: the routes found before stay, and the bound
        // is the smaller of the two.
        var worse = first
        worse.freeSix?.meters -= 1000
        worse.freeSixUpperBound = firstBound + 5000
        worse.freeDistanceBudget = 4
        let kept = first.keepingProof(of: worse)
        #expect(kept.freeSix == first.freeSix && kept.freeSixUpperBound == firstBound && kept.freeDistanceBudget == 4)
        // A step that proved it: proven, whatever the bound before.
        var proven = first
        proven.freeSixUpperBound = nil
        proven.freeFourUpperBound = nil
        #expect(first.keepingProof(of: proven).freeDistanceProven)
        // A bound that comes down onto the route is a proof.
        var tight = first
        tight.freeSixUpperBound = first.freeSix!.meters
        #expect(first.keepingProof(of: tight).freeSixUpperBound == nil)
    }

    @Test func theStepsStopAtTheLimit() {
        let (fixes, inputs) = Self.glide()
        var analysis = FlightAnalysis.compute(fixes: fixes, inputs: inputs, budget: 1)
        analysis.freeDistanceBudget = FlightAnalysis.proofBudgetLimit / 2
        #expect(analysis.nextProofBudget() == nil)
        analysis.freeDistanceBudget = nil
        #expect(analysis.budgetReached == FreeDistance.defaultBudget)
        #expect(analysis.nextProofBudget() == FreeDistance.defaultBudget * 4)
        analysis.freeDistanceBudget = .max / 2
        #expect(analysis.nextProofBudget(limit: .max) == nil, "no overflow")
    }

    /// The FAI triangle's search stopped at its node limit (issue 38: `--prove` left it so, and `contestProven` said
    /// true): the steps give it 4 times the nodes each, until it is proven the largest, as a search with all the
    /// nodes it needs finds it; `contestProven` is false until then, though the free distances are proven.
    @Test func theTriangleIsProvenInStepsToo() throws {
        let fixes = SyntheticTracks.fixes(.circling, hours: 0.5, every: 2)
        let inputs = FlightAnalysis.Inputs(
            takeoff: fixes[0].time, landing: fixes[fixes.count - 1].time, release: nil, fixCount: fixes.count,
            index: nil)
        let first = FlightAnalysis.compute(fixes: fixes, inputs: inputs, triangleNodes: 1000)
        try #require(first.faiTriangle != nil && !first.faiTriangleProven, "1000 nodes leave the triangle open")
        #expect(first.freeDistanceProven && !first.contestProven && first.faiTriangleNodeLimit == 1000)
        #expect(first.nextTriangleNodes == 4000)
        #expect(AnalysisWords.proofLine(flight: 3, first, seconds: 2).hasSuffix(", maybe not the largest (2 s)"))
        var kept = first
        var steps = 0
        while !kept.contestProven, let budget = kept.nextProofBudget() {
            let step = FlightAnalysis.compute(
                fixes: fixes, inputs: inputs, budget: budget, triangleNodes: kept.nextTriangleNodes)
            let before = kept
            kept = kept.keepingProof(of: step)
            steps += 1
            #expect((kept.faiTriangle?.meters ?? 0) >= (before.faiTriangle?.meters ?? 0), "step \(steps)")
        }
        #expect(kept.contestProven && kept.faiTriangleProven, "still not proven after \(steps) steps")
        let exact = FlightAnalysis.compute(fixes: fixes, inputs: inputs, triangleNodes: 10_000_000)
        #expect(exact.faiTriangleProven)
        #expect(abs(kept.faiTriangle!.meters - exact.faiTriangle!.meters) < 1e-6)
        #expect(abs(kept.olcPlusPoints - exact.olcPlusPoints) < 1e-6)
        // A step that did not prove it leaves it open; one that did proves the kept one.
        var open = first
        open.faiTriangleNodeLimit = 4000
        #expect(!first.keepingProof(of: open).faiTriangleProven)
        #expect(first.keepingProof(of: exact).faiTriangleProven)
    }
}
