import FlightLogCore
import Testing

@testable import FlightLogStore

/// `flightlog stats`'s reads on a real SQLite file: totals of the chosen flights, recency over all of them.
@Suite struct LogbookStatsTests {
    @Test func totalsOfTheChosenRecencyOfEveryFlight() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        for day in 0..<3 { _ = try store.addManualFlight(flight(takeoff: day0 + Int64(day) * 86_400_000 + 36_000_000)) }
        let chosen = try store.flights(matching: FlightFilter(since: CivilDate(year: 2025, month: 1, day: 3)))
        #expect(chosen.count == 1)
        let owner = LogbookOwner("Anna Huber")
        let stats = try store.stats(of: chosen, owner: owner, asOf: CivilDate(year: 2025, month: 1, day: 10))
        #expect(stats.totals.overall.flights == 1 && stats.totals.overall.minutes == 60)
        // Recency counts all three launches as PIC, not only the one the filter chose.
        #expect(stats.recency.passengers.isCurrent)
        #expect(stats.recency.asOf == CivilDate(year: 2025, month: 1, day: 10))
        let none = try store.stats(of: [], owner: owner, asOf: CivilDate(year: 2025, month: 1, day: 10))
        #expect(none.totals.overall.flights == 0 && none.recency.passengers.isCurrent && none.seasons.isEmpty)
    }
}
