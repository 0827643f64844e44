import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// The logbook through the built `flightlog`: the Part-SFCL PDF checked with pdftotext against totals computed from
/// `list --json`, `stats` against the list, `add`, the `--owner` filter, exports without a track, pilot words.
@Suite("flightlog logbook, stats and add end to end", .serialized, .timeLimit(.minutes(5)))
struct LogbookCLITests {
    typealias Listed = CLITests.ListedFlight

    struct Totals: Equatable {
        /// The flights the owner flew; the others apart (they count no time).
        var flights = 0, others = 0
        var launches: [String: Int] = [:]
        var minutes: Int64 = 0, pic: Int64 = 0, dual: Int64 = 0, fi: Int64 = 0

        /// What the logbook must say for these listed flights.
        init(_ flights: some Sequence<Listed>) {
            for f in flights {
                flights_(f)
            }
        }

        init() {}

        private mutating func flights_(_ f: Listed) {
            let minutes = f.durationSeconds / 60
            guard ["pic", "dual", "instructor"].contains(f.ownerRole) else {
                others += 1
                return
            }
            flights += 1
            launches[f.launch, default: 0] += f.launches
            self.minutes += minutes
            if f.ownerRole != "dual" { pic += minutes }
            if f.ownerRole == "dual" { dual += minutes }
            if f.ownerRole == "instructor" { fi += minutes }
        }
    }

    func list(_ args: [String], _ db: URL, _ dir: URL) throws -> [Listed] {
        let r = try CLI.run(["list", "--json"] + args, database: db, in: dir)
        try #require(r.status == 0, "list: \(r.stderr)")
        return try JSONDecoder().decode([Listed].self, from: Data(r.stdout.utf8))
    }

