import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// Issues 38 and 41 through the built executable, where the attacker found them: a rebuilt file imported back
/// into its logbook, the rebuilt declaration's task number, `replay --speed-in` nonsense, `list` at 80 columns.
@Suite("the last attack's findings end to end", .serialized, .timeLimit(.minutes(3)))
struct AttackFindingsCLITests {
    /// The sample with a declaration of task `number` (4 digits) for the intended flight date `date` (DDMMYY).
    static func declared(number: String, date: String) throws -> String {
        try RebuiltDeclarationTests.declaredFile().replacingOccurrences(
            of: "C140625090000000000000102Hangar triangle", with: "C140625090000\(date)\(number)02Hangar triangle")
    }

    @Test func aRebuiltFileImportedBackIsSkippedAndKeepsItsTaskNumber() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (number, date) in [("0005", "150625"), ("0000", "000000")] {
            let db = dir.appendingPathComponent("\(number).sqlite")
            try Data(try Self.declared(number: number, date: date).utf8).write(
                to: dir.appendingPathComponent("declared.igc"))
            let imported = try CLI.run(["import", "declared.igc"], database: db, in: dir)
            try #require(imported.status == 0, "\(imported.stderr)")
            let export = try CLI.run(
                ["export", "--igc", "--rebuild", "1", "-o", "rebuilt-\(number).igc"], database: db, in: dir)
            try #require(export.status == 0, "\(export.stderr)")
            let rebuilt = try String(contentsOf: dir.appendingPathComponent("rebuilt-\(number).igc"), encoding: .utf8)
            let header = rebuilt.split(separator: "\r\n").first { $0.hasPrefix("C") }
            #expect(header == "C140625090000\(date)\(number)02Hangar triangle", "\(String(describing: header))")

            let again = try CLI.run(["import", "rebuilt-\(number).igc"], database: db, in: dir)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(
                again.stdout.contains("rebuilt-\(number).igc: flight 1 already holds these fixes"), "\(again.stdout)")
            let list = try CLI.run(["list", "--json"], database: db, in: dir)
            let flights = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [Any])
            #expect(flights.count == 1, "stored twice: \(list.stdout)")
        }
    }

    @Test func listAtEightyColumnsKeepsTheTaskColumnWithItsLegend() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        try Data(try RebuiltDeclarationTests.declaredFile().utf8).write(to: dir.appendingPathComponent("d.igc"))
        try #require(try CLI.run(["import", "d.igc"], database: db, in: dir).status == 0)
        for columns in ["80", "120"] {
            let table = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": columns])
            let lines = table.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.contains("Task") == true, "\(columns): \(table.stdout)")
            #expect(lines.last == "Task: ✓ declared task completed, ✗ declared, not completed", "\(table.stdout)")
        }
    }

    /// Each refused with exit 64 and what is allowed, before anything is served (the sample: 10:00:00–10:25:00).
    @Test func replaySpeedInNonsenseIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sample = packageRoot.appendingPathComponent("samples/simulated-winch.igc").path
        let cases: [([String], String)] = [
            (["--speed-in", "10:10:00-10:10:00=3"], "a decimal speed from 0.1 to 1000"),
            (["--speed-in", "10:10:00-10:20:00=0.000001"], "a decimal speed from 0.1 to 1000"),
            (["--speed-in", "10:10:00-10:20:00=0x10"], "a decimal speed from 0.1 to 1000"),
            (["--speed-in", "10:20:00-10:10:00=3"], "within the file's time"),
            (["--speed-in", "11:00:00-11:10:00=3"], "within the file's time"),
            (["--speed-in", "10:05:00-10:10:00=3", "--speed-in", "10:08:00-10:12:00=2"], "must not"),
            (["--speed-in", "10:05:00-10:10:00=3", "--real-time", "10:09:00-10:12:00"], "must not"),
        ]
        for (options, words) in cases {
            let r = try CLI.run(
                ["replay", sample, "--serve-nmea", "127.0.0.1:\(freePort())"] + options, database: nil, in: dir)
            #expect(r.status == 64, "\(options): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(words), "\(options): \(r.stderr)")
            #expect(!r.stderr.contains("Serving"), "\(options): \(r.stderr)")
        }
    }
}
