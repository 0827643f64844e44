import FlightLogTestSupport
import Foundation
import Testing

/// The launch and the contest route as a pilot sees them in `flightlog show` after `import`: a file whose pressure
/// altitude is `00000` through the take-off and the winch climb still has its release (found on GNSS altitude,
/// and `show` says so), and a hop of a few fixes lists no legs of 0.0 km.
@Suite("launch altitude and tiny routes end to end", .serialized, .timeLimit(.minutes(5)))
struct LaunchAltitudeCLITests {
    @Test func pressureMissingThroughTheLaunchIsJudgedOnGNSS() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let sim = try CLI.run(
            ["simulate", "--launch", "winch", "--minutes", "30", "--start", "2025-06-10T10:00:00Z", "-o", "w.igc"],
            database: nil, in: dir)
        try #require(sim.status == 0, "simulate failed: \(sim.stderr)")
        // The simulated take-off is at 10:05, the release 42 s later: no pressure until 10:06:40.
        var bRecords = 0
        let lines = try String(contentsOf: dir.appendingPathComponent("w.igc"), encoding: .utf8)
            .components(separatedBy: "\r\n").map { line -> String in
                guard line.hasPrefix("B"), line.utf8.count >= 35 else { return line }
                bRecords += 1
                guard bRecords <= 400 else { return line }
                var bytes = Array(line.utf8)
                bytes.replaceSubrange(25..<30, with: Array("00000".utf8))
                return String(decoding: bytes, as: UTF8.self)
            }
        try lines.joined(separator: "\r\n").write(
            to: dir.appendingPathComponent("gap.igc"), atomically: true, encoding: .utf8)

        let imported = try CLI.run(["import", "gap.igc"], database: db, in: dir)
        try #require(imported.status == 0, "import failed: \(imported.stderr)")
        #expect(imported.stdout.contains(", winch,"), "\(imported.stdout)")
        let show = try CLI.run(["show", "1"], database: db, in: dir).stdout
        let shown = show.split(separator: "\n")
        let scored = try #require(shown.firstIndex { $0.hasPrefix("Scored from:") }, "\(show)")
        #expect(
            shown[scored].contains("Release 12:05:4"), "released at the top of the climb, not scored from the take-off")
        #expect(shown[scored + 1].contains("found on GNSS altitude"), "\(show)")
    }

    @Test func aHopOfFourFixesListsOnlyRealLegs() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        func b(_ second: Int, _ northMilliMinutes: Int, _ altitude: Int) -> String {
            let time = String(format: "%02d%02d%02d", 10, second / 60, second % 60)
            return "B\(time)5100\(String(format: "%03d", northMilliMinutes))N00700000EA"
                + String(format: "%05d%05d", altitude, altitude + 50)
        }
        var lines = ["AXXXABC", "HFDTE150625", "HFGTYGLIDERTYPE:ASK 21"]
        lines += (0..<120).map { b($0, 0, 200) }
        lines += (1...4).map { b(120 + 20 * $0, 240 * $0, 200 + 20 * $0) }
        lines += (0..<120).map { b(220 + $0, 960, 200) }
        try (lines.joined(separator: "\r\n") + "\r\n").write(
            to: dir.appendingPathComponent("hop.igc"), atomically: true, encoding: .utf8)
        let imported = try CLI.run(["import", "hop.igc"], database: db, in: dir)
        try #require(imported.status == 0, "import failed: \(imported.stderr)")
        let show = try CLI.run(["show", "1"], database: db, in: dir).stdout
        let rows = show.split(separator: "\n").map(String.init)
        let legs = try #require(rows.firstIndex { $0.hasPrefix("Legs:") }, "\(show)")
        let legRows = rows[legs...].prefix { $0.hasPrefix("Legs:") || $0.hasPrefix("          ") && $0.contains(" km") }
        #expect(legRows.count >= 1 && legRows.allSatisfy { !$0.contains(": 0.0 km") }, "\(show)")
    }
}
