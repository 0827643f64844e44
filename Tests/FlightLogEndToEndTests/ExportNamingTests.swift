import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// No export drops or replaces a file by its name (``ExportNames``, ``LogbookFiles``), through the built
/// `flightlog` and real files: two files of one name, names that differ in case, long names, `-o` naming the
/// logbook's own files, the stick's own file names, and a deleted flight's file on a stick.
@Suite("Export file naming end to end", .serialized, .timeLimit(.minutes(5)))
struct ExportNamingTests {
    /// A simulated flight (seed `n`, on day `n` of June 2025) written to `path` (folders made).
    static func simulated(_ n: Int, at path: URL, in dir: URL) throws -> URL {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        let r = try CLI.run(
            [
                "simulate", "--minutes", "8", "--seed", "\(n)", "--start", String(format: "2025-06-%02dT10:00:00Z", n),
                "-o", path.path,
            ],
            database: nil, in: dir)
        try #require(r.status == 0, "simulate failed: \(r.stderr)")
        return path
    }

    static func ids(_ db: URL, in dir: URL) throws -> [Int64] {
        struct Listed: Decodable { var id: Int64 }
        let listed = try CLI.run(["list", "--json"], database: db, in: dir)
        return try JSONDecoder().decode([Listed].self, from: Data(listed.stdout.utf8)).map(\.id).sorted()
    }

