import FlightLogAnalysis
import FlightLogCore
import Foundation
import GRDB

/// Finishing the free distance searches that stopped at their work budget (`flightlog analyse --prove`, run by the
/// `flightlog-prove` unit at idle priority): which flights have one, and one proof step of a flight, stored only
/// when the flight's analysis is still the one it started from.
extension FlightStore {
    /// What one proof step did (``proofStep(forFlight:glider:limit:)``).
    package enum ProofStep: Sendable {
        /// The flight is not analysed (no track, unknown times, over ``FlightAnalysis/longestFlight``).
        case notAnalysed
        /// Nothing to do: the stored analysis is proven, or the next step's budget would pass the limit.
        case done(FlightAnalysis)
        /// The analysis with a larger budget, kept with what the one before proved; `stored` false when the
        /// flight's analysis changed while the step ran (an edit, another process): nothing was written.
        case stepped(FlightAnalysis, stored: Bool)
    }

    /// The flights whose current stored analysis (as ``contestSummaries(only:)`` reads currency: this version,
    /// the flight's times as stored now) has a free distance or FAI triangle not proven the longest, by id.
    package func flightsWithUnprovenContest() throws(LogbookError) -> [Int64] {
        try read { db -> [Int64] in
            guard try db.tableExists("flightAnalysis") else { return [] }
            return try Int64.fetchAll(
                db,
                sql: """
                    SELECT a.flightId FROM (SELECT flightId, CAST(data AS TEXT) AS j FROM flightAnalysis
                        WHERE length(data) <= ?1) a
                    JOIN flight f ON f.id = a.flightId
                    WHERE \(Self.analysisIsCurrentSQL)
                        AND (json_type(a.j, '$.freeSixUpperBound') IN ('integer', 'real')
                            OR json_type(a.j, '$.freeFourUpperBound') IN ('integer', 'real')
                            OR json_type(a.j, '$.faiTriangleProven') = 'false')
                    ORDER BY a.flightId
                    """,
                arguments: [Self.maxAnalysisBytes])
        }
    }

    /// One proof step of flight `id`'s free distances and FAI triangle: its current analysis (computed and stored first when it has
    /// none), then, unless that is proven, the analysis again with the next step's budget
    /// (``FlightAnalysis/nextProofBudget(limit:)``), kept with what the one before proved
    /// (``FlightAnalysis/keepingProof(of:)``) and stored in place of it. Minutes of work for a hard track: the
    /// store is not locked meanwhile, and the write happens only if the stored analysis is still the one the step
    /// began from. `glider`: this device's glider, as for ``analysis(forFlight:glider:)``.
    package func proofStep(forFlight id: Int64, glider: OwnGlider, limit: Int = FlightAnalysis.proofBudgetLimit)
        throws(LogbookError) -> ProofStep
    {
        guard FlightAnalysis.isAnalysable(try flight(id: id)) else { return .notAnalysed }
        let (before, flight, track) = try analysisAndTrack(forFlight: id, glider: glider) {
            analysis throws(LogbookError) in try store(analysis, forFlight: id)
        }
        guard let track else { return .notAnalysed }
        guard !before.contestProven, let budget = before.nextProofBudget(limit: limit) else {
            return .done(before)
        }
        let step = FlightAnalysis.compute(
            flight: flight, track: track, glider: glider, budget: budget, triangleNodes: before.nextTriangleNodes)
        let kept = before.keepingProof(of: step)
        return .stepped(kept, stored: try store(kept, forFlight: id, ifStill: before))
    }

    /// Stores `analysis` as flight `id`'s if the stored one is still `before`, in one transaction; false when it
    /// is not (nothing written).
    func store(_ analysis: FlightAnalysis, forFlight id: Int64, ifStill before: FlightAnalysis)
        throws(LogbookError) -> Bool
    {
        let data: Data
        do { data = try JSONEncoder().encode(analysis) } catch {
            throw LogbookError(.other, "cannot encode the analysis of flight \(id): \(error)")
        }
        return try write { db -> Bool in
            let stored = try Data.fetchOne(
                db, sql: "SELECT data FROM flightAnalysis WHERE flightId = ?", arguments: [id])
            guard let stored, stored.count <= Self.maxAnalysisBytes,
                (try? JSONDecoder().decode(FlightAnalysis.self, from: stored)) == before
            else { return false }
            try db.execute(sql: "UPDATE flightAnalysis SET data = ? WHERE flightId = ?", arguments: [data, id])
            return true
        }
    }
}
