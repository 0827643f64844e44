import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// `flightlog show` (text and JSON) on AirspaceCLITests' straight flight north: a file far away judges nothing
/// ("no imported airspace covers this flight's area", not "none"), a file covering only its first part names the
/// rest, and a zone entered twice (drawn as two outlines under one name) is one line.
struct AirspaceCoverageCLITests {
    struct Shown: Decodable {
        struct Summary: Decodable {
            struct Span: Decodable {
                var start: String
                var durationSeconds: Int
            }
            struct Grouped: Decodable {
                var name: String
                var start: String
                var end: String
                var entries: Int
                var insideSeconds: Int
                var touched: Bool
                var verticalDepthMeters: Int?
            }
            var coverage: String
            var files: [String]
            var uncovered: [Span]
            var airspaces: [Grouped]
        }
        var airspaceSummary: Summary
    }

    func show(_ file: String, named name: String) throws -> (text: String, json: Shown.Summary) {
        let (dir, db) = try AirspaceCLITests().logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(file.utf8).write(to: dir.appendingPathComponent(name))
        let imported = try CLI.run(["airspace", "import", name], database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        let text = try CLI.run(["show", "1"], database: db, in: dir)
        let json = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        try #require(text.status == 0 && json.status == 0, "\(text.stderr) \(json.stderr)")
        return (text.stdout, try JSONDecoder().decode(Shown.self, from: Data(json.stdout.utf8)).airspaceSummary)
    }

    @Test func aFileFarAwayJudgesNothing() throws {
        // 500 km north of the whole flight (it flies 36 km).
        let far = AirspaceCLITests.box(
            "CTR", "CTR Far", floor: "GND", ceiling: "FL100", north: 500_000...505_000, east: -2500...2500)
        let (text, json) = try show(far, named: "far.txt")
        #expect(text.contains("Airspace: no imported airspace covers this flight's area (files: far.txt)"), "\(text)")
        #expect(!text.contains("stayed outside") && !text.contains("MSL: GNSS"), "\(text)")
        #expect(json.coverage == "none" && json.files == ["far.txt"] && json.airspaces.isEmpty)
    }

    @Test func aZoneEnteredTwiceIsOneLineAndTheUncoveredPartIsNamed() throws {
        // Two outlines of one zone across the line, from 15,015 to 17,000 m and 18,015 to 20,015 m north: flight
        // seconds 501–566 and 601–667. The file's box spans 0.01° (1.1 km) beyond them: the flight starts 15 km
        // south of it and goes on to 36 km north, so its first and last parts are not covered.
        let split =
            AirspaceCLITests.box(
                "D", "TMA Split", floor: "GND", ceiling: "FL100", north: 15_015...17_000, east: -2500...2500)
            + AirspaceCLITests.box(
                "D", "TMA Split", floor: "GND", ceiling: "FL100", north: 18_015...20_015, east: -2500...2500)
        let (text, json) = try show(split, named: "split.txt")
        #expect(text.contains("Airspace: 1 found"), "\(text)")
        #expect(
            text.contains(
                "11:10:21–11:13:07 local (09:10:21–09:13:07 UTC), 2 entries, 2 min 11 s in all: TMA Split (D), "
                    + "GND–FL 100; worst 2048 m inside vertically"), "\(text)")
        #expect(text.contains("not covered by any imported file's area (files: split.txt), nothing judged there: "))
        try #require(json.airspaces.count == 1)
        let tma = json.airspaces[0]
        #expect(tma.name == "TMA Split" && tma.entries == 2 && tma.insideSeconds == 131 && !tma.touched)
        #expect(tma.start == "2025-07-02T09:10:21Z" && tma.end == "2025-07-02T09:13:07Z")
        #expect(tma.verticalDepthMeters == 2048)
        // Before the file's box (the first 13.9 km, from the takeoff) and after it (past 21.1 km north at 30 m/s:
        // after flight second 703, 09:13:43 UTC).
        #expect(json.coverage == "partial" && json.uncovered.count == 2, "\(json)")
        #expect(json.uncovered.first.map { $0.start < "2025-07-02T09:05:00Z" } == true, "\(json.uncovered)")
        #expect(json.uncovered.last.map { $0.start > "2025-07-02T09:13:40Z" } == true, "\(json.uncovered)")
    }
}
