/// One flight as it counts in the owner's logbook: the role and the minutes in each time column.
///
/// Minutes are whole minutes of the flight time (takeoff to landing, seconds dropped), as each row prints them,
/// so a column's total is the sum of its rows.
package struct LogbookEntry: Sendable, Hashable {
    package let flight: Flight
    package let role: OwnerRole

    package init(_ flight: Flight, owner: LogbookOwner?) {
        self.flight = flight
        self.role = OwnerRole.of(flight, owner: owner)
    }

    /// The flight time in whole minutes, whoever flew.
    package var flightMinutes: Int64 { flight.flightMinutes }
    /// The owner's logged flight time: the flight time when the owner flew, else 0.
    package var loggedMinutes: Int64 { role.flies ? flightMinutes : 0 }
    /// PIC time: as PIC and as instructor (an FI(S) is PIC).
    package var picMinutes: Int64 { role == .pic || role == .instructor ? flightMinutes : 0 }
    package var dualMinutes: Int64 { role == .dual ? flightMinutes : 0 }
    package var instructorMinutes: Int64 { role == .instructor ? flightMinutes : 0 }
    /// The owner's launches (0 when the owner did not fly, or the count is unknown).
    package var launches: Int {
        role.flies && !flight.unknown.contains(.launches) ? max(1, flight.details.launches) : 0
    }
}

/// Sums of logbook entries: flights, the owner's launches per method and minutes per time column.
package struct LogbookTotals: Sendable, Hashable, Encodable {
    /// Flights listed (the owner's and the others').
    package var flights = 0
    /// Flights the owner flew (PIC, dual or instructor).
    package var flown = 0
    package var launchesByMethod: [LaunchMethod: Int] = [:]
    package var minutes: Int64 = 0
    package var picMinutes: Int64 = 0
    package var dualMinutes: Int64 = 0
    package var instructorMinutes: Int64 = 0

    package init() {}

    package init(_ entries: some Sequence<LogbookEntry>) {
        for entry in entries { add(entry) }
    }

    package var launches: Int { launchesByMethod.values.reduce(0, +) }

    package func launches(_ method: LaunchMethod) -> Int { launchesByMethod[method] ?? 0 }

    package mutating func add(_ e: LogbookEntry) {
        flights += 1
        if e.role.flies { flown += 1 }
        if e.launches > 0 { launchesByMethod[e.flight.details.launchMethod, default: 0] += e.launches }
        minutes += e.loggedMinutes
        picMinutes += e.picMinutes
        dualMinutes += e.dualMinutes
        instructorMinutes += e.instructorMinutes
    }

    private enum Keys: String, CodingKey {
        case flights, flown, launches, launchesByMethod, minutes, picMinutes, dualMinutes, instructorMinutes
    }

    /// As JSON: the counts, `launchesByMethod` keyed by method (`winch`…), minutes per time column.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(flights, forKey: .flights)
        try c.encode(flown, forKey: .flown)
        try c.encode(launches, forKey: .launches)
        try c.encode(
            Dictionary(uniqueKeysWithValues: launchesByMethod.map { ($0.key.rawValue, $0.value) }),
            forKey: .launchesByMethod)
        try c.encode(minutes, forKey: .minutes)
        try c.encode(picMinutes, forKey: .picMinutes)
        try c.encode(dualMinutes, forKey: .dualMinutes)
        try c.encode(instructorMinutes, forKey: .instructorMinutes)
    }

    package static func + (a: LogbookTotals, b: LogbookTotals) -> LogbookTotals {
        var sum = a
        sum.flights += b.flights
        sum.flown += b.flown
        sum.launchesByMethod.merge(b.launchesByMethod, uniquingKeysWith: +)
        sum.minutes += b.minutes
        sum.picMinutes += b.picMinutes
        sum.dualMinutes += b.dualMinutes
        sum.instructorMinutes += b.instructorMinutes
        return sum
    }
}

/// `flightlog stats`: totals per year, glider type and launch method, and overall.
package struct LogbookStatistics: Sendable {
    package var overall: LogbookTotals
    /// Ascending by key; the glider type is as written on the first flight of that type (types that differ only
    /// in case, accents, spaces, `_` or `-` are one type: ``designationKey(_:)``, the rule `--plane` filters by);
    /// "unknown" without a type.
    package var byYear: [(key: Int, totals: LogbookTotals)]
    package var byGliderType: [(key: String, totals: LogbookTotals)]
    package var byLaunchMethod: [(key: LaunchMethod, totals: LogbookTotals)]
    /// Says how many flights the sums leave out (an unknown flight time or launch count); nil when none.
    package var leftOutNote: String?

    package init(_ entries: [LogbookEntry]) {
        overall = LogbookTotals(entries)
        leftOutNote = Flight.leftOutNote(entries.map(\.flight))
        byYear = Dictionary(grouping: entries, by: { $0.flight.localDate.year }).map {
            ($0.key, LogbookTotals($0.value))
        }
        .sorted { $0.key < $1.key }
        func type(_ e: LogbookEntry) -> String {
            e.flight.details.gliderType.flatMap { designationKey($0).isEmpty ? nil : $0 } ?? "unknown"
        }
        var typeNames: [String: String] = [:]
        for e in entries {
            typeNames[designationKey(type(e))] = typeNames[designationKey(type(e))] ?? type(e)
        }
        byGliderType = Dictionary(grouping: entries, by: { designationKey(type($0)) })
            .map { (typeNames[$0.key] ?? $0.key, LogbookTotals($0.value)) }
            .sorted { designationKey($0.key) < designationKey($1.key) }
        byLaunchMethod = Dictionary(grouping: entries, by: { $0.flight.details.launchMethod })
            .map { ($0.key, LogbookTotals($0.value)) }
            .sorted { LaunchMethod.allCases.firstIndex(of: $0.key)! < LaunchMethod.allCases.firstIndex(of: $1.key)! }
    }

}
