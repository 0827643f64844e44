import FlightLogCore

/// Finishing the contest searches that stopped at their work budget (`flightlog analyse --prove`): the free
/// distances and the FAI triangle, in steps: each step runs the analysis again with 4 times the budget of the last
/// one kept (the free distances' and the triangle's), and its result is kept with what the steps before proved. A step cut short (the master switch) loses only its own work: the next run goes on from
/// the last step kept.
extension FlightAnalysis {
    /// Each step's budget is this many times the one before.
    package static let proofStepFactor = 4
    /// The most work a proof step may do: 4⁵ times ``FreeDistance/defaultBudget`` (204.8 billion). A search that
    /// is still not proven there (a glide of many hours losing thousands of metres) keeps its best route and bound
    /// rather than run the Pi's battery down.
    package static let proofBudgetLimit = FreeDistance.defaultBudget * 1024

    /// The work budget the free distance searches of this analysis had.
    package var budgetReached: Int { freeDistanceBudget ?? FreeDistance.defaultBudget }

    /// The budget of the next proof step: ``proofStepFactor`` times ``budgetReached``; nil when that is over `limit`.
    package func nextProofBudget(limit: Int = proofBudgetLimit) -> Int? {
        let (next, overflow) = budgetReached.multipliedReportingOverflow(by: Self.proofStepFactor)
        return overflow || next > limit ? nil : next
    }

    /// The nodes the FAI triangle search could visit in this analysis.
    package var triangleNodesReached: Int { faiTriangleNodeLimit ?? ClosedTriangle.defaultNodeLimit }

    /// The triangle's node limit in the next proof step: ``proofStepFactor`` times ``triangleNodesReached`` (it grows
    /// with the free distances' budget, so the step limit bounds both).
    package var nextTriangleNodes: Int {
        let (next, overflow) = triangleNodesReached.multipliedReportingOverflow(by: Self.proofStepFactor)
        return overflow ? .max : next
    }

    /// This analysis with what a proof `step` (the same flight analysed again with a larger budget) found: the
    /// step's, with each free distance's upper bound the smaller of the two (both bound every route); a free
    /// distance is proven when either proved it, and so is the FAI triangle. More work never finds a shorter route
    /// (the search repeats the same steps first); should a step's route be shorter all the same, this analysis's
    /// routes are kept.
    package func keepingProof(of step: FlightAnalysis) -> FlightAnalysis {
        var kept = step
        let shorter =
            (step.freeSix?.meters ?? 0) < (freeSix?.meters ?? 0)
            || (step.freeFour?.meters ?? 0) < (freeFour?.meters ?? 0)
            || (step.faiTriangle?.meters ?? 0) < (faiTriangle?.meters ?? 0)
        if shorter {
            kept = self
            kept.freeDistanceBudget = step.freeDistanceBudget
            kept.faiTriangleNodeLimit = step.faiTriangleNodeLimit
        }
        // A proven step triangle is the largest; this one, no shorter, is then as large.
        kept.faiTriangleProven = faiTriangleProven || step.faiTriangleProven
        kept.freeSixUpperBound = Self.tighter(freeSixUpperBound, step.freeSixUpperBound, route: kept.freeSix)
        kept.freeFourUpperBound = Self.tighter(freeFourUpperBound, step.freeFourUpperBound, route: kept.freeFour)
        return kept
    }

    /// The smaller of two upper bounds (nil: proven), nil once it is no longer than `route`.
    private static func tighter(_ a: Meters?, _ b: Meters?, route: Route?) -> Meters? {
        guard let a, let b else { return nil }
        let bound = min(a, b)
        return bound <= (route?.meters ?? 0) ? nil : bound
    }
}
