import ArgumentParser
import FlightLogCore
import FlightLogStore
import Foundation

extension FlightLogCommand {
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Totals per year, glider type and launch method; PIC, dual and FI(S) time; recency.",
            discussion: """
                Totals cover the flights the list filters choose (as flightlog list shows them); times and \
                launches count only where the owner flew (PIC, dual or instructor; config [owner] name or \
                --owner, else each flight's pilot).
                Recency follows EASA Part-SFCL (SFCL.160); \
                where a rule leaves room, flightlog reads it as written here. It is worked out from every flight \
                of the owner up to --as-of (default today), whatever the filters:
                  passengers, SFCL.160(e): 3 launches as PIC (as instructor too) in the preceding 90 days; \
                lapses 90 days after the 3rd most recent such launch (a launch 90 days back no longer counts).
                  SPL, SFCL.160(a): in 24 months 5 h as PIC or dual (supervised solo is logged as PIC) \
                including 15 launches, and 2 training flights with an FI(S) (flights as dual); lapses 24 months \
                after the flight that completes the part that runs out first. Not checked: the FI(S) signatures \
                (SFCL.160(d)) and the proficiency check with an FE(S) that can replace these.
                  launch methods, SFCL.155(c): 5 launches per method in 24 months (bungee: 2; not kept here).
                Examples:
                  flightlog stats
                  flightlog stats --since 2025-01-01 --owner "Müller" --json
                  flightlog stats --as-of 2026-04-01      # current on the season's first day?
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var filters: FilterOptions
        @OptionGroup var ownerOptions: OwnerOptions

        @Flag(name: .long, help: "Print the statistics as JSON.")
        var json = false

        @Option(
            name: .customLong("as-of"),
            help: ArgumentHelp("Recency on this day (YYYY-MM-DD; default today).", valueName: "date"),
            transform: parseDay)
        var asOf: CivilDate?

        func run() async throws {
            let config = try store.loadConfig()
            let owner = ownerOptions.owner(config)
            let db = try store.open(.readOnly)
            let chosen = ownerOptions.chosen(try db.flights(matching: filters.filter), config)
            let statistics = LogbookStatistics(chosen.map { LogbookEntry($0, owner: owner) })
            let all = try db.flights(matching: FlightFilter())
            let recency = Recency(all.map { LogbookEntry($0, owner: owner) }, asOf: asOf ?? Self.today())
            let summary = ownerOptions.summary(filters.filter)
            if json {
                print(FlightJSON.encode(StatsJSON(statistics, recency, owner: owner, filter: summary)))
            } else {
                print(
                    terminalSafe(
                        StatsText.render(statistics, recency, owner: owner, filter: summary), keepNewlines: true))
            }
        }

        /// Today's date on this machine's clock and zone.
        static func today() -> CivilDate {
            let now = Date()
            let offset = TimeZone.current.secondsFromGMT(for: now)
            return CivilDateTime(utc: UTCMillis(now.timeIntervalSince1970 * 1000), offsetSeconds: offset).date
        }
    }
}

/// `flightlog stats` as a table.
enum StatsText {
    static func render(_ s: LogbookStatistics, _ r: Recency, owner: LogbookOwner?, filter: String) -> String {
        var out =
            owner.map { "Logbook of \($0.name)" }
            ?? "Logbook (no owner set: [owner] name or --owner; each flight's pilot counts)"
        out += " — \(filter)\n"
        func table(_ title: String, _ rows: [(String, LogbookTotals)]) -> String {
            var t = TextTable(headers: [title, "Flights", "Launches", "Time", "PIC", "Dual", "FI(S)"])
            t.rightAligned = Set(1...6)
            for (label, totals) in rows {
                t.rows.append([
                    label, "\(totals.flights)", "\(totals.launches)", hm(totals.minutes), hm(totals.picMinutes),
                    hm(totals.dualMinutes), hm(totals.instructorMinutes),
                ])
            }
            return t.render()
        }
        out += "\n" + table("Year", s.byYear.map { ("\($0.key)", $0.totals) } + [("Total", s.overall)])
        out += "\n\n" + table("Glider type", s.byGliderType.map { ($0.key, $0.totals) })
        out += "\n\n" + table("Launch method", s.byLaunchMethod.map { ($0.key.words, $0.totals) })
        let notFlown = s.overall.flights - s.overall.flown
        if notFlown > 0 {
            out +=
                "\n\(notFlown) flight\(notFlown == 1 ? "" : "s") as passenger or not aboard: no time or launches counted."
        }
        if let note = s.leftOutNote { out += "\n" + note }
        out += "\n\nRecency on \(r.asOf) (EASA Part-SFCL, from all flights, not only these):"
        for rule in [r.passengers, r.licence] + r.launchMethods.map(\.rule) {
            out += "\n  \(rule.name): \(state(rule, r.asOf))"
            out += "\n    needs: \(rule.requirement)\n    has:   \(rule.have)"
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

/// `flightlog stats --json`.
struct StatsJSON: Encodable {
    /// A totals object (``LogbookTotals``: flights, flown, launches, launchesByMethod, minutes, picMinutes,
    /// dualMinutes, instructorMinutes) with the year, glider type or launch method it is for as `key`.
    struct Totals: Encodable {
        var key: String?
        var totals: LogbookTotals

        init(_ totals: LogbookTotals, key: String? = nil) {
            self.key = key
            self.totals = totals
        }

        enum Keys: String, CodingKey { case key }

        func encode(to encoder: any Encoder) throws {
            try totals.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(key, forKey: .key)
        }
    }

    struct Rule: Encodable {
        var name: String
        var requirement: String
        var have: String
        var current: Bool
        /// The first day the rule no longer holds; nil when it never held.
        var lapses: String?

        static func of(_ r: Recency.Rule) -> Rule {
            Rule(
                name: r.name, requirement: r.requirement, have: r.have, current: r.isCurrent,
                lapses: r.lapses?.description)
        }
    }

    struct RecencyJSON: Encodable {
        var asOf: String
        var passengers: Rule
        var spl: Rule
        var launchMethods: [String: Rule]
    }

    var owner: String?
    var filter: String
    var total: Totals
    var byYear: [Totals]
    var byGliderType: [Totals]
    var byLaunchMethod: [Totals]
    var recency: RecencyJSON

    init(_ s: LogbookStatistics, _ r: Recency, owner: LogbookOwner?, filter: String) {
        self.owner = owner?.name
        self.filter = filter
        total = Totals(s.overall)
        byYear = s.byYear.map { Totals($0.totals, key: "\($0.key)") }
        byGliderType = s.byGliderType.map { Totals($0.totals, key: $0.key) }
        byLaunchMethod = s.byLaunchMethod.map { Totals($0.totals, key: $0.key.rawValue) }
        recency = RecencyJSON(
            asOf: r.asOf.description, passengers: .of(r.passengers), spl: .of(r.licence),
            launchMethods: Dictionary(
                uniqueKeysWithValues: r.launchMethods.map { ($0.method.rawValue, Rule.of($0.rule)) }))
    }
}
