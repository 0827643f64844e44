import FlightLogAnalysis
import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

/// The contest distance (free, 6 legs) in `flightlog list` and `stats`, read from the analyses `import` stored in a
/// real database file: a flight whose stored analysis is not current shows "—" (null), and nothing is computed.
@Suite("contest distance in list and stats", .serialized, .timeLimit(.minutes(5)))
struct ContestListCLITests {
    struct Listed: Decodable {
        var id: Int64
        var contestKm: Double?
        var engineSeconds: Double?
    }

    struct Shown: Decodable {
        var contestKm: Double?
        var engineSeconds: Double?
    }

    struct Stats: Decodable {
        struct Season: Decodable {
            struct Best: Decodable {
                var id: Int64
                var km: Double
            }
            var year: Int
            var totalKm: Double
            var analysedFlights: Int
            var notAnalysedFlights: Int
            var best: [Best]
        }
        var contest: [Season]
    }

    @Test func listAndStatsShowTheStoredContestDistance() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        for n in 0..<3 {
            let sim = try CLI.run(
                [
                    "simulate", "--launch", "aerotow", "--minutes", "\(30 + 10 * n)", "--seed", "\(n + 3)", "--start",
                    "2025-06-1\(n)T10:00:00Z", "-o", "s\(n).igc",
                ], database: nil, in: dir)
            try #require(sim.status == 0, "simulate failed: \(sim.stderr)")
        }
        let imported = try CLI.run(["import", "s0.igc", "s1.igc", "s2.igc"], database: db, in: dir)
        try #require(imported.status == 0, "import failed: \(imported.stderr)")
        let added = try CLI.run(
            ["add", "--date", "2025-07-01", "--takeoff", "10:00", "--landing", "10:30", "--utc-offset", "+02:00"],
            database: db, in: dir)
        try #require(added.status == 0, "add failed: \(added.stderr)")
        do {  // flight 2's analysis was stored by an older flightlog: not current, so unknown until analysed again
            let store = try FlightStore(path: db.path, mode: .readWrite)
            var old = try #require(try store.storedAnalysis(forFlight: 2))
            old.version -= 1
            try store.store(old, forFlight: 2)
        }

        let listed = try JSONDecoder().decode(
            [Listed].self, from: Data(try CLI.run(["list", "--json"], database: db, in: dir).stdout.utf8))
        try #require(listed.map(\.id) == [1, 2, 3, 4])
        for id: Int64 in [1, 3] {
            let show = try CLI.run(["show", "\(id)", "--json"], database: db, in: dir)
            let shown = try JSONDecoder().decode(Shown.self, from: Data(show.stdout.utf8))
            let km = try #require(shown.contestKm)
            #expect(km > 1, "a 30-minute simulated flight goes somewhere")
            #expect(listed[Int(id) - 1].contestKm == km && listed[Int(id) - 1].engineSeconds == shown.engineSeconds)
        }
        #expect(listed[1].contestKm == nil && listed[3].contestKm == nil && listed[3].engineSeconds == nil)
        let kept = try FlightStore(path: db.path, mode: .readOnly).storedAnalysis(forFlight: 2)
        #expect(kept?.version == FlightAnalysis.currentVersion - 1, "list computed nothing")

        let csv = try CLI.run(["list", "--csv"], database: db, in: dir).stdout.split(separator: "\r\n")
        let header = csv[0].split(separator: ",", omittingEmptySubsequences: false)
        let column = try #require(header.firstIndex(of: "contest_km"))
        let cells = csv.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[column] }
        #expect(cells.map(String.init) == [decimal(listed[0].contestKm!, 1), "", decimal(listed[2].contestKm!, 1), ""])

        let table = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": "200"]).stdout
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("Contest"), "\(table)")
        #expect(lines[2].contains("\(decimal(listed[0].contestKm!, 1)) km") && lines[3].contains("—"), "\(table)")
        #expect(!lines[5].contains("—") && !lines[5].contains(" km"), "a flight without a track has no analysis")

        let stats = try JSONDecoder().decode(
            Stats.self, from: Data(try CLI.run(["stats", "--json"], database: db, in: dir).stdout.utf8))
        let season = try #require(stats.contest.first)
        #expect(stats.contest.count == 1 && season.year == 2025)
        #expect(season.analysedFlights == 2 && season.notAnalysedFlights == 1)
        #expect(abs(season.totalKm - listed[0].contestKm! - listed[2].contestKm!) < 0.002)
        let best = [listed[0], listed[2]].sorted { $0.contestKm! > $1.contestKm! }
        #expect(season.best.map(\.id) == best.map(\.id))

        let text = try CLI.run(["stats"], database: db, in: dir).stdout
        let seasonLine = "  2025: \(decimal(season.totalKm, 1)) km in 2 analysed flights; 1 not analysed yet"
        let textLines = text.split(separator: "\n").map(String.init)
        let at = try #require(textLines.firstIndex(of: seasonLine), "\(text)")
        let first = "\(decimal(best[0].contestKm!, 1)) km  2025-06-1"
        #expect(textLines[at + 1].hasPrefix("    1.") && textLines[at + 1].contains(first), "\(text)")
        #expect(textLines[at + 2].hasPrefix("    2."), "\(text)")
    }

    /// A flight over 24 h from take-off to landing (a recorder's broken clock) is not analysed: its stored analysis
    /// holds no route, and every list shows its distance as unknown ("—", null), not as 0.0 km.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs sqlite3"))
    func aFlightOverADayHasNoContestDistance() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let sim = try CLI.run(
            ["simulate", "--launch", "winch", "--minutes", "20", "--start", "2025-06-10T10:00:00Z", "-o", "s.igc"],
            database: nil, in: dir)
        try #require(sim.status == 0, "simulate failed: \(sim.stderr)")
        try #require(try CLI.run(["import", "s.igc"], database: db, in: dir).status == 0)
        // As a recorder with a broken clock wrote it.
        let sql = "UPDATE flight SET landingTime = landingTime + 25 * 3600000 WHERE id = 1"
        try #require(DaemonHarness.shell("sqlite3 '\(db.path)' '\(sql)' 2>&1").status == 0)
        let show = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        try #require(show.status == 0, "show failed: \(show.stderr)")
        #expect(try JSONDecoder().decode(Shown.self, from: Data(show.stdout.utf8)).contestKm == nil, "\(show.stdout)")
        // Stored as the recorder stores a flight's analysis at its landing: one that refused the flight.
        let stored = try FlightStore(path: db.path, mode: .readWrite).analysis(forFlight: 1, glider: OwnGlider())
        try #require(!stored.wasAnalysed && stored.freeSix == nil)

        let listed = try JSONDecoder().decode(
            [Listed].self, from: Data(try CLI.run(["list", "--json"], database: db, in: dir).stdout.utf8))
        #expect(listed.map(\.id) == [1] && listed[0].contestKm == nil)
        let table = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": "200"]).stdout
        let row = table.split(separator: "\n").map(String.init)[2]
        #expect(row.contains("—") && !row.contains(" km"), "\(table)")
        let stats = try JSONDecoder().decode(
            Stats.self, from: Data(try CLI.run(["stats", "--json"], database: db, in: dir).stdout.utf8))
        #expect(stats.contest.first?.analysedFlights == 0 && stats.contest.first?.notAnalysedFlights == 1)
    }
}
