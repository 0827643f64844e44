import FlightLogAnalysis
import FlightLogCore

/// `flightlog stats --json`.
package struct StatsJSON: Encodable {
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
    /// The free distances per year and the best flights, from the stored analyses.
    var contest: [Season]

    /// `stats --json` as printed.
    package static func text(
        _ s: LogbookStatistics, _ r: Recency, owner: LogbookOwner?, filter: String, seasons: [ContestSeason]
    ) -> String {
        FlightJSON.encode(StatsJSON(s, r, owner: owner, filter: filter, seasons: seasons))
    }

    /// A year's contest distances (``ContestSeason``).
    struct Season: Encodable {
        struct Best: Encodable {
            var id: Int64
            var date: String
            var gliderType: String?
            var registration: String?
            var km: Double
        }

        var year: Int
        var totalKm: Double
        var analysedFlights: Int
        var notAnalysedFlights: Int
        var best: [Best]

        init(_ s: ContestSeason) {
            year = s.year
            totalKm = (s.totalKm * 1000).rounded() / 1000
            analysedFlights = s.analysed
            notAnalysedFlights = s.notAnalysed
            best = s.best.map {
                Best(
                    id: $0.flight.id ?? 0, date: $0.flight.localDate.description,
                    gliderType: $0.flight.details.gliderType, registration: $0.flight.details.registration,
                    km: ($0.km * 1000).rounded() / 1000)
            }
        }
    }

    package init(
        _ s: LogbookStatistics, _ r: Recency, owner: LogbookOwner?, filter: String, seasons: [ContestSeason] = []
    ) {
        contest = seasons.map(Season.init)
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
