import FlightLogAnalysis
import FlightLogCore
import Foundation
import GRDB

/// The flights' analyses (``FlightAnalysis``), kept beside the flights so that each is computed once: at import,
/// at landing, or on first use. The track is never rewritten, so a stored analysis stays right until a rule of
/// the analysis (its version) or one of its inputs (an edited launch, the glider's index) changes.
extension FlightStore {
    /// The analysis of flight `id`: the stored one when it is current, else computed now and, when this store
    /// writes, stored with the flight's task result (``refreshTaskResult(forFlight:)``). `glider`: this device's
    /// glider, the config's (its `[glider] index` applies to its flights only: ``OwnGlider/flew(_:)``).
    package func analysis(forFlight id: Int64, glider: OwnGlider) throws(LogbookError) -> FlightAnalysis {
        let analysis = try self.analysis(forFlight: id, glider: glider) { analysis throws(LogbookError) in
            if mode == .readWrite { try store(analysis, forFlight: id) }
        }
        // The task result is kept with it (`list` reads it); a failure costs only a compute at the next `list`.
        if mode == .readWrite { try? refreshTaskResult(forFlight: id, analysis: analysis) }
        return analysis
    }

    /// The analysis of flight `id`: the stored one when it is current, else computed now and handed to `keep`
    /// (which stores it where it can: a read-only store's caller may hold a writable one).
    package func analysis(
        forFlight id: Int64, glider: OwnGlider, keep: (FlightAnalysis) throws(LogbookError) -> Void
    ) throws(LogbookError) -> FlightAnalysis {
        try analysisAndTrack(forFlight: id, glider: glider, keep: keep).analysis
    }

    /// ``analysis(forFlight:glider:keep:)`` with the flight and the track it was made from (nil for a flight that
    /// is not analysed: ``FlightAnalysis/isAnalysable(_:)``).
    func analysisAndTrack(
        forFlight id: Int64, glider: OwnGlider, keep: (FlightAnalysis) throws(LogbookError) -> Void
    ) throws(LogbookError) -> (analysis: FlightAnalysis, flight: Flight, track: Track?) {
        let flight = try flight(id: id)
        // A flight whose takeoff or landing is unknown (unreadable in the database) has no window to analyse.
        let track = FlightAnalysis.isAnalysable(flight) ? try track(forFlight: id) : nil
        let inputs = FlightAnalysis.inputs(of: flight, fixCount: track?.fixes.count ?? 0, glider: glider)
        if let stored = try storedAnalysis(forFlight: id), stored.isCurrent(for: inputs) {
            return (stored, flight, track)
        }
        let analysis = FlightAnalysis.compute(flight: flight, track: track, glider: glider, budget: Self.contestBudget)
        try keep(analysis)
        return (analysis, flight, track)
    }

    /// The work each free distance search may do where a pilot waits (import, landing, `show`, a page):
    /// ``FreeDistance/defaultBudget``, or `FLIGHTLOG_CONTEST_BUDGET` (a test switch, docs/DEVELOPING.md: a tiny
    /// budget leaves a small track's search not proven, for `flightlog analyse --prove` to finish).
    static let contestBudget: Int = {
        guard let text = ProcessInfo.processInfo.environment["FLIGHTLOG_CONTEST_BUDGET"], let budget = Int(text),
            budget > 0
        else { return FreeDistance.defaultBudget }
        return budget
    }()

    /// Where a stored analysis `a` (its JSON as `a.j`) is current for flight `f`: valid JSON of this version, made
    /// for the take-off, landing and release stored now (an edited time makes it stale). One rule for every query.
    static let analysisIsCurrentSQL = """
        json_valid(a.j) AND json_extract(a.j, '$.version') IS \(FlightAnalysis.currentVersion)
            AND json_extract(a.j, '$.inputs.takeoff') IS f.takeoffTime
            AND json_extract(a.j, '$.inputs.landing') IS f.landingTime
            AND json_extract(a.j, '$.inputs.release') IS f.releaseTime
        """

    /// The stored analysis of flight `id`, whatever its version; nil when there is none or it cannot be read (the
    /// database is outside input: such an analysis is computed again).
    package func storedAnalysis(forFlight id: Int64) throws(LogbookError) -> FlightAnalysis? {
        let data = try read { db in
            try Data.fetchOne(db, sql: "SELECT data FROM flightAnalysis WHERE flightId = ?", arguments: [id])
        }
        guard let data, data.count <= Self.maxAnalysisBytes else { return nil }
        return try? JSONDecoder().decode(FlightAnalysis.self, from: data)
    }

    /// The contest summaries of `flights` that have a current stored analysis (``contestSummaries()``: one query,
    /// none computed): the printed logbook shows "—" for the others rather than analysing years of flights.
    package func storedContestSummaries(of flights: [Flight]) throws(LogbookError) -> [Int64: ContestSummary] {
        let ids = Set(flights.compactMap(\.id))
        guard !ids.isEmpty else { return [:] }
        return try contestSummaries(only: ids)
    }

