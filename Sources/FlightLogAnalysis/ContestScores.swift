import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The contest figures of one flight's scoring window (docs/CONTEST-AND-THERMALS.md, "Contest distance"): every route exact
/// over the window's fixes, the 1000 m rule read fix against fix (the finish at most 1000 m below the start, in
/// pressure altitude; GNSS altitude when the file has no barometer), closure within 1 km.
package struct ContestScores: Sendable, Equatable {
    /// Start, up to 5 turnpoints, finish (OLC classic, WeGlide distance).
    package var sixLegs: ContestRoute?
    /// Start, up to 3 turnpoints, finish (DMSt).
    package var fourLegs: ContestRoute?
    /// The largest FAI triangle: legs ≥ 28 % of the perimeter; from 500 km ≥ 25 % and ≤ 45 %.
    package var faiTriangle: ClosedTriangle.Result?
    /// The largest closed out-and-return.
    package var outAndReturn: OutAndReturn.Result?
    /// The glider's handicap index (100 when unknown): points = km × 100 / index.
    package var index: Double

    package init(
        sixLegs: ContestRoute?, fourLegs: ContestRoute?, faiTriangle: ClosedTriangle.Result?,
        outAndReturn: OutAndReturn.Result?, index: Double
    ) {
        self.sixLegs = sixLegs
        self.fourLegs = fourLegs
        self.faiTriangle = faiTriangle
        self.outAndReturn = outAndReturn
        self.index = index
    }

    /// Every route over `trace`; `index` outside 50…200 (or unknown) counts as 100. `budget`: the work each free
    /// distance search may do (``FreeDistance/defaultBudget``) before it stops with a route not proven;
    /// `triangleNodes`: the same for the FAI triangle's search (``ClosedTriangle/defaultNodeLimit``).
    package static func compute(
        _ trace: ContestTrace, index: Double? = nil, budget: Int = FreeDistance.defaultBudget,
        triangleNodes: Int = ClosedTriangle.defaultNodeLimit
    ) -> ContestScores {
        ContestScores(
            sixLegs: FreeDistance.optimum(trace, legs: 6, budget: budget),
            fourLegs: FreeDistance.optimum(trace, legs: 4, budget: budget),
            faiTriangle: ClosedTriangle.optimum(trace, fai: true, nodeLimit: triangleNodes),
            outAndReturn: OutAndReturn.optimum(trace),
            index: index.flatMap { (50...200).contains($0) ? $0 : nil } ?? 100)
    }

    private func km(_ meters: Meters?) -> Double { (meters ?? 0) / 1000 }
    private var factor: Double { 100 / index }

    /// OLC-Plus: classic km + 0.3 × FAI triangle km, × 100 / index.
    package var olcPlusPoints: Double { (km(sixLegs?.distance) + 0.3 * km(faiTriangle?.distance)) * factor }

    /// WeGlide free: distance km + the larger of 0.3 × FAI triangle km and 0.2 × out-and-return km, × 100 /
    /// index; under 50 points nothing.
    package var weGlideFreePoints: Double {
        let bonus = max(0.3 * km(faiTriangle?.distance), 0.2 * km(outAndReturn?.distance))
        let points = (km(sixLegs?.distance) + bonus) * factor
        return points < 50 ? 0 : points
    }

    /// DMSt free flight: the larger of the 4-leg km and the FAI triangle km + 40 %, × 100 / index; under 50
    /// points nothing.
    package var dmstPoints: Double {
        let points = max(km(fourLegs?.distance), 1.4 * km(faiTriangle?.distance)) * factor
        return points < 50 ? 0 : points
    }
}
