import FlightLogCore

/// How a thermal is drawn on a map or a barogram, in every view (PDF report, phone page, club pages): one rule,
/// so that the same thermal looks the same everywhere.
///
/// A thermal is a circle at its centre whose area grows with its average climb: radius ∝ √climb, between
/// `minimumRadius` (weak or failed circling, up to 0.5 m/s) and `maximumRadius` (4 m/s and more), in the view's own
/// units (points, CSS pixels). Circling that lost height is not a thermal the pilot looks for: no mark.
package enum ThermalMark {
    /// Climb rates (m/s) at which the radius stops shrinking and stops growing.
    package static let weakClimb = 0.5
    package static let strongClimb = 4.0

    /// The mark's radius for a thermal of average `climbRate` (m/s), or nil when it lost height.
    package static func radius(climbRate: Double, minimumRadius: Double, maximumRadius: Double) -> Double? {
        guard climbRate.isFinite, climbRate > 0 else { return nil }
        let clamped = min(max(climbRate, weakClimb), strongClimb)
        let fraction =
            (clamped.squareRoot() - weakClimb.squareRoot()) / (strongClimb.squareRoot() - weakClimb.squareRoot())
        return minimumRadius + fraction * (maximumRadius - minimumRadius)
    }

    /// A short label for a mark: the average climb with one decimal, "2.3 m/s".
    package static func label(climbRate: Double) -> String {
        let tenths = Int((climbRate * 10).rounded())
        let sign = tenths < 0 ? "−" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10) m/s"
    }
}
