import FlightLogCore
import FlightLogText
import Testing

/// `stats` says the owner's flights first and the flights the owner did not fly apart: a logbook where the
/// owner flew two of five flights must not open with "5 flights".
@Suite("stats headline")
struct StatsHeadlineTests {
    static let owner = LogbookOwner("Weiß, Hanna")!

    /// Two flights of the owner, three of another pilot (the owner not aboard).
    static var entries: [LogbookEntry] {
        let pilots = ["Weiß, Hanna", "Müller, Jürgen", "Weiß, Hanna", "Müller, Jürgen", "Müller, Jürgen"]
        return pilots.enumerated().map { i, pilot in
            var f = FlightTextTests.flight(id: Int64(i + 1), pilot: pilot)
            f.takeoffTime += Int64(i) * 86_400_000
            f.landingTime += Int64(i) * 86_400_000 + Int64(i) * 600_000
            return LogbookEntry(f, owner: owner)
        }
    }

    @Test func theOwnersFlightsFirstTheOthersApart() throws {
        let entries = Self.entries
        let stats = LogbookStatistics(entries)
        let flown = entries.filter(\.role.flies)
        let minutes = flown.reduce(Int64(0)) { $0 + $1.flightMinutes }
        let text = StatsText.render(
            stats, Recency(entries, asOf: CivilDate(year: 2025, month: 6, day: 1)), owner: Self.owner,
            filter: "all flights")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines[1] == "\(flown.count) flights · \(hoursMinutes(minutes * 60_000)) hours · \(flown.count) launches")
        let others = entries.count - flown.count
        #expect(
            lines[2].hasPrefix("\(others) other flights (passenger, not aboard or pilot unknown) count no time"),
            "\(text)")
        #expect(!text.contains("\(entries.count) flights"), "\(text)")
        // The tables count what the headline counts: the Total row's first number is the owner's flights.
        let total = try #require(lines.first { $0.hasPrefix("Total") })
        #expect(total.split(separator: " ").dropFirst().first.map(String.init) == "\(flown.count)", "\(total)")
    }

    @Test func everyFlightFlownNoOthersLine() {
        let stats = LogbookStatistics(Self.entries.filter(\.role.flies))
        #expect(stats.overall.othersHeadline == nil)
        #expect(stats.overall.ownerHeadline.hasPrefix("2 flights · "))
    }
}
