import FlightLogCore
import Foundation
import GRDB

/// The flights' analyses (``FlightAnalysis``), kept beside the flights so that each is computed once: at import,
/// at landing, or on first use. The track is never rewritten, so a stored analysis stays right until a rule of
/// the analysis (its version) or one of its inputs (an edited launch, the glider's index) changes.
extension FlightStore {
    /// The analysis of flight `id`: the stored one when it is current, else computed now and, when this store
    /// writes, stored. `index` is the glider's handicap index (nil: unknown, points at 100).
    package func analysis(forFlight id: Int64, index: Double? = nil) throws(LogbookError) -> FlightAnalysis {
        let flight = try flight(id: id)
        // A flight whose takeoff or landing is unknown (unreadable in the database) has no window to analyse.
        let timed = flight.unknown.isDisjoint(with: [.takeoffTime, .landingTime])
        let track = flight.hasTrack && timed ? try track(forFlight: id) : nil
        let fixes = track?.fixes ?? []
        let inputs = FlightAnalysis.Inputs(
            takeoff: flight.takeoffTime, landing: flight.landingTime, release: flight.releaseTime,
            fixCount: fixes.count, index: index)
        if let stored = try storedAnalysis(forFlight: id), stored.isCurrent(for: inputs) { return stored }
        let analysis = FlightAnalysis.compute(
            fixes: fixes, extensions: track?.recorder.extensions ?? [], inputs: inputs)
        if mode == .readWrite { try store(analysis, forFlight: id) }
        return analysis
    }

    /// The stored analysis of flight `id`, whatever its version; nil when there is none or it cannot be read (the
    /// database is outside input: such an analysis is computed again).
    package func storedAnalysis(forFlight id: Int64) throws(LogbookError) -> FlightAnalysis? {
        let data = try read { db in
            try Data.fetchOne(db, sql: "SELECT data FROM flightAnalysis WHERE flightId = ?", arguments: [id])
        }
        guard let data, data.count <= Self.maxAnalysisBytes else { return nil }
        return try? JSONDecoder().decode(FlightAnalysis.self, from: data)
    }

    /// The contest summaries of `flights` from their stored analyses, in one query: only an analysis of the
    /// current version for the flight's takeoff, landing and release counts (the printed logbook shows "—" for the
    /// others rather than analysing years of flights while it prints). Read in SQL, without decoding each analysis.
    package func storedContestSummaries(of flights: [Flight]) throws(LogbookError) -> [Int64: ContestSummary] {
        let byId = Dictionary(flights.compactMap { f in f.id.map { ($0, f) } }, uniquingKeysWith: { a, _ in a })
        guard !byId.isEmpty else { return [:] }
        let ids = "[" + byId.keys.map(String.init).joined(separator: ",") + "]"
        let rows = try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT flightId, json_extract(j, '$.version') AS version,
                        json_extract(j, '$.inputs.takeoff') AS takeoff, json_extract(j, '$.inputs.landing') AS landing,
                        json_extract(j, '$.inputs.release') AS release, json_extract(j, '$.freeSix.meters') AS meters,
                        json_extract(j, '$.engineSensor') AS sensor,
                        (SELECT total(json_extract(r.value, '$.end') - json_extract(r.value, '$.start'))
                            FROM json_each(j, '$.engineRuns') r) AS engineMillis
                    FROM (SELECT flightId, CAST(data AS TEXT) AS j FROM flightAnalysis
                        WHERE flightId IN (SELECT value FROM json_each(?)) AND json_valid(CAST(data AS TEXT)))
                    """, arguments: [ids])
        }
        var summaries: [Int64: ContestSummary] = [:]
        for row in rows {
            let id: Int64 = row["flightId"]
            guard let flight = byId[id], row["version"] as Int? == FlightAnalysis.currentVersion,
                row["takeoff"] as Int64? == flight.takeoffTime, row["landing"] as Int64? == flight.landingTime,
                row["release"] as Int64? == flight.releaseTime
            else { continue }
            let meters: Double? = row["meters"], engineMillis: Double = row["engineMillis"]
            let sensor: String? = row["sensor"]
            guard meters.map({ $0.isFinite && $0 >= 0 && $0 < 1e8 }) ?? true, engineMillis.isFinite else { continue }
            summaries[id] = ContestSummary(
                freeKm: meters.map { $0 / 1000 }, engineSeconds: sensor == nil ? nil : max(0, engineMillis / 1000))
        }
        return summaries
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

    /// A stored analysis is a few kilobytes (routes of at most 7 points); anything much larger is not ours.
    static let maxAnalysisBytes = 1 << 20
}
