import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// Exports never cost the pilot a file: a full disk (a real, small tmpfs in a private mount namespace), a
/// symbolic link, FIFO or device at the target, and `-o -` to standard output, through the built `flightlog`.
@Suite("Export safety end to end", .serialized, .timeLimit(.minutes(5)))
struct ExportSafetyTests {
    /// A logbook of two simulated flights; returns the database, the folder and the flight ids.
    static func logbook() throws -> (db: URL, dir: URL, ids: [Int64]) {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        var files: [String] = []
        for n in 0..<2 {
            let name = "sim\(n).igc"
            let r = try CLI.run(
                [
                    "simulate", "--minutes", "25", "--seed", "\(n + 3)", "--start", "2025-06-1\(n)T10:00:00Z", "-o",
                    name,
                ],
                database: nil, in: dir)
            try #require(r.status == 0, "simulate failed: \(r.stderr)")
            files.append(name)
        }
        try #require(try CLI.run(["import"] + files, database: db, in: dir).status == 0)
        struct Listed: Decodable { var id: Int64 }
        let listed = try CLI.run(["list", "--json"], database: db, in: dir)
        let ids = try JSONDecoder().decode([Listed].self, from: Data(listed.stdout.utf8)).map(\.id)
        try #require(ids.count == 2)
        return (db, dir, ids)
    }