    /// Stores `analysis` as flight `id`'s, replacing any before it.
    package func store(_ analysis: FlightAnalysis, forFlight id: Int64) throws(LogbookError) {
        let data: Data
        do { data = try JSONEncoder().encode(analysis) } catch {
            throw LogbookError(.other, "cannot encode the analysis of flight \(id): \(error)")
        }
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO flightAnalysis (flightId, data) SELECT id, ? FROM flight WHERE id = ?",
                arguments: [data, id])
        }
    }

    /// The contest distance and engine time of every flight with a current stored analysis, by flight id, in one
    /// query (`list` and `stats` show them for years of flights without decoding or computing any analysis).
    ///
    /// SQLite reads the numbers from the stored JSON. An analysis is current here when it is of this version and
    /// for the flight's takeoff, landing and release times as stored now (an edit of any of them makes it old),
    /// as `FlightAnalysis.isCurrent` has it, but without its fix count: counting needs each flight's track, and
    /// the fixes between takeoff and landing never change (the track is never rewritten). The glider's index
    /// changes only the points, not the distance. Text that is not JSON, or a distance or time out of range, is
    /// no analysis (the database is outside input). A flight over ``FlightAnalysis/longestFlight`` from takeoff to
    /// landing is not analysed (its stored analysis holds no route, which is not a distance of 0): it has none
    /// here, so every list shows "—" for it. `only`: just these flights (a page of the list reads only its own
    /// rows).
    package func contestSummaries(only ids: Set<Int64>? = nil) throws(LogbookError) -> [Int64: ContestSummary] {
        let idList = ids.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
        let rows = try read { db -> [Row] in
            // An older database opened read-only (never migrated) has no analyses yet.
            guard try db.tableExists("flightAnalysis") else { return [] }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT a.flightId AS id, json_type(a.j, '$.freeSix') AS route,
                        CASE WHEN json_type(a.j, '$.freeSix.meters') IN ('integer', 'real') THEN
                            json_extract(a.j, '$.freeSix.meters') END AS meters,
                        json_type(a.j, '$.freeSixUpperBound') AS boundType,
                        CASE WHEN json_type(a.j, '$.freeSixUpperBound') IN ('integer', 'real') THEN
                            json_extract(a.j, '$.freeSixUpperBound') END AS bound,
                        json_type(a.j, '$.freeFourUpperBound') IN ('integer', 'real')
                            OR json_type(a.j, '$.faiTriangleProven') = 'false' AS othersOpen,
                        CASE WHEN json_type(a.j, '$.engineSensor') = 'text' THEN
                            (SELECT total(json_extract(value, '$.end') - json_extract(value, '$.start'))
                             FROM json_each(a.j, '$.engineRuns') WHERE type = 'object')
                        END AS engineMillis
                    FROM (SELECT flightId, CAST(data AS TEXT) AS j FROM flightAnalysis WHERE length(data) <= ?1
                        AND (?2 IS NULL OR flightId IN (SELECT value FROM json_each(?2)))) a
                    JOIN flight f ON f.id = a.flightId
                    WHERE \(Self.analysisIsCurrentSQL) AND json_type(a.j, '$.engineRuns') IS 'array'
                        AND f.landingTime - f.takeoffTime <= ?3
                    """,
                arguments: [Self.maxAnalysisBytes, idList, FlightAnalysis.longestFlight])
        }
        var summaries: [Int64: ContestSummary] = [:]
        for row in rows {
            let id: Int64 = row["id"]
            let route: String? = row["route"]
            let meters: Double? = row["meters"], engineMillis: Double? = row["engineMillis"]
            // No route (too few fixes in the scoring window) is a distance of 0; a route without a number is broken.
            let distance = route == nil || route == "null" ? 0 : meters
            guard let distance, distance.isFinite, distance >= 0, distance < 1e8 else { continue }
            if let engineMillis, !(engineMillis.isFinite && engineMillis >= 0 && engineMillis < 1e9) { continue }
            // Not proven the longest: the bound no route is longer than; absent or null when proven.
            let boundType: String? = row["boundType"], bound: Double? = row["bound"]
            let unproven = boundType == "integer" || boundType == "real"
            guard unproven || boundType == nil || boundType == "null" else { continue }  // a damaged bound
            if unproven, !(bound.map { $0.isFinite && $0 >= distance && $0 < 1e8 } ?? false) { continue }
            summaries[id] = ContestSummary(
                freeSixMeters: distance, engineSeconds: engineMillis.map { $0 / 1000 },
                freeSixUpperBoundMeters: unproven ? bound : nil, othersProven: (row["othersOpen"] as Bool?) != true)
        }
        return summaries
    }

    /// A stored analysis is a few kilobytes (routes of at most 7 points); anything much larger is not ours.
    static let maxAnalysisBytes = 1 << 20
}
