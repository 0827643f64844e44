import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// The `flightlog` binary end to end: real SQLite files, real IGC files, real PDFs.
@Suite("flightlog CLI end to end", .serialized, .timeLimit(.minutes(5)))
struct CLITests {
    struct ListedFlight: Decodable {
        var id: Int64
        var date: String
        var takeoff: String
        var landing: String
        var launch: String
        var pilot: String?
        var secondPerson: String?
        var secondPersonRole: String?
        var gliderType: String?
        var registration: String?
        var sourceFile: String?
        // The owner's role, launches, and whether the flight has a track (`source` manual: none).
        var durationSeconds: Int64 = 0
        var launches: Int = 1
        var ownerRole: String = ""
        var source: String = ""
        var track: Bool = true
    }

    func list(_ args: [String], db: URL, dir: URL) throws -> [ListedFlight] {
        let result = try CLI.run(["list", "--json"] + args, database: db, in: dir)
        #expect(result.status == 0, "list failed: \(result.stderr)")
        return try JSONDecoder().decode([ListedFlight].self, from: Data(result.stdout.utf8))
    }

    /// Simulated flights on different days with different launches, imported into a fresh database.
    func simulatedLogbook() throws -> (db: URL, dir: URL, ids: [Int64]) {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        var files: [String] = []
        for (n, launch) in ["winch", "aerotow", "winch", "self"].enumerated() {
            let name = "sim\(n).igc"
            let r = try CLI.run(
                [
                    "simulate", "--launch", launch, "--minutes", "\(20 + n * 5)", "--seed", "\(n + 1)",
                    "--start", "2025-0\(5 + n)-1\(n)T10:00:00Z", "-o", name,
                ], database: nil, in: dir)
            try #require(r.status == 0, "simulate failed: \(r.stderr)")
            files.append(name)
        }
        let imported = try CLI.run(["import"] + files, database: db, in: dir)
        try #require(imported.status == 0, "import failed: \(imported.stderr)")
        let ids = try list([], db: db, dir: dir).map(\.id)
        try #require(ids.count == 4)
        return (db, dir, ids)
    }

    @Test("every shared real flight imports as exactly one flight, once", .enabled(if: SharedFlights.available))
    func importsSharedFlights() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let files = SharedFlights.files()
        let first = try CLI.run(["import"] + files.map(\.path), database: db, in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let flights = try list([], db: db, dir: dir)
        #expect(flights.count == files.count)
        let byFile = Dictionary(grouping: flights, by: { $0.sourceFile ?? "" })
        for file in files {
            #expect(byFile[file.lastPathComponent]?.count == 1, "\(file.lastPathComponent) must give one flight")
        }
        #expect(byFile["apf-bug554.igc"]?.first?.launch == "winch")
        #expect(byFile["01lz1hq1.igc"]?.first?.launch == "self")
        for name in [
            "654G6NG1.IGC", "2016-11-08-xcs-aaa-02.igc", "complex_example_lxn.igc", "H1_77flne21.IGC", "T_77fv4np1.igc",
        ] {
            #expect(byFile[name]?.first?.launch == "aerotow", "\(name)")
        }
        // Midnight UTC: takes off 8 Nov UTC, lands 9 Nov UTC, and the logbook date is 9 Nov in New Zealand.
        let rollover = try #require(byFile["2016-11-08-xcs-aaa-02.igc"]?.first)
        #expect(rollover.takeoff.hasPrefix("2016-11-08T22:4"))
        #expect(rollover.landing.hasPrefix("2016-11-09T04:4"))
        #expect(rollover.date == "2016-11-09")

        // The logbook of every real flight, some renamed into other scripts: every flight and name on it.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") {
            let names = ["Müller, Jürgen", "Øyvind Ærø", "Ιωάννης Παπαδόπουλος"]
            for (flight, name) in zip(flights, names) {
                #expect(try CLI.run(["edit", "\(flight.id)", "--pilot", name], database: db, in: dir).status == 0)
            }
            #expect(
                try CLI.run(["edit", "\(flights[3].id)", "--instructor", "Çağrı Şahin"], database: db, in: dir).status
                    == 0)
            let pdf = try CLI.run(["export", "--pdf", "-o", "logbook.pdf"], database: db, in: dir)
            #expect(pdf.status == 0, "\(pdf.stderr)")
            let text = try runProcess(
                "/usr/bin/pdftotext", ["-layout", dir.appendingPathComponent("logbook.pdf").path, "-"]
            ).stdout
            // A long name wraps inside its cell, so each word is looked for.
            for name in names + ["Çağrı Şahin"] {
                #expect(name.split(separator: " ").allSatisfy { text.contains($0) }, "\(name) missing from the logbook")
            }
            for flight in flights { #expect(text.contains(flight.date), "\(flight.date) missing from the logbook") }
            #expect(text.contains("\(flights.count) flights"))
            let instructor = try CLI.run(
                ["export", "--pdf", "--instructor", "-o", "instructor.pdf"], database: db, in: dir)
            #expect(instructor.status == 0)
            let only = try runProcess(
                "/usr/bin/pdftotext", ["-layout", dir.appendingPathComponent("instructor.pdf").path, "-"]
            ).stdout
            #expect(only.contains("Çağrı Şahin"))
            #expect(!only.contains("Øyvind Ærø"))
        }

