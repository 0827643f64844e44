import FlightLogCore
import Foundation
import GRDB

/// What a finished flight keeps beside its row that the club logbook holds too (`flightlog sync`, server addition
/// "class, task, analysis"): its file's competition class, the task it was declared with, and its analysis.
package struct ClubKeptFlight: Sendable {
    package var uuid: String
    package var competitionClass: String?
    /// The declared task's JSON as stored here (nil: none, or one that cannot be read).
    package var declaredTask: Data?
    /// The stored analysis's JSON, only when it is current for the flight as stored now (this version, its times).
    package var analysis: Data?
}

extension FlightStore {
    /// Every finished flight's kept values for the club logbook, oldest first. A declared task or analysis that
    /// cannot be read here (too large, not a task) is left out, so the club holds none rather than a broken one.
    package func clubKept() throws(LogbookError) -> [ClubKeptFlight] {
        try read { db -> [ClubKeptFlight] in
            let columns = Set(try db.columns(in: "flight").map(\.name))
            let hasAnalyses = try db.tableExists("flightAnalysis")
            let task = columns.contains("declaredTask") ? "f.declaredTask" : "NULL"
            let klass = columns.contains("competitionClass") ? "f.competitionClass" : "NULL"
            let analysis =
                hasAnalyses
                ? """
                CASE WHEN json_valid(a.j) THEN CASE WHEN \(Self.analysisIsCurrentSQL) THEN a.data END END
                """ : "NULL"
            let join =
                hasAnalyses
                ? """
                LEFT JOIN (SELECT flightId, data, CAST(data AS TEXT) AS j FROM flightAnalysis WHERE length(data) <= ?)
                    a ON a.flightId = f.id
                """ : ""
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT f.uuid, \(klass) AS competitionClass, \(task) AS declaredTask, \(analysis) AS analysis
                    FROM flight f \(join) WHERE NOT f.inProgress ORDER BY f.id
                    """,
                arguments: hasAnalyses ? [Self.maxAnalysisBytes] : [])
            return rows.compactMap { row -> ClubKeptFlight? in
                guard let uuid = StoredValues.text(row, "uuid") else { return nil }
                let task = Data.fromDatabaseValue(row["declaredTask"] as DatabaseValue)
                return ClubKeptFlight(
                    uuid: uuid, competitionClass: StoredValues.text(row, "competitionClass"),
                    declaredTask: Self.decoded(task) == nil ? nil : task,
                    analysis: Data.fromDatabaseValue(row["analysis"] as DatabaseValue))
            }
        }
    }
}
