import FlightLogAnalysis
import FlightLogCore

/// `flightlog stats` as a table.
package enum StatsText {
    /// The table made safe for a terminal, as `stats` prints it.
    package static func text(
        _ s: LogbookStatistics, _ r: Recency, owner: LogbookOwner?, filter: String, seasons: [ContestSeason]
    ) -> String {
        terminalSafe(render(s, r, owner: owner, filter: filter, seasons: seasons), keepNewlines: true)
    }

    /// `seasons`: the contest distances per year (``ContestSeason``); none: the section is left out.
    package static func render(
        _ s: LogbookStatistics, _ r: Recency, owner: LogbookOwner?, filter: String, seasons: [ContestSeason] = []
    ) -> String {
        var out =
            owner.map { "Logbook of \($0.name)" }
            ?? "Logbook (no owner set: [owner] name or --owner; each flight's pilot counts)"
        out += " — \(filter)\n\(s.overall.ownerHeadline)\n"
        if let others = s.overall.othersHeadline { out += others + "\n" }
        func table(_ title: String, _ rows: [(String, LogbookTotals)]) -> String {
            // "Flown": the owner's flights, as the headline counts them (the others count nothing).
            var t = TextTable(headers: [title, "Flown", "Launches", "Time", "PIC", "Dual", "FI(S)"])
            t.rightAligned = Set(1...6)
            for (label, totals) in rows {
                t.rows.append([
                    label, "\(totals.flown)", "\(totals.launches)", hm(totals.minutes), hm(totals.picMinutes),
                    hm(totals.dualMinutes), hm(totals.instructorMinutes),
                ])
            }
            return t.render()
        }
        out += "\n" + table("Year", s.byYear.map { ("\($0.key)", $0.totals) } + [("Total", s.overall)])
        out += "\n\n" + table("Glider type", s.byGliderType.map { ($0.key, $0.totals) })
        out += "\n\n" + table("Launch method", s.byLaunchMethod.map { ($0.key.words, $0.totals) })
        if let note = s.leftOutNote { out += "\n" + note }
        if !seasons.isEmpty { out += "\n\n" + contest(seasons) }
        out += "\n\nRecency on \(r.asOf) (EASA Part-SFCL, from all flights, not only these):"
        for rule in [r.passengers, r.licence] + r.launchMethods.map(\.rule) {
            out += "\n  \(rule.name): \(state(rule, r.asOf))"
            out += "\n    needs: \(rule.requirement)\n    has:   \(rule.have)"
        }
        return out
    }

    /// Per year the free distances (6 legs) of the flights the owner flew added up and the best flights, from the
    /// stored analyses.
    package static func contest(_ seasons: [ContestSeason]) -> String {
        var out = "Contest km (free distance, up to 6 legs: OLC classic, WeGlide):"
        for season in seasons {
            out += "\n  \(season.year): \(decimal(season.totalKm, 1)) km in \(season.analysed) analysed "
            out += season.analysed == 1 ? "flight" : "flights"
            if season.notAnalysed > 0 { out += "; \(season.notAnalysed) not analysed yet" }
            for (n, best) in season.best.enumerated() {
                let d = best.flight.details
                let glider = [d.gliderType, d.registration].compactMap { $0 }.joined(separator: " ")
                let km = fit(decimal(best.km, 1) + " km", 9, alignRight: true)
                let line = "    \(n + 1). \(km)  \(best.flight.dateText)  "
                let id = " (flight \(best.flight.id ?? 0))"
                // Within 80 columns, as the tables above: a long glider name is cut.
                let room = max(10, 80 - displayCount(line) - id.count)
                let name = glider.isEmpty ? "glider unknown" : glider
                out += "\n" + line + (displayCount(name) > room ? fit(name, room) : name) + id
            }
        }
        return out
    }

    static func state(_ rule: Recency.Rule, _ asOf: CivilDate) -> String {
        guard let lapses = rule.lapses else { return "NOT MET" }
        return rule.isCurrent
            ? "current, lapses on \(lapses) (in \(lapses.daysSinceEpoch - asOf.daysSinceEpoch) days)"
            : "LAPSED on \(lapses)"
    }

    static func hm(_ minutes: Int64) -> String { hoursMinutes(minutes * 60_000) }
}