    /// Whether this process may make a private mount namespace (root) for a real tmpfs.
    static var canMountTmpfs: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
    }

    /// Runs `script` with bash in a private mount namespace (mounts vanish with it); `KEY=value` lines of its
    /// output come back as a dictionary.
    static func inMountNamespace(_ script: String, environment: [String: String]) throws -> [String: String] {
        let variables = environment.map { "\($0.key)=\($0.value)" }
        let result = try runProcess(
            "/usr/bin/env", variables + ["unshare", "-m", "--propagation", "private", "bash", "-c", script])
        var values: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            values[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        values["namespace-status"] = "\(result.status)"
        values["namespace-stderr"] = result.stderr
        return values
    }

    @Test(
        "full disk: the export fails, the old PDF and IGC stay byte-identical, no temporary is left",
        .enabled(if: canMountTmpfs))
    func fullDiskKeepsTheOldFiles() throws {
        let (db, dir, ids) = try Self.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mount = dir.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        // Good files first, then fill the 4 MB tmpfs to the last page and export over them again.
        let script = #"""
            set -u
            mount -t tmpfs -o size=4m flightlog-test "$MNT" || exit 77
            "$FLIGHTLOG" export --pdf -o "$MNT/logbook.pdf" >/dev/null || { echo "FIRST=failed"; exit 1; }
            "$FLIGHTLOG" export --igc "$ID" -o "$MNT/flight.igc" >/dev/null || { echo "FIRST=failed"; exit 1; }
            echo "PDF_BEFORE=$(sha256sum < "$MNT/logbook.pdf")"
            echo "IGC_BEFORE=$(sha256sum < "$MNT/flight.igc")"
            dd if=/dev/zero of="$MNT/filler" bs=4k 2>/dev/null
            echo "FREE=$(df --output=avail -B1 "$MNT" | tail -1 | tr -d ' ')"
            "$FLIGHTLOG" export --pdf -o "$MNT/logbook.pdf" 2>"$WORK/pdf.err"; echo "PDF_STATUS=$?"
            echo "PDF_ERROR=$(head -1 "$WORK/pdf.err")"
            "$FLIGHTLOG" export --igc "$ID" -o "$MNT/flight.igc" 2>"$WORK/igc.err"; echo "IGC_STATUS=$?"
            echo "IGC_ERROR=$(head -1 "$WORK/igc.err")"
            "$FLIGHTLOG" export --report "$ID" -o "$MNT/new-report.pdf" 2>/dev/null; echo "NEW_STATUS=$?"
            echo "PDF_AFTER=$(sha256sum < "$MNT/logbook.pdf")"
            echo "IGC_AFTER=$(sha256sum < "$MNT/flight.igc")"
            echo "FILES=$(ls -A "$MNT" | tr '\n' ' ')"
            """#
        let result = try Self.inMountNamespace(
            script,
            environment: [
                "MNT": mount.path, "WORK": dir.path, "ID": "\(ids[0])", "FLIGHTLOG_DATABASE": db.path,
                "FLIGHTLOG": builtExecutable("flightlog").path,
                "XDG_CONFIG_HOME": dir.appendingPathComponent("no-config").path,
            ])
        try #require(result["namespace-status"] == "0", "namespace script failed: \(result)")
        #expect(result["FREE"] == "0", "the disk is really full")
        #expect(result["PDF_STATUS"] != "0", "a full disk is an error")
        #expect(result["PDF_ERROR"]?.contains("the disk is full") == true, "\(result["PDF_ERROR"] ?? "")")
        #expect(result["PDF_ERROR"]?.contains("unchanged") == true)
        #expect(result["IGC_STATUS"] != "0")
        #expect(result["IGC_ERROR"]?.contains("the disk is full") == true, "\(result["IGC_ERROR"] ?? "")")
        #expect(result["NEW_STATUS"] != "0")
        #expect(result["PDF_BEFORE"] != nil && result["PDF_AFTER"] == result["PDF_BEFORE"], "old PDF byte-identical")
        #expect(result["IGC_BEFORE"] != nil && result["IGC_AFTER"] == result["IGC_BEFORE"], "old IGC byte-identical")
        let files = Set((result["FILES"] ?? "").split(separator: " ").map(String.init))
        #expect(files == ["logbook.pdf", "flight.igc", "filler"], "no temporary or partial file left: \(files)")
    }

    @Test("a symbolic link, a FIFO and a device at -o are refused and left untouched")
    func specialTargetsAreRefused() throws {
        let (db, dir, ids) = try Self.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.pdf")
        try Data("precious".utf8).write(to: real)
        let link = dir.appendingPathComponent("link.pdf")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let dangling = dir.appendingPathComponent("dangling.igc")
        try FileManager.default.createSymbolicLink(
            atPath: dangling.path, withDestinationPath: dir.appendingPathComponent("nowhere").path)
        let fifo = dir.appendingPathComponent("pipe.igc")
        #expect(mkfifo(fifo.path, 0o644) == 0)

        let cases: [([String], URL, String)] = [
            (["export", "--pdf", "-o", link.path], link, "symbolic link"),
            (["export", "--report", "\(ids[0])", "-o", link.path], link, "symbolic link"),
            (["export", "--igc", "\(ids[0])", "-o", dangling.path], dangling, "symbolic link"),
            (["export", "--igc", "\(ids[0])", "-o", fifo.path], fifo, "FIFO"),
            (["export", "--pdf", "-o", fifo.path], fifo, "FIFO"),
        ]
        for (arguments, target, kind) in cases {
            let r = try CLI.run(arguments, database: db, in: dir)
            #expect(r.status != 0, "\(arguments) must fail")
            #expect(r.stderr.contains(kind) && r.stderr.contains("nothing was changed"), "\(arguments): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line")
            #expect(
                fileType(target.path) == (kind == "FIFO" ? S_IFIFO : S_IFLNK),
                "\(target.lastPathComponent) is as it was")
        }
        #expect(try Data(contentsOf: real) == Data("precious".utf8), "the link's target is untouched")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)

        // A device node (the same as /dev/full, made here so a failure could not harm the real one).
        let device = dir.appendingPathComponent("full")
        if getuid() == 0, mknod(device.path, S_IFCHR | 0o666, dev_t(0x0107)) == 0 {
            let r = try CLI.run(["export", "--igc", "\(ids[0])", "-o", device.path], database: db, in: dir)
            #expect(r.status != 0)
            #expect(r.stderr.contains("it is a device"), "\(r.stderr)")
            #expect(fileType(device.path) == S_IFCHR, "still the device")
        }
        // Nothing else appeared in the folder (no temporaries).
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
    }

    @Test("-o - writes the file to standard output; a full standard output is an error")
    func standardOutput() throws {
        let (db, dir, ids) = try Self.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("flight.igc")
        #expect(try CLI.run(["export", "--igc", "\(ids[0])", "-o", file.path], database: db, in: dir).status == 0)
        let piped = try CLI.run(["export", "--igc", "\(ids[0])", "-o", "-"], database: db, in: dir)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(Data(piped.stdout.utf8) == (try Data(contentsOf: file)), "stdout is the file, nothing else")
        let pdf = try CLI.run(["export", "--pdf", "-o", "-"], database: db, in: dir)
        #expect(pdf.status == 0 && pdf.stdout.hasPrefix("%PDF-"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))

        let many = try CLI.run(["export", "--igc", "-o", "-"], database: db, in: dir)
        #expect(many.status != 0 && many.stderr.contains("-o - writes one file"), "\(many.stderr)")

        // stdout on a full device: non-zero exit and a message, not a silent success.
        let full = Process()
        full.executableURL = builtExecutable("flightlog")
        full.arguments = ["export", "--pdf", "-o", "-"]
        full.environment = ProcessInfo.processInfo.environment.merging(
            ["FLIGHTLOG_DATABASE": db.path, "XDG_CONFIG_HOME": dir.appendingPathComponent("no-config").path]) { $1 }
        full.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = Pipe()
        full.standardError = err
        try full.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        full.waitUntilExit()
        #expect(full.terminationStatus != 0)
        #expect(message.contains("cannot write to standard output: the disk is full"), "\(message)")
    }

    @Test("an export over an existing file replaces it completely and keeps its permissions")
    func replacesAtomically() throws {
        let (db, dir, ids) = try Self.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("flight.igc")
        try Data(repeating: 65, count: 1_000_000).write(to: file)
        #expect(chmod(file.path, 0o640) == 0)
        let r = try CLI.run(["export", "--igc", "\(ids[0])", "-o", file.path], database: db, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let piped = try CLI.run(["export", "--igc", "\(ids[0])", "-o", "-"], database: db, in: dir)
        #expect(try Data(contentsOf: file) == Data(piped.stdout.utf8), "exactly the new file, nothing of the old")
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    /// `S_IFREG`, `S_IFLNK`, `S_IFIFO`, … of what is at `path` (not following a link); 0 when nothing is there.
    func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }
}
