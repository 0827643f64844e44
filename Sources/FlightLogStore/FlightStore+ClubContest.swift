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
        return rows.compactMap { row in
            guard let id = StoredValues.integer(row, "id"), let uuid = StoredValues.text(row, "uuid") else {
                return nil
            }
            // A number out of range makes no figures (the database is outside input): the club shows none.
            let points = Double.fromDatabaseValue(row["points"] as DatabaseValue)
            let index = Double.fromDatabaseValue(row["idx"] as DatabaseValue)
            guard let summary = current[id], let points, let index,
                let contest = try? ClubContest.checked(
                    flight: id, km: summary.freeSixKm, points: points, index: index)
            else { return (uuid, nil) }
            return (uuid, contest)
        }
    }
}
