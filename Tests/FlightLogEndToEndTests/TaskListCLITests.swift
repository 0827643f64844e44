import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// The declared task in `list`, `list --json`, `list --csv`, `list --task…` and `export --report`, through the real
/// `flightlog import` of IGC files with and without C records.
@Suite("the task in list and the report end to end", .serialized, .timeLimit(.minutes(5)))
struct TaskListCLITests {
    typealias Shown = TaskShowCLITests

    /// A logbook of three imported flights: the triangle flown (1), not closed (2), and a file without a task (3).
    func logbook(_ dir: URL) throws -> URL {
        let db = dir.appendingPathComponent("flights.sqlite")
        let behind = Geodesy.destination(from: Shown.start, bearing: 180, distance: 2000)
        let past = Geodesy.destination(
            from: Shown.start, bearing: Geodesy.bearing(Shown.east, Shown.start), distance: 2000)
        let flown = Shown.fixes(through: [behind, Shown.start, Shown.north, Shown.east, Shown.start, past])
        let open = Shown.fixes(through: [behind, Shown.start, Shown.north])
        let files = [
            Shown.file(flown, task: Shown.task), Shown.file(open.map(Self.dayLater), task: Self.nextDay(Shown.task)),
            Shown.file(flown.map { Self.dayLater(Self.dayLater($0)) }, task: nil),
        ]
        for (n, bytes) in files.enumerated() {
            try Data(bytes).write(to: dir.appendingPathComponent("f\(n).igc"))
            let imported = try CLI.run(["import", "f\(n).igc"], database: db, in: dir)
            try #require(imported.status == 0, "import failed: \(imported.stderr)")
        }
        return db
    }

    static func dayLater(_ fix: Fix) -> Fix {
        var fix = fix
        fix.time += 86_400_000
        return fix
    }

    static func nextDay(_ task: FlightTask) -> FlightTask {
        var task = task
        task.declaredAt = task.declaredAt.map { $0 + 86_400_000 }
        return task
    }

    @Test func listMarksJSONAndCSVCarryTheTaskAndTheFlagsChoose() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try logbook(dir)

        let table = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": "200"])
        try #require(table.status == 0, "\(table.stderr)")
        let rows = table.stdout.split(separator: "\n").map(String.init)
        #expect(rows[0].contains("Task"), "\(table.stdout)")
        #expect(rows[2].contains(" ✓ ") && rows[3].contains(" ✗ ") && !rows[4].contains("✓") && !rows[4].contains("✗"))
        #expect(table.stdout.contains("Task: ✓ declared task completed, ✗ declared, not completed"))

        let json = try CLI.run(["list", "--json"], database: db, in: dir)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let done = try #require(array[0]["task"] as? [String: Any], "\(json.stdout)")
        #expect(done["name"] as? String == "Triangle" && done["completed"] as? Bool == true)
        let speed = try #require(done["speedKmh"] as? Double)
        #expect(speed > 100 && speed <= 108.5, "\(speed)")
        let missed = try #require(array[1]["task"] as? [String: Any])
        #expect(missed["completed"] as? Bool == false && missed["speedKmh"] is NSNull, "\(missed)")
        #expect(array[2]["task"] is NSNull)
        // The same figures as show --json's task.
        let shown = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        let shownTask = try #require(
            (try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])?["task"]
                as? [String: Any])
        for key in done.keys { #expect("\(done[key]!)" == "\(shownTask[key]!)", "\(key)") }

        let csv = try CLI.run(["list", "--csv"], database: db, in: dir).stdout.split(separator: "\r\n").map(String.init)
        #expect(csv[0].contains(",task_name,task_completed,task_km,task_speed_kmh,task_scored_km,"))
        #expect(csv[1].contains(",Triangle,yes,") && csv[2].contains(",Triangle,no,") && csv[3].contains(",,,,,,"))

        let declared = try CLI.run(["list", "--task", "--json"], database: db, in: dir)
        let ids = (try JSONSerialization.jsonObject(with: Data(declared.stdout.utf8)) as? [[String: Any]])?.map {
            $0["id"] as? Int
        }
        #expect(ids == [1, 2], "\(declared.stdout)")
        let completed = try CLI.run(["list", "--task-completed", "--csv"], database: db, in: dir)
        #expect(completed.stdout.split(separator: "\r\n").count == 2 && completed.stdout.contains(",Triangle,yes,"))
        let none = try CLI.run(["list", "--task-completed", "--year", "2024"], database: db, in: dir)
        #expect(
            none.stderr.contains("No flights match: 2024-01-01 to 2024-12-31 · declared task completed."),
            "\(none.stderr)")
    }

    /// `export --report`: the Task table in `show`'s words after page 1, the point names on the map of page 1.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext")))
    func theReportHasTheTaskTableAndMap() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try logbook(dir)
        for id in [1, 2] {
            let made = try CLI.run(["export", "--report", "\(id)", "-o", "r\(id).pdf"], database: db, in: dir)
            try #require(made.status == 0, "\(made.stderr)")
        }
        func page(_ id: Int, _ n: Int) throws -> String {
            let pdf = dir.appendingPathComponent("r\(id).pdf").path
            return try runProcess("/usr/bin/pdftotext", ["-layout", "-f", "\(n)", "-l", "\(n)", pdf, "-"]).stdout
        }
        let shown = try CLI.run(["show", "2"], database: db, in: dir).stdout
        let result = try #require(shown.split(separator: "\n").first { $0.hasPrefix("  Not completed: ") })
        let table = try page(2, 2)
        #expect(table.contains("Task") && table.contains(result.dropFirst(2)), "\(result) in \(table)")
        #expect(table.contains("500 m cylinder or FAI 90° sector") && table.contains("missed"), "\(table)")
        #expect(try page(1, 2).contains("Completed: "))
        let map = try page(1, 1)
        #expect(map.contains("Start, Finish Home") && map.contains("TP1 North") && map.contains("TP2 East"), "\(map)")
    }

    /// A result of an older version (as after an upgrade of flightlog) is scored again at the next list.
    @Test func aResultOfAnotherVersionIsComputedAgain() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try logbook(dir)
        let kept = try runProcess(
            "/usr/bin/sqlite3",
            [db.path, "SELECT flightId, json_extract(CAST(data AS TEXT), '$.task.completed') FROM flightTaskResult"])
        #expect(kept.stdout == "1|1\n2|0\n3|\n", "kept at import: \(kept.stdout)")
        _ = try runProcess(
            "/usr/bin/sqlite3",
            [
                db.path,
                "UPDATE flightTaskResult SET data = json_set(CAST(data AS TEXT), '$.version', 0, '$.task.completed', json('false')) WHERE flightId = 1",
            ])
        let json = try CLI.run(["list", "--json", "--task-completed"], database: db, in: dir)
        #expect(json.stdout.contains("\"name\" : \"Triangle\""), "\(json.stdout)")
        let again = try runProcess(
            "/usr/bin/sqlite3",
            [db.path, "SELECT json_extract(CAST(data AS TEXT), '$.version') FROM flightTaskResult WHERE flightId = 1"])
        #expect(again.stdout == "\(FlightTaskResult.currentVersion)\n")
    }
}
