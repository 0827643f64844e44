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

    /// `stats --json` as printed.
    package static func text(_ s: LogbookStatistics, _ r: Recency, owner: LogbookOwner?, filter: String) -> String {
        FlightJSON.encode(StatsJSON(s, r, owner: owner, filter: filter))
    }

    package init(_ s: LogbookStatistics, _ r: Recency, owner: LogbookOwner?, filter: String) {
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
