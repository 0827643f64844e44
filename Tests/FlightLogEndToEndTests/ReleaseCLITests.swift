import FlightLogTestSupport
import Foundation
import Testing

/// Where a pilot sees the launch: `flightlog import` then `show --json` (docs/DETECTION.md, rule L).
@Suite struct ReleaseCLITests {
    struct Shown: Decodable {
        var launch: String
        var releaseTime: String?
        var releaseHeight: Double?
    }

    func importAndShow(_ name: String) throws -> Shown {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let file = SharedFlights.directory.appendingPathComponent(name)
        let imported = try CLI.run(["import", file.path], database: db, in: dir)
        #expect(imported.status == 0, "\(imported.stderr)")
        let shown = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        #expect(shown.status == 0, "\(shown.stderr)")
        return try JSONDecoder().decode(Shown.self, from: Data(shown.stdout.utf8))
    }

    /// Let go into a thermal at 09:14:15 UTC, 341 m above the field, and circled on as wide as a tug: not at the
    /// thermal's top (09:20:46, 761 m) as the tight-turn test alone had it.
    @Test(.enabled(if: SharedFlights.available)) func aTowReleasedIntoAThermalIsReleasedThere() throws {
        let shown = try importAndShow("complex_example_lxn.igc")
        #expect(shown.launch == "aerotow")
        #expect(shown.releaseTime?.hasPrefix("2022-08-05T09:14:1") == true, "\(shown.releaseTime ?? "none")")
        #expect(abs((shown.releaseHeight ?? 0) - 341) <= 15)
    }
}
