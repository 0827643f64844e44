import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// The analysis in the PDFs through the built `flightlog`: `export --report` of an imported flight sums it up and
/// lists every thermal `show --json` has; `export --pdf` prints each analysed flight's contest km (a flight entered
/// by hand has none).
@Suite("flightlog export: the analysis in the PDFs", .serialized, .timeLimit(.minutes(3)))
struct ReportAnalysisCLITests {
    static var hasPdftotext: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") }

    @Test("report and logbook PDF agree with show --json", .enabled(if: Self.hasPdftotext))
    func reportAndLogbook() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let simulate = try CLI.run(
            ["simulate", "--launch", "aerotow", "--minutes", "40", "--seed", "3", "-o", "s.igc"], database: nil, in: dir
        )
        try #require(simulate.status == 0, "\(simulate.stderr)")
        try #require(try CLI.run(["import", "s.igc"], database: db, in: dir).status == 0)
        let added = try CLI.run(
            ["add", "--date", "2025-06-15", "--takeoff", "10:05", "--landing", "11:20", "--utc-offset", "+02:00"],
            database: db, in: dir)
        try #require(added.status == 0, "\(added.stderr)")

        let shown = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let analysis = try #require(json["analysis"] as? [String: Any])
        let km = try #require((analysis["free6"] as? [String: Any])?["km"] as? Double)
        let thermals = try #require(analysis["thermals"] as? [[String: Any]])
        #expect(!thermals.isEmpty)

        let report = try CLI.run(["export", "--report", "1", "-o", "r.pdf"], database: db, in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        let text = try runProcess("/usr/bin/pdftotext", ["-layout", dir.appendingPathComponent("r.pdf").path, "-"])
            .stdout
        for expected in [
            "Analysis (distances", "Scored from", "Release", "\(decimal(km, 1)) km (6 legs: OLC classic, WeGlide)",
            "Thermals (\(thermals.count))", "Scored route", "Finish",
        ] {
            #expect(text.contains(expected), "the report lacks \(expected)")
        }
        // Every thermal's start, in UTC as show --json gives it (2025-06-14T10:23:45Z → 10:23:45).
        for thermal in thermals {
            let start = try #require(thermal["start"] as? String)
            let clock = String(start.dropFirst(11).prefix(8))
            #expect(text.contains(clock), "no thermal row at \(clock) UTC")
        }

        let logbook = try CLI.run(["export", "--pdf", "-o", "logbook.pdf"], database: db, in: dir)
        #expect(logbook.status == 0, "\(logbook.stderr)")
        let pages = try runProcess(
            "/usr/bin/pdftotext", ["-layout", dir.appendingPathComponent("logbook.pdf").path, "-"]
        ).stdout
        let lines = pages.split(separator: "\n")
        #expect(lines.contains { $0.contains("Contest") })
        #expect(lines.first { $0.contains("2025-06-14") }?.contains(decimal(km, 1)) == true, "\(pages)")
        #expect(lines.first { $0.contains("2025-06-15") }?.contains("—") == false, "no track, no contest km")
    }
}