    func writeConfig(_ dir: URL, _ text: String) throws {
        let folder = dir.appendingPathComponent("no-config/flightlog")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("flightlog.toml"), atomically: true, encoding: .utf8)
    }

    /// Four simulated flights with the owner as PIC, student, instructor and not aboard, one as passenger set by
    /// hand, and `extra` flights added by hand (PIC, 3 launches each).
    func logbook(extra: Int = 1) throws -> (db: URL, dir: URL) {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        var files: [String] = []
        for (n, launch) in ["winch", "aerotow", "winch", "self", "winch"].enumerated() {
            let r = try CLI.run(
                [
                    "simulate", "--launch", launch, "--minutes", "\(20 + n * 7)", "--seed", "\(n + 1)",
                    "--start", "2025-0\(5 + n)-1\(n)T10:00:00Z", "-o", "s\(n).igc",
                ], database: nil, in: dir)
            try #require(r.status == 0, "simulate: \(r.stderr)")
            files.append("s\(n).igc")
        }
        try #require(try CLI.run(["import"] + files, database: db, in: dir).status == 0)
        let edits: [[String]] = [
            ["1", "--pilot", "Müller, Jürgen"],
            ["2", "--pilot", "Jürgen Müller", "--instructor", "Anna Huber"],
            ["3", "--pilot", "Eva Roth", "--instructor", "MÜLLER, JÜRGEN"],
            ["4", "--pilot", "Eva Roth", "--guest", "Max Mustermann"],
            ["5", "--pilot", "Eva Roth", "--owner-role", "passenger"],
        ]
        for edit in edits {
            let r = try CLI.run(["edit"] + edit, database: db, in: dir)
            try #require(r.status == 0, "edit: \(r.stderr)")
        }
        for n in 0..<extra {
            let r = try CLI.run(
                [
                    "add", "--date", "2024-0\(4 + n % 5)-\(10 + n)", "--takeoff", "14:0\(n % 10)", "--landing",
                    "15:1\(n % 10)",
                    "--takeoff-place", "Hintertupfing", "--utc-offset", "+02:00", "--launch", "winch", "--launches",
                    "3",
                    "--pilot", "Jürgen Müller", "--plane", "ASK 13",
                ], database: db, in: dir)
            try #require(r.status == 0, "add: \(r.stderr)")
        }
        try writeConfig(dir, "[owner]\nname = \"Müller, Jürgen\"\n")
        return (db, dir)
    }

    /// The totals rows of a pdftotext -layout page: the owner's flights, W F E ?, time, PIC, dual, FI(S), and beside
    /// them "+ N other flights, no time" when there are others.
    func totalsRows(_ text: String) -> [(label: String, totals: Totals)] {
        text.split(separator: "\n").compactMap { line -> (String, Totals)? in
            guard let label = ["This page", "Brought forward", "Total"].first(where: { line.contains($0 + " ") }) else {
                return nil
            }
            let fields = line[line.range(of: label)!.upperBound...].split(separator: " ")
            guard fields.count == 10 || (fields.count == 16 && fields[10] == "+"), fields[1].hasPrefix("flight"),
                let n = Int(fields[0])
            else { return nil }
            func minutes(_ s: Substring) -> Int64 {
                let p = s.split(separator: ":")
                return Int64(p[0])! * 60 + Int64(p[1])!
            }
            var t = Totals()
            t.flights = n
            t.others = fields.count == 16 ? Int(fields[11]) ?? -1 : 0
            for (k, method) in ["winch", "aerotow", "self", "unknown"].enumerated() where Int(fields[2 + k])! > 0 {
                t.launches[method] = Int(fields[2 + k])!
            }
            t.minutes = minutes(fields[6])
            t.pic = minutes(fields[7])
            t.dual = minutes(fields[8])
            t.fi = minutes(fields[9])
            return (label, t)
        }
    }

    @Test(
        "the PDF logbook has the Part-SFCL columns; every page's totals equal those computed from list --json",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext")))
    func pdfColumnsAndTotals() throws {
        let (db, dir) = try logbook(extra: 14)
        let listed = try list([], db, dir)
        #expect(listed.count == 19)
        #expect(listed.filter { $0.source == "manual" && !$0.track }.count == 14)
        #expect(
            Dictionary(grouping: listed, by: \.ownerRole).mapValues(\.count)
                == ["pic": 15, "dual": 1, "instructor": 1, "not-aboard": 1, "passenger": 1])
        let pdf = try CLI.run(["export", "--pdf", "-o", "logbook.pdf"], database: db, in: dir)
        try #require(pdf.status == 0, "\(pdf.stderr)")
        let text = try runProcess(
            "/usr/bin/pdftotext", ["-layout", dir.appendingPathComponent("logbook.pdf").path, "-"]
        ).stdout
        for words in [
            "Pilot logbook – Müller, Jürgen", "Departure", "Arrival", "PIC", "Dual", "FI(S)", "Launches",
            "Flight", "Remarks", "[not aboard: Müller, Jürgen]", "[passenger]", "[no track]", "Anna Huber",
            "Page 2 of 2", "Hintertupfing",
        ] {
            #expect(text.contains(words), "missing \(words)")
        }
        let rows = totalsRows(text)
        try #require(rows.count == 6, "three totals rows per page:\n\(text)")
        // At most 16 flights a page, fewer when rows grow with wrapped places and remarks: page 1 holds the
        // oldest `n`, page 2 the rest.
        let n = rows[0].totals.flights + rows[0].totals.others
        #expect(n <= 16 && n >= 3, "\(n) flights on page 1")
        // The owner's flights first, the others apart: in the header as `stats` says it, and in the totals.
        #expect(text.contains("17 flights · ") && text.contains("2 other flights (passenger, not aboard or pilot"))
        #expect(rows[5].totals.flights == 17 && rows[5].totals.others == 2 && !text.contains("19 flights"))
        let byPage = [Array(listed.prefix(n)), Array(listed.dropFirst(n))]
        #expect(
            rows[0].totals == Totals(byPage[0]) && rows[1].totals == Totals([]) && rows[2].totals == Totals(byPage[0]))
        #expect(rows[3].totals == Totals(byPage[1]) && rows[4].totals == Totals(byPage[0]))
        #expect(rows[5].totals == Totals(listed), "overall total")
        // Winch: 14 hand-entered lines of 3 and the owner's two simulated winch flights (PIC, instructor).
        #expect(Totals(listed).launches["winch"] == 14 * 3 + 2, "launches per method, 3 per hand-entered line")

        // --owner keeps only the owner's flights (and the filter shows in the header).
        let owned = try list(["--owner", "müller"], db, dir)
        #expect(owned.count == 18 && !owned.contains { $0.ownerRole == "not-aboard" })
        let pdf2 = try CLI.run(["export", "--pdf", "--owner", "müller", "-o", "mine.pdf"], database: db, in: dir)
        #expect(pdf2.status == 0, "\(pdf2.stderr)")
        let mine = try runProcess("/usr/bin/pdftotext", ["-layout", dir.appendingPathComponent("mine.pdf").path, "-"])
            .stdout
        #expect(mine.contains("flights of müller") && !mine.contains("[not aboard"))
        #expect(totalsRows(mine).last?.totals == Totals(owned))
    }

    @Test("stats totals equal the list's, with and without filters; recency dates from the flights")
    func statsEqualList() throws {
        let (db, dir) = try logbook(extra: 2)
        struct Stats: Decodable {
            struct T: Decodable {
                var key: String?
                var flights: Int, launches: Int, minutes: Int64, picMinutes: Int64, dualMinutes: Int64,
                    instructorMinutes: Int64
                var launchesByMethod: [String: Int]
            }
            struct Rule: Decodable { var current: Bool; var lapses: String? }
            struct Recency: Decodable { var asOf: String; var passengers: Rule; var spl: Rule }
            var total: T
            var byYear: [T]
            var byGliderType: [T]
            var byLaunchMethod: [T]
            var recency: Recency
        }
        for filter in [[], ["--launch", "winch"], ["--since", "2025-01-01"], ["--owner", "Jürgen Müller"]] {
            let listed = try list(filter, db, dir)
            let r = try CLI.run(["stats", "--json", "--as-of", "2025-08-01"] + filter, database: db, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
            let s = try JSONDecoder().decode(Stats.self, from: Data(r.stdout.utf8))
            let expected = Totals(listed)
            #expect(s.total.flights == listed.count, "\(filter)")
            #expect(s.total.minutes == expected.minutes && s.total.picMinutes == expected.pic, "\(filter)")
            #expect(s.total.dualMinutes == expected.dual && s.total.instructorMinutes == expected.fi, "\(filter)")
            #expect(s.total.launchesByMethod == expected.launches, "\(filter)")
            #expect(s.byYear.reduce(0) { $0 + $1.flights } == listed.count)
            #expect(s.byLaunchMethod.reduce(0) { $0 + $1.launches } == s.total.launches)
            #expect(s.byGliderType.reduce(Int64(0)) { $0 + $1.minutes } == s.total.minutes)
            // Flights as PIC: 2025-05-10 (1 launch) and two hand-entered lines of 3 in 2024; the 3rd most recent
            // PIC launch is on 2024-05-11 (the second hand-entered line), so carrying passengers lapsed 90 days on.
            #expect(s.recency.passengers.lapses == "2024-08-09" && !s.recency.passengers.current)
        }
        let table = try CLI.run(["stats", "--as-of", "2025-08-01"], database: db, in: dir)
        #expect(table.status == 0 && table.stdout.contains("Logbook of Müller, Jürgen"))
        #expect(table.stdout.contains("passengers (SFCL.160(e)): LAPSED on 2024-08-09"))
        #expect(table.stdout.contains("SPL (SFCL.160(a)): NOT MET"))
        #expect(table.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(table.stdout)")
    }

    @Test(
        "an added flight is in list, show, stats and the PDF marked no track; its exports fail in one line; it edits and deletes"
    )
    func addedFlightEverywhere() throws {
        let (db, dir) = try logbook(extra: 1)
        let added = try #require(try list([], db, dir).first { $0.source == "manual" })
        #expect(added.date == "2024-04-10" && added.launches == 3 && added.durationSeconds == 70 * 60)
        let table = try CLI.run(["list"], database: db, in: dir)
        #expect(table.stdout.contains("\(added.id)*") && table.stdout.contains("no track"))
        let show = try CLI.run(["show", "\(added.id)"], database: db, in: dir)
        #expect(
            show.status == 0 && show.stdout.contains("no track")
                && show.stdout.contains("14:00:00 local, 2024-04-10T12:00:00Z"))
        #expect(show.stdout.contains("Your role:   PIC"))
        for kind in ["--igc", "--kml", "--gpx", "--geojson", "--report"] {
            let r = try CLI.run(["export", kind, "\(added.id)", "-o", "out.x"], database: db, in: dir)
            #expect(r.status != 0 && r.stderr.contains("has no track"), "\(kind): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.x").path))
        }
        // Filter-chosen IGC export leaves it out with a note and writes the others.
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("igc"), withIntermediateDirectories: true)
        let all = try CLI.run(["export", "--igc", "--launch", "winch", "-o", "igc/"], database: db, in: dir)
        #expect(all.status == 0 && all.stderr.contains("left out 1 flight without a track"), "\(all.stderr)")
        let edit = try CLI.run(
            ["edit", "\(added.id)", "--launches", "2", "--instructor", "Anna Huber"], database: db, in: dir)
        #expect(
            edit.status == 0 && edit.stdout.contains("launches: 3 → 2")
                && edit.stdout.contains("instructor: — → Anna Huber"))
        #expect(!edit.stdout.contains("secondPerson") && !edit.stdout.contains("launchMethod"))
        let history = try CLI.run(["show", "\(added.id)"], database: db, in: dir).stdout
        #expect(
            history.contains("instructor: — → Anna Huber") && history.contains("second person role: — → instructor"))
        #expect(try list([], db, dir).first { $0.id == added.id }?.ownerRole == "dual")
        let delete = try CLI.run(["delete", "\(added.id)", "--yes"], database: db, in: dir)
        #expect(delete.status == 0)
        #expect(try !list([], db, dir).contains { $0.id == added.id })
        // A place flightlog knows gives the zone; a bad time or a backwards flight is a one-line error.
        let known = try CLI.run(
            ["add", "--date", "2025-01-10", "--takeoff", "10:00", "--landing", "10:30", "--takeoff-place", "EDKA"],
            database: db, in: dir)
        #expect(
            known.status == 0 && known.stdout.contains("Europe/Berlin, UTC+01:00"), "\(known.stdout)\(known.stderr)")
        for bad in [["--takeoff", "25:00", "--landing", "10:00"], ["--takeoff", "11:00", "--landing", "10:00"]] {
            let r = try CLI.run(["add", "--date", "2025-01-10", "--utc-offset", "+01:00"] + bad, database: db, in: dir)
            #expect(r.status != 0 && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        }
    }

    @Test("options that do nothing are errors; a report as PNG; the list fits 80 columns or the terminal's")
    func validationPNGAndWidth() throws {
        let (db, dir) = try logbook(extra: 1)
        for args in [
            ["--igc", "1", "--qnh", "1013"], ["--kml", "1", "--rebuild"], ["--igc", "1", "--launch", "winch"],
            ["--pdf", "-o", "x.png"], ["--kml", "1", "--owner", "müller"],
        ] {
            let r = try CLI.run(
                ["export"] + args + (args.contains("-o") ? [] : ["-o", "x.out"]), database: db, in: dir)
            #expect(r.status != 0 && r.stderr.hasPrefix("Error: "), "\(args): \(r.stderr)")
        }
        let png = try CLI.run(["export", "--report", "1", "--qnh", "1020", "-o", "r.png"], database: db, in: dir)
        #expect(png.status == 0, "\(png.stderr)")
        let bytes = try Data(contentsOf: dir.appendingPathComponent("r.png"))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) && bytes.count > 10_000)
        func widest(_ env: [String: String]) throws -> (Int, String) {
            let out = try CLI.run(["list"], database: db, in: dir, environment: env).stdout
            return (out.split(separator: "\n").map(\.count).max() ?? 0, out)
        }
        let (narrow, text80) = try widest([:])
        #expect(narrow <= 80, "\(text80)")
        #expect(text80.contains("Müller") && text80.contains("2025-05-10"))
        let (wide, text200) = try widest(["COLUMNS": "200"])
        #expect(wide > 80 && wide <= 200 && text200.contains("Reg") && text200.contains("D-1234"))
        let (tiny, _) = try widest(["COLUMNS": "60"])
        #expect(tiny <= 60)
    }

    @Test(
        "shared real flights: the PDF totals equal those from list --json for the owner",
        .enabled(if: SharedFlights.available))
    func sharedFlightsPDF() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else { return }
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let files = SharedFlights.files()
        #expect(try CLI.run(["import"] + files.map(\.path), database: db, in: dir).status == 0)
        let ids = try list([], db, dir).map(\.id)
        for (n, id) in ids.enumerated() where n % 3 == 0 {
            _ = try CLI.run(
                ["edit", "\(id)", "--pilot", "Owner Pilot", "--instructor", "Anna Huber"], database: db, in: dir)
        }
        let owned = try list(["--owner", "owner pilot"], db, dir)
        // The edited flights are the owner's as dual; a flight whose file names no pilot counts as the owner's too.
        #expect(owned.filter { $0.ownerRole == "dual" }.count == (ids.count + 2) / 3)
        #expect(owned.allSatisfy { $0.ownerRole == "dual" || $0.pilot == nil })
        let pdf = try CLI.run(["export", "--pdf", "--owner", "Owner Pilot", "-o", "l.pdf"], database: db, in: dir)
        #expect(pdf.status == 0, "\(pdf.stderr)")
        let text = try runProcess("/usr/bin/pdftotext", ["-layout", dir.appendingPathComponent("l.pdf").path, "-"])
            .stdout
        #expect(totalsRows(text).last?.totals == Totals(owned))
    }

    /// `Tests/Fixtures/schema-v3-by-main.sqlite` was written by main's `flightlog` (d7e9a76, schema v3): two
    /// simulated flights imported (their files kept) and flight 1 edited (pilot Müller, instructor Anna Huber).
    @Test("a database written by the previous flightlog (schema v3) upgrades on first use and keeps everything")
    func upgradesDatabaseMadeByMain() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("old.sqlite")
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Tests/Fixtures/schema-v3-by-main.sqlite"), to: db)
        // A read-only command upgrades the (writable) file once and lists it.
        let readOnly = try CLI.run(["list"], database: db, in: dir)
        #expect(readOnly.status == 0 && readOnly.stdout.contains("2 flights"), "\(readOnly.stdout)\(readOnly.stderr)")
        let add = try CLI.run(
            [
                "add", "--date", "2024-08-02", "--takeoff", "14:00", "--landing", "14:30", "--utc-offset", "+02:00",
                "--launch", "winch", "--launches", "2", "--pilot", "Jürgen Müller",
            ], database: db, in: dir)
        try #require(add.status == 0, "\(add.stderr)")
        let listed = try list(["--owner", "müller"], db, dir)
        #expect(listed.map(\.id) == [3, 1] && listed.map(\.ownerRole) == ["pic", "dual"])
        #expect(listed.map(\.source) == ["manual", "imported"] && listed.map(\.launches) == [2, 1])
        let show = try CLI.run(["show", "1"], database: db, in: dir).stdout
        #expect(show.contains("instructor: — → Anna Huber") && show.contains("Aachen-Merzbruck"))
        // The kept original file comes back byte for byte: its SHA-256 is the one recorded at import.
        let igc = try CLI.run(["export", "--igc", "1", "-o", "one.igc"], database: db, in: dir)
        #expect(igc.status == 0, "\(igc.stderr)")
        let sha = try CLI.sha256(of: dir.appendingPathComponent("one.igc"))
        #expect(show.contains("sha256 \(sha.prefix(16))"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") {
            let check = try runProcess(
                "/usr/bin/sqlite3", [db.path, "PRAGMA integrity_check; PRAGMA foreign_key_check;"])
            #expect(check.stdout == "ok\n", "\(check.stdout)")
        }
    }
}
