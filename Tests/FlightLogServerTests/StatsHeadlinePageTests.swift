import FlightLogCore
import FlightLogWeb
import Testing

/// The phone's stats page counts the owner's flights in its first card and names the others apart.
@Suite("Stats page headline")
struct StatsHeadlinePageTests {
    @Test func firstCardCountsTheOwnersFlights() throws {
        let owner = try #require(LogbookOwner("Weiß, Hanna"))
        let start = CivilDate(year: 2025, month: 5, day: 3).utcMidnight + 9 * 3_600_000
        let entries = ["Weiß, Hanna", "Müller, Jürgen", "Müller, Jürgen"].enumerated().map { i, pilot in
            let takeoff = start + Int64(i) * 86_400_000
            let flight = Flight(
                id: Int64(i + 1), takeoffTime: takeoff, landingTime: takeoff + 3_600_000,
                takeoffCoordinate: Coordinate(latitude: 50.8, longitude: 6.2),
                landingCoordinate: Coordinate(latitude: 50.8, longitude: 6.2),
                details: FlightDetails(pilot: pilot, launchMethod: .winch), utcOffsetSeconds: 7200)
            return LogbookEntry(flight, owner: owner)
        }
        let flown = entries.filter(\.role.flies).count
        let page = StatsPage(
            query: ListQuery(), statistics: LogbookStatistics(entries),
            recency: Recency(entries, asOf: CivilDate(year: 2025, month: 6, day: 1)), owner: owner, loggedIn: false
        ).render()
        #expect(page.contains("<li><b>\(flown)</b>flights</li>"), "\(page)")
        #expect(!page.contains("<li><b>\(entries.count)</b>flights</li>"))
        let others = entries.count - flown
        #expect(page.contains("\(others) other flights (passenger, not aboard or pilot unknown) count no time"))
    }
}
