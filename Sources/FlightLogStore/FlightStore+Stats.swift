import FlightLogAnalysis
import FlightLogCore
import Foundation

/// What `flightlog stats` shows: the chosen flights' totals and contest seasons, and the owner's recency.
package struct LogbookStats: Sendable {
    package var totals: LogbookStatistics
    package var recency: Recency
    package var seasons: [ContestSeason]
}

extension FlightStore {
    /// The totals and contest seasons of `chosen`, and the recency of `owner` over every flight of the logbook up
    /// to `asOf`, whatever chose the flights (times count where the owner flew; no owner: each flight's pilot).
    package func stats(of chosen: [Flight], owner: LogbookOwner?, asOf: CivilDate) throws -> LogbookStats {
        let entries = chosen.map { LogbookEntry($0, owner: owner) }
        let all = try flights(matching: FlightFilter())
        return LogbookStats(
            totals: LogbookStatistics(entries),
            recency: Recency(all.map { LogbookEntry($0, owner: owner) }, asOf: asOf),
            seasons: ContestSeason.seasons(entries, contest: try contestSummaries()))
    }
}

extension CivilDate {
    /// Today's date on this machine's clock and zone (recency is as of today in `flightlog stats` and on the phone).
    package static func today() -> CivilDate {
        let now = Date()
        let offset = TimeZone.current.secondsFromGMT(for: now)
        return CivilDateTime(utc: UTCMillis(now.timeIntervalSince1970 * 1000), offsetSeconds: offset).date
    }
}
