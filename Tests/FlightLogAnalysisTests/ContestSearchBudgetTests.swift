import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogAnalysis

/// The free distance search stops at its work budget with the best route found, its upper bound and "not proven"
/// where the 1000 m rule leaves a plateau of ties (a tow, then one straight glide losing far more than 1000 m:
/// minutes of search before the budget); work is counted, not timed.
@Suite struct ContestSearchBudgetTests {
    /// The plain O(legs · n²) programme once per start, with the rule point against point: the reference.
    private func plainFreeDistance(_ trace: ContestTrace, legs: Int) -> Double {
        let n = trace.count
        var best = 0.0
        for start in 0..<n {
            var value = (0..<n).map { $0 == start ? 0.0 : -.infinity }
            for _ in 0..<legs {
                value = (0..<n).map { j in (0...j).reduce(-.infinity) { max($0, value[$1] + trace.arc($1, j)) } }
            }
            for j in 0..<n where value[j] > -.infinity && trace.keepsHeight(start: start, finish: j, maxDrop: 1000) {
                best = max(best, value[j] * ContestTrace.faiRadius)
            }
        }
        return best
    }

    /// 100 minutes at 1 Hz losing 2,900 m: the search (once 200 s) stops within its budget, not proven, with the
    /// best route at most its upper bound and no shorter than the 1000 m the rule allows glided (60 km here).
    @Test(arguments: [6, 4])
    func aLongGlideStopsAtTheBudget(legs: Int) {
        let trace = ContestTrace(fixes: SyntheticTracks.straightGlide(hours: 100.0 / 60, loss: 2900))
        let (route, work) = FreeDistance.optimumAndWork(trace, legs: legs)
        guard let found = route else {
            Issue.record("no route")
            return
        }
        let search = FreeDistance.Search(trace: trace, legs: legs, pointsPerBlock: nil)
        #expect(work.spent <= FreeDistance.defaultBudget + search.blockWork, "\(work)")
        #expect(!found.isProven)
        #expect(found.distance <= found.upperBound)
        let allowed = 1000.0 / 2900 * 6000 * 25
        #expect(abs(found.distance - allowed) < 30, "\(found.distance) m, \(allowed) m allowed")
        #expect(trace.keepsHeight(start: found.points.first!, finish: found.points.last!, maxDrop: 1000))
    }

    /// A small glide (100 minutes, a fix every 40 s): with a tiny budget the route found is the plain
    /// programme's optimum at most and its upper bound at least; with the default budget it is that optimum, proven.
    @Test(arguments: [6, 4])
    func aSmallGlideIsExactWithinAnyBudget(legs: Int) {
        let fixes = SyntheticTracks.straightGlide(hours: 100.0 / 60, loss: 2900).enumerated()
            .filter { $0.offset % 40 == 0 }.map(\.element)
        let trace = ContestTrace(fixes: fixes)
        let exact = plainFreeDistance(trace, legs: legs)
        guard let cut = FreeDistance.optimum(trace, legs: legs, budget: 1),
            let whole = FreeDistance.optimum(trace, legs: legs)
        else {
            Issue.record("no route")
            return
        }
        #expect(!cut.isProven)
        #expect(cut.distance <= exact + 1e-6 && exact <= cut.upperBound, "\(cut), exact \(exact) m")
        #expect(whole.isProven && whole.upperBound == whole.distance)
        #expect(abs(whole.distance - exact) < 1e-6, "\(whole.distance) m, exact \(exact) m")
    }

    /// The budget does not cut real flights: each shared flight's whole track (tow and landing too) is proven
    /// within a third of it.
    @Test(.enabled(if: SharedFlights.available), arguments: SharedFlights.names)
    func realFlightsAreProvenWellWithinTheBudget(name: String) throws {
        let trace = ContestTrace(fixes: try SharedFlights.load(name).fixes)
        for legs in [6, 4] {
            let (route, work) = FreeDistance.optimumAndWork(trace, legs: legs, budget: .max)
            #expect(route?.isProven ?? true, "\(name), \(legs) legs: \(work)")
            #expect(work.spent * 3 < FreeDistance.defaultBudget, "\(name), \(legs) legs: \(work)")
        }
    }
}