        // The same files again: nothing is duplicated.
        let again = try CLI.run(["import"] + files.map(\.path), database: db, in: dir)
        #expect(again.status == 0)
        #expect(again.stdout.contains("already in the logbook"))
        #expect(try list([], db: db, dir: dir).count == files.count)
    }

    @Test(
        "import → export --rebuild is lossless and the export passes aerofiles", .enabled(if: SharedFlights.available))
    func exportIsLossless() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let files = SharedFlights.files()
        try #require(try CLI.run(["import"] + files.map(\.path), database: db, in: dir).status == 0)
        let out = dir.appendingPathComponent("igc")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for flight in try list([], db: db, dir: dir) {
            let target = out.appendingPathComponent("\(flight.id)")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            let r = try CLI.run(
                ["export", "--igc", "--rebuild", "\(flight.id)", "-o", target.path + "/"], database: db, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
            let written = try #require(
                try FileManager.default.contentsOfDirectory(at: target, includingPropertiesForKeys: nil).first)
            #expect(
                written.lastPathComponent.range(
                    of: #"^\d{4}-\d{2}-\d{2}-XFL-[A-Z0-9]{3}-\d{2}\.IGC$"#, options: .regularExpression) != nil)
            let exported = try IGCReader.read([UInt8](try Data(contentsOf: written)))
            let original = try IGCReader.read(
                [UInt8](
                    try Data(
                        contentsOf: SharedFlights.directory.appendingPathComponent(try #require(flight.sourceFile)))))
            let verdict = try CLI.verification([UInt8](try Data(contentsOf: written)), database: db)
            #expect(verdict.exitStatus == 0, "\(verdict)")
            let originalByTime = Dictionary(original.track.fixes.map { ($0.time, $0) }, uniquingKeysWith: { a, _ in a })
            #expect(exported.track.fixes.count > 100)
            for fix in exported.track.fixes {
                let source = try #require(
                    originalByTime[fix.time], "exported fix at \(iso8601UTC(fix.time)) is not in the original")
                #expect(fix.isValid == source.isValid)
                #expect(abs(fix.latitude - source.latitude) < 1.0 / 60_000 / 2 + 1e-9)
                #expect(abs(fix.longitude - source.longitude) < 1.0 / 60_000 / 2 + 1e-9)
                #expect(fix.pressureAltitudeDm == source.pressureAltitudeDm)
                #expect(fix.gnssAltitudeDm == source.gnssAltitudeDm)
            }
            // Every original fix between the first and last exported one comes back.
            let first = exported.track.fixes.first!.time, last = exported.track.fixes.last!.time
            #expect(
                original.track.fixes.filter { $0.time >= first && $0.time <= last }.count == exported.track.fixes.count)
        }
        if let python = CLI.aerofilesPython {
            let outputs = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".IGC") }
                .map { out.appendingPathComponent($0).path }
            let check = try runProcess(
                python, [packageRoot.appendingPathComponent("scripts/check-igc.py").path] + outputs)
            #expect(check.status == 0, "aerofiles check failed:\n\(check.stdout)\(check.stderr)")
        }
    }

    @Test("filters find names in any case and script, with or without accents")
    func unicodeFilters() throws {
        let (db, dir, ids) = try simulatedLogbook()
        try #require(
            try CLI.run(["edit", "\(ids[0])", "--instructor", "Müller, Jürgen"], database: db, in: dir).status == 0)
        try #require(
            try CLI.run(
                ["edit", "\(ids[1])", "--guest", "Çağrı Şahin", "--plane", "Duo Discus"], database: db, in: dir
            ).status == 0)
        try #require(
            try CLI.run(
                ["edit", "\(ids[2])", "--pilot", "Øyvind Ærø", "--student", "Ιωάννης Παπαδόπουλος"], database: db,
                in: dir
            ).status == 0)

        #expect(try list(["--guest", "çağrı şahin"], db: db, dir: dir).map(\.id) == [ids[1]])
        #expect(try list(["--guest", "CAGRI"], db: db, dir: dir).map(\.id) == [ids[1]])
        #expect(try list(["--instructor"], db: db, dir: dir).map(\.id) == [ids[0]])
        #expect(try list(["--no-instructor"], db: db, dir: dir).map(\.id) == [ids[1], ids[2], ids[3]])
        #expect(try list(["--pilot", "øyvind ærø"], db: db, dir: dir).map(\.id) == [ids[2]])
        #expect(try list(["--plane", "DUO discus"], db: db, dir: dir).map(\.id) == [ids[1]])
        #expect(try list(["--plane", "ask 21"], db: db, dir: dir).map(\.id) == [ids[0], ids[2], ids[3]])
        #expect(try list(["--registration", "d1234"], db: db, dir: dir).count == 4)
        #expect(try list(["--launch", "winch"], db: db, dir: dir).map(\.id) == [ids[0], ids[2]])
        #expect(
            try list(["--since", "2025-06-01", "--until", "2025-07-31"], db: db, dir: dir).map(\.id) == [
                ids[1], ids[2],
            ])
        let greek = try list(["--pilot", "ØYVIND"], db: db, dir: dir)
        #expect(greek.first?.secondPerson == "Ιωάννης Παπαδόπουλος")
        #expect(greek.first?.secondPersonRole == "student")

        // every column
        let table = try CLI.run(["list", "--no-instructor"], database: db, in: dir, environment: ["COLUMNS": "250"])
        #expect(table.stdout.contains("Çağrı Şahin (guest)"))
        #expect(table.stdout.contains("3 flights"))
        let csv = try CLI.run(["list", "--csv", "--instructor"], database: db, in: dir)
        #expect(csv.stdout.split(separator: "\r\n").count == 2)
        #expect(csv.stdout.contains("\"Müller, Jürgen\""))
    }

    @Test("edits are kept as history and never change the track")
    func editsKeepTheTrack() throws {
        let (db, dir, ids) = try simulatedLogbook()
        func bLines() throws -> [Substring] {
            let target = dir.appendingPathComponent("export-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try #require(
                try CLI.run(["export", "--igc", "\(ids[0])", "-o", target.path + "/"], database: db, in: dir).status
                    == 0)
            let file = try #require(
                try FileManager.default.contentsOfDirectory(at: target, includingPropertiesForKeys: nil).first)
            return String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\r\n").filter {
                $0.hasPrefix("B")
            }
        }
        let before = try bLines()
        let edit = try CLI.run(
            [
                "edit", "\(ids[0])", "--guest", "Øyvind Ærø", "--launch", "aerotow", "--remarks", "Nice day",
                "--takeoff-place", "Aachen-Merzbrück",
            ],
            database: db, in: dir)
        #expect(edit.status == 0)
        #expect(edit.stdout.contains("Øyvind Ærø"))
        #expect(try bLines() == before)
        let show = try CLI.run(["show", "\(ids[0])"], database: db, in: dir)
        #expect(show.stdout.contains("Aachen-Merzbrück"))
        #expect(show.stdout.contains("Edits:"))
        #expect(show.stdout.contains("→ aerotow"))
        #expect(show.stdout.contains("Barogram"))
    }

    @Test("bad input gives a one-line error, a non-zero exit, and the logbook is unchanged")
    func badInput() throws {
        let (db, dir, ids) = try simulatedLogbook()
        let snapshot = try CLI.run(["list", "--json"], database: db, in: dir).stdout
        func expectFailure(_ args: [String], mentions text: String, database: URL? = nil, sourceLine: Int = #line)
            throws
        {
            let r = try CLI.run(args, database: database ?? db, in: dir)
            #expect(r.status != 0, "\(args) should fail (line \(sourceLine))")
            #expect(r.stderr.lowercased().contains(text.lowercased()), "\(args): \(r.stderr)")
            #expect(
                r.stderr.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").count <= 3,
                "\(args): \(r.stderr)")
        }
        try expectFailure(["show", "9999"], mentions: "no flight with id 9999")
        try expectFailure(["edit", "9999", "--pilot", "X"], mentions: "no flight with id 9999")
        try expectFailure(["delete", "9999", "--yes"], mentions: "no flight with id 9999")
        try expectFailure(["export", "--igc", "9999"], mentions: "no flight with id 9999")
        try expectFailure(["list", "--since", "2025-13-01"], mentions: "2025-13-01")
        try expectFailure(["list", "--since", "2025-02-30"], mentions: "2025-02-30")
        try expectFailure(["list", "--launch", "catapult"], mentions: "catapult")
        try expectFailure(["export", "--pdf", "--guest", "nobody at all", "-o", "x.pdf"], mentions: "no flights match")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.pdf").path))
        try expectFailure(
            ["export", "--report", "\(ids[0])", "-o", "/nonexistent-dir/r.pdf"], mentions: "cannot write")
        try expectFailure(["delete", "\(ids[0])"], mentions: "--yes")

        // A malformed IGC file: named with its line, nothing stored, the good file beside it still imports.
        let bad = dir.appendingPathComponent("broken.igc")
        try Data("AXFLABC\r\nHFDTEDATE:150625,01\r\nB1200004807123N01123456EA0040000450\r\nB12000X\r\n".utf8).write(
            to: bad)
        let good = dir.appendingPathComponent("good.igc")
        try #require(
            try CLI.run(["simulate", "--start", "2025-09-01T09:00:00Z", "-o", good.path], database: nil, in: dir).status
                == 0)
        let mixed = try CLI.run(["import", bad.path, good.path], database: db, in: dir)
        #expect(mixed.status != 0)
        #expect(mixed.stderr.contains("broken.igc"))
        #expect(mixed.stderr.contains("line 4"))
        #expect(try list([], db: db, dir: dir).count == 5)
        #expect(
            try CLI.run(["delete", "\(try list([], db: db, dir: dir).last!.id)", "--yes"], database: db, in: dir).status
                == 0)
        #expect(try CLI.run(["list", "--json"], database: db, in: dir).stdout == snapshot)

        // Missing database: a clear error, and no file is created by looking.
        let missing = dir.appendingPathComponent("missing.sqlite")
        try expectFailure(["list"], mentions: "no flight database", database: missing)
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        // A database path that cannot be created.
        let blocker = dir.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        let r = try CLI.run(["import", good.path], database: blocker.appendingPathComponent("db.sqlite"), in: dir)
        #expect(r.status != 0)
        #expect(!r.stderr.isEmpty)
        // Not a database at all: refused, bytes unchanged.
        let text = dir.appendingPathComponent("notes.sqlite")
        try Data("these are my notes\n".utf8).write(to: text)
        try expectFailure(["import", good.path], mentions: "not", database: text)
        #expect(try String(contentsOf: text, encoding: .utf8) == "these are my notes\n")
    }

    @Test(
        "a database from a newer flightlog is refused and left alone",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func newerSchema() throws {
        let (db, dir, _) = try simulatedLogbook()
        let add = try runProcess(
            "/usr/bin/sqlite3", [db.path, "INSERT INTO grdb_migrations VALUES ('v99 from the future')"])
        try #require(add.status == 0, "\(add.stderr)")
        let before = try CLI.sha256(of: db)
        for args in [
            ["list"], ["edit", "1", "--pilot", "X"], ["import", dir.appendingPathComponent("sim0.igc").path],
        ] {
            let r = try CLI.run(args, database: db, in: dir)
            #expect(r.status != 0)
            #expect(r.stderr.contains("newer"), "\(args): \(r.stderr)")
        }
        #expect(try CLI.sha256(of: db) == before)
    }

    @Test(
        "the PDF logbook holds the filtered flights and names in any script",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext")))
    func pdfLogbook() throws {
        let (db, dir, ids) = try simulatedLogbook()
        try #require(
            try CLI.run(["edit", "\(ids[0])", "--instructor", "Ιωάννης Παπαδόπουλος"], database: db, in: dir).status
                == 0)
        try #require(try CLI.run(["edit", "\(ids[1])", "--guest", "Øyvind Ærø"], database: db, in: dir).status == 0)
        let all = try CLI.run(["export", "--pdf", "-o", "all.pdf"], database: db, in: dir)
        #expect(all.status == 0, "\(all.stderr)")
        let allText = try runProcess(
            "/usr/bin/pdftotext", ["-layout", dir.appendingPathComponent("all.pdf").path, "-"]
        ).stdout
        #expect(allText.contains("Παπαδόπουλος"))
        #expect(allText.contains("Øyvind Ærø"))
        let instructor = try CLI.run(
            ["export", "--pdf", "--instructor", "-o", "instructor.pdf"], database: db, in: dir)
        #expect(instructor.status == 0)
        let text = try runProcess(
            "/usr/bin/pdftotext", ["-layout", dir.appendingPathComponent("instructor.pdf").path, "-"]
        ).stdout
        #expect(text.contains("Παπαδόπουλος"))
        #expect(!text.contains("Øyvind"))
        #expect(text.contains("with instructor"))
        for kind in ["--kml", "--gpx", "--geojson"] {
            let r = try CLI.run(
                ["export", kind, "\(ids[0])", "-o", "track" + kind.replacingOccurrences(of: "--", with: ".")],
                database: db, in: dir)
            #expect(r.status == 0, "\(kind): \(r.stderr)")
        }
        let report = try CLI.run(["export", "--report", "\(ids[0])", "-o", "report.svg"], database: db, in: dir)
        #expect(report.status == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("report.svg"), encoding: .utf8).contains("<svg"))
    }

    @Test("the list table keeps its columns for names in any script and cuts long ones with an ellipsis")
    func tableColumnsLineUp() throws {
        let (db, dir, ids) = try simulatedLogbook()
        let long = "Wolfgang-Amadeus Ærø-Παπαδόπουλος von Hohenzollern"
        let names = ["Øyvind Ærø", "Ιωάννης", "Müller, Jürgen", long]
        for (id, name) in zip(ids, names) {
            #expect(try CLI.run(["edit", "\(id)", "--pilot", name], database: db, in: dir).status == 0)
        }
        let result = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": "250"])  // every column
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2 + ids.count + 1, "\(result.stdout)")
        // Every column starts at the same character on every line: the header's "Launch" above each launch.
        let launchColumn = try #require(lines[0].range(of: "Launch")).lowerBound
        let column = lines[0].distance(from: lines[0].startIndex, to: launchColumn)
        for line in lines[2..<(2 + ids.count)] {
            let launch = String(line.dropFirst(column).prefix(while: { $0 != " " }))
            #expect(["winch", "aerotow", "self"].contains(launch), "misaligned: \(line)")
        }
        for name in names.dropLast() { #expect(result.stdout.contains(name)) }
        #expect(!result.stdout.contains(long))
        #expect(result.stdout.contains(String(long.prefix(27)) + "…"))
    }
}
