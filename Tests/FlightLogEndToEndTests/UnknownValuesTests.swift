import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// A flight row whose numbers fail their check (planted with sqlite3 in a real database file) is shown with those
/// values unknown in every view of the real `flightlog`: "—" in text, `null` in JSON, an empty CSV field; never the
/// neutral value the store reads in their place (UTC+00:00, landing = takeoff, 0°, one launch). Sums leave an
/// unknown flight time or launch count out and say so; the other flights show as before.
@Suite(
    "unknown values in every view", .serialized, .timeLimit(.minutes(4)),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs sqlite3"))
struct UnknownValuesTests {
    static let hostile = """
        UPDATE flight SET utcOffsetSeconds = 2305843009213693952, landingTime = 9223372036854775807,
            releaseHeight = 1e308, maxAltitude = 1e308, takeoffLatitude = 1e308, launches = 9223372036854775807,
            pathLength = 1e308, maxDistanceFromTakeoff = -1e308 WHERE id = 2
        """

    static func json(_ r: ProcessResult) -> [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) as? [[String: Any]] ?? []
    }

    static func stats(_ db: URL, _ dir: URL) throws -> [String: Any] {
        let r = try CLI.run(["stats", "--json"], database: db, in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return try #require(object?["total"] as? [String: Any], "\(r.stdout) \(r.stderr)")
    }

    @Test func everyViewShowsTheBadValuesAsUnknown() async throws {
        let (dir, db) = try DatabaseFileTests().logbook(3)
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = Self.json(try CLI.run(["list", "--json"], database: db, in: dir))
        let second = try #require(before.first { ($0["id"] as? NSNumber)?.int64Value == 2 })
        let secondMinutes = try #require(second["durationSeconds"] as? NSNumber).int64Value / 60
        let statsBefore = try Self.stats(db, dir)
        let set = DaemonHarness.shell("sqlite3 '\(db.path)' \"\(Self.hostile)\" 2>&1")
        try #require(set.status == 0, "\(set.output)")

        // JSON: null, not a made-up value; the other flights as before.
        let listed = try CLI.run(["list", "--json"], database: db, in: dir)
        #expect(listed.status == 0 && listed.stderr.contains("warning: flight 2"), "\(listed.stderr)")
        let after = Self.json(listed)
        let bad = try #require(after.first { ($0["id"] as? NSNumber)?.int64Value == 2 })
        for key in [
            "utcOffset", "landing", "durationSeconds", "takeoffLatitude", "takeoffLongitude", "launches",
            "pathLengthKm", "maxDistanceKm",
        ] {
            #expect(bad[key] is NSNull, "\(key): \(bad[key] ?? "absent")")
        }
        #expect(bad["releaseHeight"] == nil && bad["maxAltitude"] == nil)
        #expect(bad["takeoff"] as? String == second["takeoff"] as? String, "a good value of the row stays")
        for id in [1, 3] {
            #expect(
                after.first { ($0["id"] as? NSNumber)?.int64Value == Int64(id) } as NSDictionary?
                    == before.first { ($0["id"] as? NSNumber)?.int64Value == Int64(id) } as NSDictionary?)
        }

        // CSV: empty fields.
        let csv = try CLI.run(["list", "--csv"], database: db, in: dir).stdout.split(separator: "\r\n")
        let header = csv[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let row = try #require(csv.first { $0.hasPrefix("2,") }).split(separator: ",", omittingEmptySubsequences: false)
        for column in [
            "landing_utc", "landing_local", "takeoff_local", "utc_offset", "duration_min", "launches",
            "distance_km", "max_altitude_m", "release_height_m",
        ] {
            #expect(row[header.firstIndex(of: column)!] == "", "\(column): \(row[header.firstIndex(of: column)!])")
        }

        // The table: "—" for the landing and the flight time; the total is the other lines' sum, and says why.
        let table = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": "200"]).stdout
        let line = try #require(table.split(separator: "\n").first { $0.hasPrefix(" 2 ") || $0.hasPrefix("2 ") })
        #expect(line.split(separator: " ").filter { $0 == "—" }.count >= 3, "takeoff, landing, time: \(line)")
        #expect(table.contains("1 flight has an unknown flight time or launch count"), "\(table)")
        #expect(table.contains("UTC offset unknown") || table.contains("times local at each take-off place"))

        // show: every unknown value as "—".
        let show = try CLI.run(["show", "2"], database: db, in: dir).stdout
        for expected in ["UTC offset unknown", "Flight time:", "— launches", "release at — m", "Max altitude: —"] {
            #expect(show.contains(expected), "\(expected): \(show)")
        }
        #expect(show.split(separator: "\n").first { $0.hasPrefix("Flight time:") }?.hasSuffix("—") == true, "\(show)")
        #expect(show.contains("— km farthest from take-off, — km flown"), "\(show)")
        #expect(!show.contains("+00:00"), "no made-up offset: \(show)")

        // stats: the sums leave flight 2's time and launches out, and say so.
        let totals = try Self.stats(db, dir)
        #expect(
            (totals["minutes"] as? NSNumber)?.int64Value
                == (statsBefore["minutes"] as? NSNumber).map { $0.int64Value - secondMinutes })
        #expect(
            (totals["launches"] as? NSNumber)?.intValue
                == (statsBefore["launches"] as? NSNumber).map { $0.intValue - 1 })
        #expect((totals["flights"] as? NSNumber)?.intValue == 3)
        let statsText = try CLI.run(["stats"], database: db, in: dir)
        #expect(statsText.stdout.contains("left out of these totals") && statsText.stderr.contains("warning: flight 2"))

        // The PDF logbook and the report.
        let pdf = dir.appendingPathComponent("book.pdf"), report = dir.appendingPathComponent("report.pdf")
        #expect(try CLI.run(["export", "--pdf", "-o", pdf.path], database: db, in: dir).status == 0)
        #expect(try CLI.run(["export", "--report", "2", "-o", report.path], database: db, in: dir).status == 0)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") {
            let book = try runProcess("/usr/bin/pdftotext", ["-raw", pdf.path, "-"]).stdout
            #expect(book.contains("—"), "\(book)")
            let text = try runProcess("/usr/bin/pdftotext", ["-raw", report.path, "-"]).stdout
            #expect(text.contains("UTC offset unknown") && text.contains("Duration — h"), "\(text)")
            #expect(!text.contains("UTC+00:00"), "\(text)")
        }

        // The phone pages, from the real `flightlog serve`.
        try await Self.withServer(db, dir) { port in
            let page = String(decoding: try await ServeFaultTests.get(port, "/flights/2").body, as: UTF8.self)
            #expect(page.contains("UTC offset unknown"), "\(page)")
            #expect(page.contains("<span class=\"muted\">Flight 2 · — ·") || page.contains("Flight 2 · — ·"), "\(page)")
            let list = String(decoding: try await ServeFaultTests.get(port, "/").body, as: UTF8.self)
            #expect(list.contains("<span class=\"dur\">—</span>"), "\(list)")
            let stats = String(decoding: try await ServeFaultTests.get(port, "/stats").body, as: UTF8.self)
            #expect(stats.contains("left out of these totals"), "\(stats)")
        }
    }

    /// Values of another type than the column's (a hand edit): `show` trapped in GRDB's typed reads.
    @Test func valuesOfAnotherTypeAreUnknownNotACrash() throws {
        let (dir, db) = try DatabaseFileTests().logbook(2)
        defer { try? FileManager.default.removeItem(at: dir) }
        let sql = """
            UPDATE flight SET landingOutlanding = 'abc', takeoffPlaceDistance = 'far', hasBarometer = 'yes',
                pilot = x'ff', landingTime = 'noon' WHERE id = 2
            """
        let set = DaemonHarness.shell("sqlite3 '\(db.path)' \"\(sql)\" 2>&1")
        try #require(set.status == 0, "\(set.output)")
        for command in [["show", "2"], ["show", "2", "--json"], ["list"], ["list", "--csv"], ["stats"]] {
            let r = try CLI.run(command, database: db, in: dir)
            #expect(r.status == 0, "\(command): \(r.status) \(r.stderr.prefix(600))")
            #expect(
                r.stderr.contains("warning: flight 2: the stored landingOutlanding holds"), "\(command): \(r.stderr)")
        }
        let show = try CLI.run(["show", "2"], database: db, in: dir).stdout
        #expect(show.contains("Flight time:  —"), "\(show)")
    }

    /// Runs the real `flightlog serve` on `db` for `body`.
    static func withServer(_ db: URL, _ dir: URL, _ body: (Int) async throws -> Void) async throws {
        let server = try ServeProcess(environment: ["FLIGHTLOG_DATABASE": db.path], in: dir)
        defer { server.stop() }
        try #require(server.isReady, "flightlog serve did not start: \(server.logText)")
        try await body(server.port)
    }
}
