import FlightLogAnalysis
import FlightLogCore

/// A flight's contest figures as the club logbook keeps them beside the flight (server columns `contest_km`,
/// `contest_points`, `contest_index`): the free distance over up to 6 legs (OLC classic, WeGlide distance) and the
/// OLC-Plus points at the glider's index. The gliders send them from their stored analysis; the club's pages read
/// them back, so every value from the server is checked here first (it is outside input).
package struct ClubContest: Sendable, Hashable {
    /// Free distance, 6 legs, km on the FAI sphere.
    package var km: Double
    /// OLC-Plus points at `index`.
    package var points: Double
    /// The handicap index the points use (100 when the glider's is unknown).
    package var index: Double

    /// No route is longer than this (a flight around the earth is 40,000 km): a larger number is not a distance.
    static let maximumKm: Double = 50_000

    package init(km: Double, points: Double, index: Double) {
        self.km = km
        self.points = points
        self.index = index
    }

    /// The figures of a stored analysis.
    package init(_ analysis: FlightAnalysis) {
        self.init(km: (analysis.freeSix?.meters ?? 0) / 1000, points: analysis.olcPlusPoints, index: analysis.index)
    }

    /// The server's three columns of flight `id` as figures: nil when all are NULL (not analysed, or synced by an
    /// older flightlog). A value no analysis gives (not finite, negative, beyond any route, an index outside
    /// 50–200, some columns set and others not) is an error that says which flight and what to do.
    package static func checked(flight id: Int64, km: Double?, points: Double?, index: Double?) throws(LogbookError)
        -> ClubContest?
    {
        if km == nil, points == nil, index == nil { return nil }
        func wrong(_ what: String) -> LogbookError {
            LogbookError(
                .corrupt,
                "the club logbook holds \(what) for flight \(id); its glider's next `flightlog sync` sends the "
                    + "right one, or clear it: UPDATE flight SET contest_km = NULL, contest_points = NULL, "
                    + "contest_index = NULL WHERE id = \(id)")
        }
        guard let km, let points, let index else {
            throw wrong("a contest distance, points or index without the others")
        }
        guard km.isFinite, km >= 0, km <= maximumKm else { throw wrong("an impossible contest distance (\(km) km)") }
        guard index.isFinite, (50...200).contains(index) else { throw wrong("an impossible glider index (\(index))") }
        // Points are at most (6-leg km + 0.3 × a triangle no longer than that) × 100 / 50.
        guard points.isFinite, points >= 0, points <= 2 * 1.3 * maximumKm else {
            throw wrong("impossible contest points (\(points))")
        }
        return ClubContest(km: km, points: points, index: index)
    }
}
