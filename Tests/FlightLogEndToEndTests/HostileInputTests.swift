import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// Hostile and damaged input through the built `flightlog`: a batch never stops at
/// one bad file, a cut-off file still imports, nothing from a file reaches the terminal raw, a config file means
/// the same to every command.
@Suite("hostile input end to end", .serialized, .timeLimit(.minutes(5)))
struct HostileInputTests {
    /// A simulated flight written by `flightlog simulate`, as lines.
    func simulatedLines(seed: Int, day: Int, in dir: URL) throws -> [String] {
        let name = "sim-\(seed).igc"
        let r = try CLI.run(
            [
                "simulate", "--launch", "winch", "--minutes", "12", "--seed", "\(seed)", "--start",
                "2025-06-\(day)T10:00:00Z", "-o", name,
            ], database: nil, in: dir)
        try #require(r.status == 0, "simulate failed: \(r.stderr)")
        let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        return text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    func write(_ lines: [String], _ name: String, in dir: URL) throws -> String {
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: dir.appendingPathComponent(name))
        return name
    }

    func flightCount(_ db: URL, _ dir: URL) throws -> Int {
        let r = try CLI.run(["list", "--json"], database: db, in: dir)
        return (try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [Any])?.count ?? -1
    }

    @Test func batchImportKeepsGoingPastBadFilesAndSaysWhatItSkipped() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let good = try simulatedLines(seed: 1, day: 10, in: dir)
        let other = try simulatedLines(seed: 2, day: 11, in: dir)
        // A 10-digit LAD/LOD I record: trapped the reader before (SIGILL killed the whole batch).
        let wide = try simulatedLines(seed: 3, day: 12, in: dir).compactMap { line -> String? in
            if line.hasPrefix("I") { return "I023645LAD4655LOD" }
            return line.hasPrefix("B") ? String(line.prefix(35)) + "12345678901234567890" : line
        }
        // Cut off in the middle of a B record, as a power cut leaves it.
        var cut = try simulatedLines(seed: 4, day: 13, in: dir).filter { !$0.hasPrefix("G") }
        cut[cut.count - 1] = String(cut[cut.count - 1].prefix(20))
        let files = [
            try write(good, "good.igc", in: dir), try write(wide, "wide.igc", in: dir),
            try write(cut, "cut.igc", in: dir), try write(["hello, not an IGC file"], "garbage.igc", in: dir),
            try write(other, "other.igc", in: dir),
        ]
        let r = try CLI.run(["import"] + files, database: db, in: dir)
        #expect(r.status == 1, "a failed file makes the batch exit non-zero")
        #expect(r.stderr.contains("garbage.igc: not a usable IGC file"), "\(r.stderr)")
        #expect(r.stderr.contains("cut.igc: warning: 1 damaged line skipped"), "\(r.stderr)")
        #expect(r.stderr.contains("line \(cut.count): B record has 20 bytes"), "\(r.stderr)")
        for name in ["good.igc", "wide.igc", "cut.igc", "other.igc"] {
            #expect(r.stdout.contains("] \(name): flight "), "\(name): \(r.stdout)")
        }
        #expect(
            r.stdout.contains(
                "Imported 4 flights from 4 of 5 files; 1 failed (see the messages above); 1 damaged line skipped in 1 file."
            ), "\(r.stdout)")
        #expect(try flightCount(db, dir) == 4)

        // --strict keeps the old all-or-nothing reading, and says how to import anyway.
        let strictDB = dir.appendingPathComponent("strict.sqlite")
        let strict = try CLI.run(["import", "--strict", "cut.igc"], database: strictDB, in: dir)
        #expect(strict.status == 1)
        #expect(
            strict.stderr.contains("line \(cut.count):") && strict.stderr.contains("without it the valid lines import"),
            "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: strictDB.path), "a rejected import leaves no database behind")
    }

    @Test func rejectedImportCreatesNoDatabase() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("sub/flights.sqlite")
        let name = try write(["AXFLABC", "HFDTEDATE:150724,01", "B12"], "broken.igc", in: dir)
        let r = try CLI.run(["import", name], database: db, in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("no usable B record"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db.path))
        #expect(!FileManager.default.fileExists(atPath: db.deletingLastPathComponent().path))
    }

    @Test func escapesFromAFileNeverReachTheTerminal() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2JMallory\u{202E}lufdooG"
        let lines = try simulatedLines(seed: 5, day: 14, in: dir).filter { !$0.hasPrefix("G") }.map { line in
            line.hasPrefix("HFPLT")
                ? "HFPLTPILOTINCHARGE:" + hostile : line.hasPrefix("HFGTY") ? "HFGTYGLIDERTYPE:\u{1B}[31mASK" : line
        }
        let name = try write(lines, "esc\u{1B}[2J.igc", in: dir)
        let imported = try CLI.run(["import", name], database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        let id = "1"  // the first flight of a fresh database
        for args in [
            ["import", name], ["list"], ["list", "--csv"], ["list", "--pilot", "mallory"], ["show", id],
            ["show", "999"], ["edit", "999", "--pilot", "\u{1B}[2Jx"],
        ] {
            let r = try CLI.run(args, database: db, in: dir, environment: ["COLUMNS": "250"])  // every column uncut
            for (stream, text) in [("stdout", "\(r.stdout)"), ("stderr", "\(r.stderr)")] {
                #expect(
                    !text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E },
                    "\(args) wrote a raw control character to \(stream): \(text.debugDescription)")
            }
            if args == ["list"] { #expect(r.stdout.contains("\\u{1B}[31mASK"), "\(args): \(r.stdout)") }
            if args == ["show", id] {
                #expect(r.stdout.contains("\\u{1B}]0;pwned\\u{7}\\u{1B}[2JMallory\\u{202E}lufdooG"), "\(r.stdout)")
            }
        }
        // JSON keeps the exact text (escaped by JSON itself): nothing from the file is lost.
        let json = try CLI.run(["show", id, "--json"], database: db, in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["pilot"] as? String == hostile)
    }

    @Test func configFileMeansTheSameToEveryCommand() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        let name = try write(try simulatedLines(seed: 6, day: 15, in: dir), "f.igc", in: dir)
        let typo = dir.appendingPathComponent("typo.toml")
        try Data("pilto = \"Anna\"\nglider_type = \"ASK 21\"\n".utf8).write(to: typo)
        for args in [["import", name], ["list"], ["show", "1"]] {
            let r = try CLI.run(args + ["--config", typo.path], database: db, in: dir)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(
                r.stderr.contains("warning: \(typo.path) line 1: unknown key pilto (known: pilot,"),
                "\(args): \(r.stderr)")
        }
        let broken = dir.appendingPathComponent("broken.toml")
        try Data("pilot = \"Anna\n".utf8).write(to: broken)
        var messages: Set<String> = []
        for args in [
            ["import", name], ["list"], ["show", "1"], ["export", "--igc", "1", "-o", "out.igc"], ["status"],
        ] {
            let r = try CLI.run(args + ["--config", broken.path], database: db, in: dir)
            #expect(r.status != 0, "\(args) ignored a broken config file")
            messages.insert(r.stderr)
        }
        #expect(messages.count == 1, "\(messages)")
        // One line: the file, the line and column, toml++'s words, what to do.
        #expect(
            messages.first?.contains("Error: \(broken.path) line 1, column 14: syntax error: ") == true, "\(messages)")
        #expect(messages.first?.hasSuffix(" — fix the file or pass --config\n") == true, "\(messages)")
        #expect(messages.first?.count { $0 == "\n" } == 1, "\(messages)")
    }
}
