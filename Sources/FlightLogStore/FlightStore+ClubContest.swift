import FlightLogAnalysis
import FlightLogCore
import FlightLogLogbook
import Foundation
import GRDB

extension FlightStore {
    /// Every finished flight's contest figures for the club logbook, by flight UUID. A flight whose stored analysis
    /// is current (as ``contestSummaries(only:)`` judges it: this version, its takeoff, landing and release as
    /// stored now) and was made with the index the flight has now (as its analysis has it:
    /// `FlightAnalysis.index(_:source:gliderType:registration:competitionClass:)`, `glider`'s `[glider] index`
    /// where the flight is this glider's) sends what is stored. One whose analysis is out of date (its times or glider type edited
    /// since, or an older flightlog's analysis) is analysed again now and stored — at most `analyseAtMost` of them
    /// per call, so that the first sync after an upgrade does not analyse years of flights at once; the rest are
    /// left out (the club keeps what it has until a later sync). A flight never analysed (import and landing
    /// analyse every flight; only one from before the analysis has none) or that cannot be analysed (over 24 h)
    /// sends none; one whose stored analysis cannot be read (not JSON, too large) counts as out of date. A flight
    /// whose row cannot be read now (its recording damaged) is left out, as is one beyond `analyseAtMost`.
    /// Sync sends the list each time and the server changes only the rows that differ.
    // Not optimised: Swift 6.3.1's release optimiser crashes on this function (an ownership check in
    // CopyPropagation), whichever way its loop is written; it runs once a sync and reads no tracks when current.
    @_optimize(none)
    package func clubContest(glider: OwnGlider, analyseAtMost: Int = 100) throws(LogbookError) -> [(
        uuid: String, contest: ClubContest?
    )] {
        let current = try contestSummaries()
        let rows = try read { db -> [Row] in
            let hasAnalyses = try db.tableExists("flightAnalysis")
            return try Row.fetchAll(
                db,
                sql: hasAnalyses
                    ? """
                    SELECT id, uuid, gliderType, registration, competitionClass, kind, analysed,
                        CASE WHEN valid THEN json_extract(j, '$.olcPlusPoints') END AS points,
                        CASE WHEN valid THEN json_extract(j, '$.index') END AS idx,
                        CASE WHEN valid THEN json_extract(j, '$.inputs.index') END AS inputIndex
                    FROM (SELECT f.id, f.uuid, f.gliderType, f.registration, f.competitionClass, r.kind, a.flightId IS NOT NULL AS analysed,
                            CAST(a.data AS TEXT) AS j,
                            coalesce(length(a.data) <= ?1 AND json_valid(CAST(a.data AS TEXT)), 0) AS valid
                        FROM flight f JOIN recording r ON r.id = f.recordingId
                        LEFT JOIN flightAnalysis a ON a.flightId = f.id
                        WHERE NOT f.inProgress)
                    ORDER BY id
                    """
                    : """
                    SELECT id, uuid, gliderType, registration, NULL AS competitionClass, NULL AS kind, 0 AS analysed,
                        NULL AS points, NULL AS idx, NULL AS inputIndex
                    FROM flight WHERE NOT inProgress
                    """,
                arguments: hasAnalyses ? [Self.maxAnalysisBytes] : [])
        }
        var figures: [(uuid: String, contest: ClubContest?)] = []
        figures.reserveCapacity(rows.count)
        var budget = analyseAtMost
        for row in rows {
            guard let id = StoredValues.integer(row, "id"), let uuid = StoredValues.text(row, "uuid") else { continue }
            let source = FlightSource(
                recordingKind: StoredValues.text(row, "kind") ?? "recorded", fileName: nil, sha256: nil)
            let wanted = FlightAnalysis.index(
                glider, source: source, gliderType: StoredValues.text(row, "gliderType"),
                registration: StoredValues.text(row, "registration"),
                competitionClass: StoredValues.text(row, "competitionClass")
            ).index
            let stored = Double.fromDatabaseValue(row["inputIndex"] as DatabaseValue)
            if let summary = current[id], stored == wanted {
                figures.append((uuid, Self.clubContest(flight: id, row: row, summary: summary)))
                continue
            }
            // Never analysed: none, without reading the flight (an old logbook may hold thousands of them). A
            // stored analysis that cannot be read (not JSON, too large) was one: it is made again below.
            guard StoredValues.integer(row, "analysed") == 1 else {
                figures.append((uuid, nil))
                continue
            }
            do {
                let flight = try flight(id: id)
                guard FlightAnalysis.isAnalysable(flight) else {
                    figures.append((uuid, nil))
                    continue
                }
                guard budget > 0 else { continue }
                budget -= 1
                let analysis = try analysis(forFlight: id, glider: glider)
                figures.append((uuid, Self.clubContest(flight: id, analysis: analysis)))
            } catch {
                // One flight that cannot be read or analysed now is left out (the club keeps what it has), so
                // that it does not stop the sync of every other flight's figures.
                continue
            }
        }
        return figures
    }

    /// The figures of an analysis just made, nil when one is out of range.
    private static func clubContest(flight id: Int64, analysis: FlightAnalysis) -> ClubContest? {
        let made = ClubContest(analysis)
        do {
            return try ClubContest.checked(flight: id, km: made.km, points: made.points, index: made.index)
        } catch {
            return nil
        }
    }

    /// The figures of one row, nil when any is missing or out of range (the database is outside input: the club
    /// then shows none).
    private static func clubContest(flight id: Int64, row: Row, summary: ContestSummary) -> ClubContest? {
        guard let points = Double.fromDatabaseValue(row["points"] as DatabaseValue),
            let index = Double.fromDatabaseValue(row["idx"] as DatabaseValue)
        else { return nil }
        do {
            return try ClubContest.checked(flight: id, km: summary.freeSixKm, points: points, index: index)
        } catch {
            return nil
        }
    }
}