    static func hashes(_ folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder),
                isFolder.boolValue
            {
                continue
            }
            result[name] = try CLI.sha256(of: folder.appendingPathComponent(name))
        }
        return result
    }

    @Test("files of one name, or names differing only in case, all reach the folder; a re-export adds nothing")
    func sameNames() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let files = [
            try Self.simulated(1, at: dir.appendingPathComponent("a/flight.igc"), in: dir),
            try Self.simulated(2, at: dir.appendingPathComponent("b/flight.igc"), in: dir),
            try Self.simulated(3, at: dir.appendingPathComponent("c/FLIGHT.IGC"), in: dir),
        ]
        try #require(try CLI.run(["import"] + files.map(\.path), database: db, in: dir).status == 0)
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // A file of the pilot's own, already there under one of the names: kept as it is.
        try Data("mine".utf8).write(to: out.appendingPathComponent("flight-2.igc"))
        let r = try CLI.run(["export", "--igc", "-o", out.path], database: db, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let written = try Self.hashes(out)
        #expect(written.count == 4, "\(written.keys.sorted())")
        #expect(try Set(files.map { try CLI.sha256(of: $0) }).isSubset(of: Set(written.values)))
        #expect(try String(contentsOf: out.appendingPathComponent("flight-2.igc"), encoding: .utf8) == "mine")
        let lowerCased = written.keys.map { $0.lowercased() }
        #expect(
            Set(lowerCased).count == lowerCased.count, "names a FAT stick cannot tell apart: \(written.keys.sorted())")

        let again = try CLI.run(["export", "--igc", "-o", out.path + "/"], database: db, in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.hashes(out) == written, "a re-export piled up copies")
        #expect(again.stdout.contains("Unchanged"), "\(again.stdout)")
    }

    @Test("--rebuild of two flights with the same recorder serial and takeoff second gives two files")
    func sameStandardName() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let one = try Self.simulated(4, at: dir.appendingPathComponent("one.igc"), in: dir)
        // The same flight with one more comment line and its last fix a metre higher: another file, the same
        // recorder serial and take-off second (the same fixes would be skipped as the same flight).
        var lines = try String(contentsOf: one, encoding: .utf8).components(separatedBy: "\r\n")
        lines.insert("LXXXCOPY", at: 1)
        let last = try #require(lines.lastIndex { $0.hasPrefix("B") && $0.count >= 35 })
        var fix = Array(lines[last].utf8)
        fix[34] = fix[34] == UInt8(ascii: "9") ? UInt8(ascii: "8") : fix[34] + 1  // GNSS altitude's last digit
        lines[last] = String(decoding: fix, as: UTF8.self)
        let two = dir.appendingPathComponent("two.igc")
        try lines.joined(separator: "\r\n").write(to: two, atomically: true, encoding: .utf8)
        try #require(try CLI.run(["import", one.path, two.path], database: db, in: dir).status == 0)
        try #require(try Self.ids(db, in: dir).count == 2)
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let r = try CLI.run(["export", "--igc", "--rebuild", "-o", out.path], database: db, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names.count == 2, "\(names)")
    }

    @Test("-o (or backup) naming the database, -wal/-shm/-journal, live journal, keys or config is refused")
    func logbookFilesAreRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let file = try Self.simulated(5, at: dir.appendingPathComponent("f.igc"), in: dir)
        try #require(try CLI.run(["import", file.path], database: db, in: dir).status == 0)
        let id = try #require(try Self.ids(db, in: dir).first)
        // Makes the signing key (and signing.pub) beside the database.
        try #require(
            try CLI.run(["export", "--igc", "--rebuild", "\(id)", "-o", "-"], database: db, in: dir).status == 0)
        let config = dir.appendingPathComponent("no-config/flightlog/flightlog.toml")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# mine\n".utf8).write(to: config)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("link").path, withDestinationPath: dir.path)
        try FileManager.default.linkItem(at: db, to: dir.appendingPathComponent("hard.sqlite"))
        let targets = [
            db.path, "flights.sqlite", "sub/../flights.sqlite", "link/flights.sqlite", "hard.sqlite", db.path + "-wal",
            db.path + "-shm", db.path + "-journal", db.path + ".live", "signing.key", "link/signing.pub", config.path,
        ]
        let kinds = [
            ["--igc", "\(id)"], ["--pdf"], ["--zip"], ["--kml", "\(id)"], ["--report", "\(id)"],
            ["--igc", "--rebuild", "\(id)"],
        ]
        let before = try Self.hashes(dir)
        for (n, target) in targets.enumerated() {
            let r = try CLI.run(["export"] + kinds[n % kinds.count] + ["-o", target], database: db, in: dir)
            #expect(r.status != 0 && r.stderr.contains("refusing"), "\(target): \(r.status) \(r.stderr)")
        }
        #expect(try Self.hashes(dir) == before)
        #expect(try CLI.run(["list"], database: db, in: dir).status == 0)

        // `backup` writes a file the user names too: the same files are refused, even with --force.
        let beforeBackups = try Self.hashes(dir)
        for target in targets {
            let r = try CLI.run(["backup", "--force", target], database: db, in: dir)
            #expect(r.status != 0, "\(target): \(r.stdout)")
            #expect(
                r.stderr.contains("refusing to write") && r.stderr.contains("of this logbook; give another file name"),
                "\(target): \(r.stderr)")
        }
        #expect(try Self.hashes(dir) == beforeBackups)
        #expect(try CLI.run(["backup", "copy.sqlite"], database: db, in: dir).status == 0, "another name still works")
    }

    @Test("an original file name of 251 bytes: export, ZIP and stick all work, every name within 255 bytes")
    func longOriginalName() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let long = dir.appendingPathComponent(String(repeating: "x", count: 251) + ".igc")
        try FileManager.default.moveItem(
            at: try Self.simulated(6, at: dir.appendingPathComponent("l.igc"), in: dir), to: long)
        let short = try Self.simulated(7, at: dir.appendingPathComponent("short.igc"), in: dir)
        try #require(try CLI.run(["import", long.path, short.path], database: db, in: dir).status == 0)
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for arguments in [
            ["--igc", "-o", out.path], ["--zip", "-o", out.appendingPathComponent("all.zip").path],
            ["--new", "--to", dir.appendingPathComponent("stick").path, "--stick", "TEST"],
        ] {
            let r = try CLI.run(["export"] + arguments, database: db, in: dir)
            #expect(r.status == 0, "\(arguments[0]): \(r.stderr)")
        }
        let names =
            try FileManager.default.contentsOfDirectory(atPath: out.path)
            + FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("stick").path)
        #expect(names.count == 8, "\(names)")  // 2 IGC and the ZIP; 2 IGC, logbook.pdf, the backup and README.txt
        #expect(names.allSatisfy { $0.utf8.count <= 255 })
        #expect(try Set(Self.hashes(out).values).contains(CLI.sha256(of: long)))
    }

    @Test("the stick: IGC files named logbook.pdf or like the backup keep theirs; a re-plug writes nothing")
    func stickOwnNames() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let pdfNamed = try Self.simulated(8, at: dir.appendingPathComponent("logbook.pdf"), in: dir)
        let backupNamed = try Self.simulated(9, at: dir.appendingPathComponent("x/FlightLog-Backup.sqlite"), in: dir)
        let imported = try CLI.run(["import", pdfNamed.path, backupNamed.path], database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        let stick = dir.appendingPathComponent("stick")
        let r = try CLI.run(["export", "--to", stick.path, "--stick", "TEST"], database: db, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let written = try Self.hashes(stick)
        #expect(written.count == 5, "\(written.keys.sorted())")  // 2 IGC, logbook.pdf, the backup, README.txt
        #expect(try Data(contentsOf: stick.appendingPathComponent("logbook.pdf")).starts(with: Data("%PDF".utf8)))
        #expect(try Set(written.values).isSuperset(of: [CLI.sha256(of: pdfNamed), CLI.sha256(of: backupNamed)]))
        let again = try CLI.run(["export", "--to", stick.path, "--stick", "TEST"], database: db, in: dir)
        #expect(again.status == 0 && again.stdout.contains("nothing new"), "\(again.stdout) \(again.stderr)")
        #expect(try Self.hashes(stick) == written)
    }

    @Test("a deleted flight's file on the stick is never overwritten by a later flight")
    func deletedFlightOnTheStick() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let a = try Self.simulated(10, at: dir.appendingPathComponent("a.igc"), in: dir)
        let b = try Self.simulated(11, at: dir.appendingPathComponent("b.igc"), in: dir)
        try #require(try CLI.run(["import", a.path, b.path], database: db, in: dir).status == 0)
        let stick = dir.appendingPathComponent("stick")
        try #require(try CLI.run(["export", "--to", stick.path, "--stick", "TEST"], database: db, in: dir).status == 0)
        let deleted = try #require(try Self.ids(db, in: dir).last)
        try #require(try CLI.run(["delete", "\(deleted)", "--yes"], database: db, in: dir).status == 0)
        let c = try Self.simulated(12, at: dir.appendingPathComponent("c.igc"), in: dir)
        try #require(try CLI.run(["import", c.path], database: db, in: dir).status == 0)
        #expect(try Self.ids(db, in: dir).last! > deleted, "flight id \(deleted) was given again")
        let r = try CLI.run(["export", "--new", "--to", stick.path, "--stick", "TEST"], database: db, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try CLI.sha256(of: stick.appendingPathComponent("b.igc")) == CLI.sha256(of: b))
        #expect(try CLI.sha256(of: stick.appendingPathComponent("c.igc")) == CLI.sha256(of: c))
        #expect(try CLI.sha256(of: stick.appendingPathComponent("a.igc")) == CLI.sha256(of: a))
    }
}
