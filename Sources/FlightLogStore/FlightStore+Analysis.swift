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
        try analysis(forFlight: id, index: index) { analysis throws(LogbookError) in
            if mode == .readWrite { try store(analysis, forFlight: id) }
        }
    }

    /// The analysis of flight `id`: the stored one when it is current, else computed now and handed to `keep`
    /// (which stores it where it can: a read-only store's caller may hold a writable one).
    package func analysis(
        forFlight id: Int64, index: Double? = nil, keep: (FlightAnalysis) throws(LogbookError) -> Void
    ) throws(LogbookError) -> FlightAnalysis {
        let flight = try flight(id: id)
        // A flight whose takeoff or landing is unknown (unreadable in the database) has no window to analyse.
        let track = FlightAnalysis.isAnalysable(flight) ? try track(forFlight: id) : nil
        let inputs = FlightAnalysis.inputs(of: flight, fixCount: track?.fixes.count ?? 0, index: index)
        if let stored = try storedAnalysis(forFlight: id), stored.isCurrent(for: inputs) { return stored }
        let analysis = FlightAnalysis.compute(flight: flight, track: track, index: index)
        try keep(analysis)
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
