import FlightLogCore
import Foundation
import GRDB

extension FlightStore {
    /// Every finished flight's contest figures for the club logbook, by flight UUID: from its current stored
    /// analysis (as ``contestSummaries(only:)`` judges current), nil for a flight with none (never analysed, or its
    /// times edited since). Sync sends them all each time and the server changes only the rows that differ, so a
    /// flight analysed again (or for the first time) reaches the club at the next sync. Reads no tracks.
    package func clubContest() throws(LogbookError) -> [(uuid: String, contest: ClubContest?)] {
        let current = try contestSummaries()
        let rows = try read { db -> [Row] in
            let analysed = try db.tableExists("flightAnalysis")
            return try Row.fetchAll(
                db,
                sql: analysed
                    ? """
                    SELECT f.id, f.uuid, json_extract(CAST(a.data AS TEXT), '$.olcPlusPoints') AS points,
                        json_extract(CAST(a.data AS TEXT), '$.index') AS idx
                    FROM flight f LEFT JOIN flightAnalysis a ON a.flightId = f.id
                        AND length(a.data) <= ?1 AND json_valid(CAST(a.data AS TEXT))
                    WHERE NOT f.inProgress ORDER BY f.id
                    """
                    : "SELECT id, uuid, NULL AS points, NULL AS idx FROM flight WHERE NOT inProgress",
                arguments: analysed ? [Self.maxAnalysisBytes] : [])
        }
        // A plain loop: Swift 6.3's optimiser crashed (an ownership check in CopyPropagation) on the same code
        // written as a `compactMap` closure with `try?` in a release build.
        var figures: [(uuid: String, contest: ClubContest?)] = []
        figures.reserveCapacity(rows.count)
        for row in rows {
            guard let id = StoredValues.integer(row, "id"), let uuid = StoredValues.text(row, "uuid") else { continue }
            figures.append((uuid, Self.clubContest(flight: id, row: row, summary: current[id])))
        }
        return figures
    }

    /// The figures of one row, nil when any is missing or out of range (the database is outside input: the club
    /// then shows none).
    private static func clubContest(flight id: Int64, row: Row, summary: ContestSummary?) -> ClubContest? {
        guard let summary, let points = Double.fromDatabaseValue(row["points"] as DatabaseValue),
            let index = Double.fromDatabaseValue(row["idx"] as DatabaseValue)
        else { return nil }
        do {
            return try ClubContest.checked(flight: id, km: summary.freeSixKm, points: points, index: index)
        } catch {
            return nil
        }
    }
}
