import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The USB stick: a real file system image on a loop device, the real `flightlog-usb` script
/// the udev rule starts (mount, `export --new --to`, sync, unmount), then the files on the stick read back.
@Suite("USB stick export", .serialized, .timeLimit(.minutes(5)))
struct StickExportTests {
    static let script = packageRoot.appendingPathComponent("systemd/flightlog-usb").path
    static let uuid = "3a1f22c4-5eed-4c1e-9a00-000000000014"

    /// A loop device and ext4 in this kernel (the Pi's has vfat too; this machine's kernel has no FAT driver).
    static var canUseLoopImages: Bool {
        guard ExportSafetyTests.canMountTmpfs, FileManager.default.isExecutableFile(atPath: "/usr/sbin/losetup"),
            FileManager.default.isExecutableFile(atPath: "/usr/sbin/mkfs.ext4"),
            let filesystems = try? String(contentsOfFile: "/proc/filesystems", encoding: .utf8)
        else { return false }
        guard filesystems.contains("\text4"), FileManager.default.fileExists(atPath: "/dev/loop-control") else {
            return false
        }
        return (try? runProcess("/usr/sbin/losetup", ["-f"]))?.status == 0  // a free loop device
    }

    /// A logbook of three imported flights (their files kept verbatim) and one entered by hand.
    static func logbook(in dir: URL) throws -> (db: URL, files: [URL]) {
        let db = dir.appendingPathComponent("logbook/flightlog.sqlite")
        try FileManager.default.createDirectory(at: db.deletingLastPathComponent(), withIntermediateDirectories: true)
        var files: [URL] = []
        for (n, start) in ["2025-05-03T09:12:00Z", "2025-06-14T10:05:00Z", "2025-07-20T11:30:00Z"].enumerated() {
            let file = dir.appendingPathComponent("flight\(n + 1).igc")
            let made = try CLI.run(
                ["simulate", "--seed", "\(n + 7)", "--minutes", "15", "--start", start, "-o", file.path], database: nil,
                in: dir)
            try #require(made.status == 0, "\(made.stderr)")
            files.append(file)
        }
        try #require(try CLI.run(["import"] + files.map(\.path), database: db, in: dir).status == 0)
        let hand = try CLI.run(
            [
                "add", "--date", "2025-08-01", "--takeoff", "14:00", "--landing", "14:30", "--utc-offset", "+02:00",
                "--launch", "winch",
            ],
            database: db, in: dir)
        try #require(hand.status == 0, "\(hand.stderr)")
        return (db, files)
    }

    /// Plugs the image in: the real script, as the unit runs it (as root here: the test machine has no flightlog
    /// user), then the stick's FLIGHTLOG folder copied out, each file with its inode and mtime.
    static func plug(_ loop: String, db: URL, dir: URL, copyTo copy: URL) throws -> (
        output: String, status: String, files: [String: String]
    ) {
        try? FileManager.default.removeItem(at: copy)
        let script = #"""
            set -u
            FLIGHTLOG_USER=root FLIGHTLOG_RUN_DIR="$WORK/run" sh "$SCRIPT" "$LOOP" > "$WORK/plug.out" 2>&1; echo "STATUS=$?"
            mkdir -p "$WORK/look" && mount -o ro "$LOOP" "$WORK/look" || exit 1
            cp -a "$WORK/look/FLIGHTLOG" "$COPY"
            echo "FILES=$(cd "$WORK/look/FLIGHTLOG" && stat -c '%n:%i:%Y' * | tr '\n' ' ')"
            echo "MOUNTS=$(grep -c "$WORK/run" /proc/self/mounts)"
            umount "$WORK/look"
            """#
        let result = try ExportSafetyTests.inMountNamespace(
            script,
            environment: [
                "WORK": dir.path, "SCRIPT": Self.script, "LOOP": loop, "COPY": copy.path, "FLIGHTLOG_DATABASE": db.path,
                "FLIGHTLOG": builtExecutable("flightlog").path,
                "XDG_CONFIG_HOME": dir.appendingPathComponent("no-config").path,
            ])
        try #require(result["namespace-status"] == "0", "\(result)")
        #expect(result["MOUNTS"] == "0", "the script unmounted the stick")
        var files: [String: String] = [:]
        for item in (result["FILES"] ?? "").split(separator: " ") {
            let parts = item.split(separator: ":", maxSplits: 1)
            files[String(parts[0])] = String(parts[1])
        }
        let output = (try? String(contentsOf: dir.appendingPathComponent("plug.out"), encoding: .utf8)) ?? ""
        return (output, result["STATUS"] ?? "?", files)
    }

    @Test(
        "a stick image gets every flight once: IGC files verbatim, the PDF of all, a backup that checks",
        .enabled(if: canUseLoopImages))
    func stickGetsNewFlightsOnce() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, files) = try Self.logbook(in: dir)
        let image = dir.appendingPathComponent("stick.img")
        try #require(FileManager.default.createFile(atPath: image.path, contents: nil))
        try FileHandle(forWritingTo: image).truncate(atOffset: 32 << 20)
        try #require(
            try runProcess("/usr/sbin/mkfs.ext4", ["-q", "-U", Self.uuid, "-L", "PILOT", image.path]).status == 0)
        let attach = try runProcess("/usr/sbin/losetup", ["-f", "--show", image.path])
        try #require(attach.status == 0, "no loop device: \(attach.stderr)")
        let loop = attach.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        defer { _ = try? runProcess("/usr/sbin/losetup", ["-d", loop]) }

        // First plug: all four flights (three IGC files), the logbook and the backup.
        let copy = dir.appendingPathComponent("seen")
        let first = try Self.plug(loop, db: db, dir: dir, copyTo: copy)
        #expect(first.status == "0", "\(first.output)")
        #expect(first.output.contains("4 flights written to stick \(Self.uuid)"), "\(first.output)")
        #expect(first.output.contains("unmounted: safe to pull"), "\(first.output)")
        #expect(
            Set(first.files.keys) == [
                "flight1.igc", "flight2.igc", "flight3.igc", "logbook.pdf", "flightlog-backup.sqlite", "README.txt",
            ])
        for file in files {
            #expect(
                try Data(contentsOf: copy.appendingPathComponent(file.lastPathComponent))
                    == (try Data(contentsOf: file)),
                "\(file.lastPathComponent) on the stick is the imported file, byte for byte")
        }
        if let python = CLI.aerofilesPython {
            let check = try runProcess(
                python,
                [packageRoot.appendingPathComponent("scripts/check-igc.py").path]
                    + files.map { copy.appendingPathComponent($0.lastPathComponent).path })
            #expect(check.status == 0, "aerofiles reads the stick's IGC files: \(check.stdout) \(check.stderr)")
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") {
            let text = try runProcess(
                "/usr/bin/pdftotext", ["-layout", copy.appendingPathComponent("logbook.pdf").path, "-"]
            ).stdout
            for date in ["2025-05-03", "2025-06-14", "2025-07-20", "2025-08-01"] {
                #expect(text.contains(date), "the logbook PDF has the flight of \(date)")
            }
        }
        let check = try runProcess(
            "/usr/bin/sqlite3",
            [
                copy.appendingPathComponent("flightlog-backup.sqlite").path,
                "PRAGMA integrity_check; SELECT count(*) FROM flight;",
            ])
        #expect(check.stdout.split(separator: "\n") == ["ok", "4"], "backup: \(check.stdout) \(check.stderr)")
        let status = try CLI.run(["status"], database: db, in: dir)
        #expect(
            status.stdout.contains("USB stick:          4 flights written to stick \(Self.uuid)"), "\(status.stdout)")

        // Plugged again: nothing is rewritten (same inodes, same times).
        let second = try Self.plug(loop, db: db, dir: dir, copyTo: copy)
        #expect(second.status == "0")
        #expect(second.output.contains("nothing new for stick \(Self.uuid)"), "\(second.output)")
        #expect(second.files == first.files, "no file rewritten")

        // A new flight and an edited one: only the new flight's file is added (the edited flight's file is its
        // imported original, unchanged); the PDF and backup are renewed, the old IGC files untouched.
        try #require(try CLI.run(["edit", "1", "--pilot", "Anna Example"], database: db, in: dir).status == 0)
        let fourth = dir.appendingPathComponent("flight4.igc")
        try #require(
            try CLI.run(
                ["simulate", "--seed", "21", "--minutes", "9", "--start", "2025-09-06T12:00:00Z", "-o", fourth.path],
                database: nil, in: dir
            ).status == 0)
        try #require(try CLI.run(["import", fourth.path], database: db, in: dir).status == 0)
        let third = try Self.plug(loop, db: db, dir: dir, copyTo: copy)
        #expect(third.output.contains("2 flights written to stick \(Self.uuid)"), "\(third.output)")
        #expect(third.output.contains("(1 IGC file, logbook.pdf and backup of 5 flights"), "\(third.output)")
        for name in ["flight1.igc", "flight2.igc", "flight3.igc"] {
            #expect(third.files[name] == first.files[name], "\(name) untouched")
        }
        #expect(third.files["flight4.igc"] != nil && third.files["logbook.pdf"] != first.files["logbook.pdf"])
        #expect(try Data(contentsOf: copy.appendingPathComponent("flight4.igc")) == (try Data(contentsOf: fourth)))
        let pilots = try runProcess(
            "/usr/bin/sqlite3",
            [
                copy.appendingPathComponent("flightlog-backup.sqlite").path,
                "SELECT count(*) FROM flight WHERE pilot = 'Anna Example';",
            ])
        #expect(pilots.stdout == "1\n", "the backup has the edit: \(pilots.stdout) \(pilots.stderr)")
    }

    @Test(
        "a full stick: a clean error, nothing written, the memory unchanged; a read-only stick likewise",
        .enabled(if: ExportSafetyTests.canMountTmpfs))
    func fullAndReadOnlySticks() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try Self.logbook(in: dir)
        let mount = dir.appendingPathComponent("stick")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        let script = #"""
            set -u
            mount -t tmpfs -o size=1m flightlog-stick "$MNT" || exit 77
            dd if=/dev/zero of="$MNT/filler" bs=4k count=200 2>/dev/null
            "$FLIGHTLOG" export --new --to "$MNT/FLIGHTLOG" --stick TEST-STICK 2>"$WORK/full.err"; echo "FULL_STATUS=$?"
            echo "FULL_ERROR=$(head -1 "$WORK/full.err")"
            echo "FULL_FILES=$(ls -A "$MNT/FLIGHTLOG" | tr '\n' ' ')"
            echo "FULL_MEMORY=$(ls "$(dirname "$FLIGHTLOG_DATABASE")/sticks" | tr '\n' ' ')"
            echo "FULL_STATUS_LINE=$("$FLIGHTLOG" status | grep 'USB stick')"
            rm "$MNT/filler"
            "$FLIGHTLOG" export --new --to "$MNT/FLIGHTLOG" --stick TEST-STICK > "$WORK/ok.out"; echo "OK_STATUS=$?"
            echo "OK_FILES=$(ls -A "$MNT/FLIGHTLOG" | tr '\n' ' ')"
            mount -o remount,ro "$MNT"
            "$FLIGHTLOG" export --all --to "$MNT/FLIGHTLOG" --stick TEST-STICK 2>"$WORK/ro.err"; echo "RO_STATUS=$?"
            echo "RO_ERROR=$(head -1 "$WORK/ro.err")"
            """#
        let result = try ExportSafetyTests.inMountNamespace(
            script,
            environment: [
                "MNT": mount.path, "WORK": dir.path, "FLIGHTLOG_DATABASE": db.path,
                "FLIGHTLOG": builtExecutable("flightlog").path,
                "XDG_CONFIG_HOME": dir.appendingPathComponent("no-config").path,
            ])
        try #require(result["namespace-status"] == "0", "\(result)")
        #expect(result["FULL_STATUS"] != "0")
        let full = result["FULL_ERROR"] ?? ""
        #expect(full.contains("the stick is full") && full.contains("nothing was written"), "\(full)")
        #expect(result["FULL_FILES"] == "", "nothing half-written on a full stick: \(result["FULL_FILES"] ?? "")")
        #expect(
            result["FULL_MEMORY"] == "last-export.txt ", "no memory of a failed export: \(result["FULL_MEMORY"] ?? "")")
        #expect(
            result["FULL_STATUS_LINE"]?.contains("stick TEST-STICK: export FAILED") == true,
            "\(result["FULL_STATUS_LINE"] ?? "")")
        #expect(result["OK_STATUS"] == "0")
        #expect(
            Set((result["OK_FILES"] ?? "").split(separator: " ").map(String.init)) == [
                "flight1.igc", "flight2.igc", "flight3.igc", "flightlog-backup.sqlite", "logbook.pdf", "README.txt",
            ], "\(result["OK_FILES"] ?? "")")
        #expect(result["RO_STATUS"] != "0")
        #expect(result["RO_ERROR"]?.contains("the stick is read-only") == true, "\(result["RO_ERROR"] ?? "")")
    }

    @Test("wrong --to options and a stick that is not mounted get one line each, and nothing is written")
    func badStickOptionsAreClearErrors() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try Self.logbook(in: dir)
        let folder = dir.appendingPathComponent("stick/FLIGHTLOG").path
        let cases: [([String], String)] = [
            (["export"], "choose what to export"),
            (["export", "--igc", "--to", folder], "leave out --igc"),
            (["export", "--to", folder, "--new", "--all"], "choose one"),
            (
                ["export", "--pdf", "-o", dir.appendingPathComponent("x.pdf").path, "--stick", "A"],
                "go with --to FOLDER"
            ),
            (["export", "--to", folder, "-o", dir.path], "leave out -o"),
            (["export", "--to", folder, "--stick", "A"], "is the stick mounted?"),
        ]
        for (arguments, message) in cases {
            let r = try CLI.run(arguments, database: db, in: dir)
            #expect(r.status != 0, "\(arguments)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("stick").path), "nothing made")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bad = try CLI.run(["export", "--to", folder, "--stick", "../../etc"], database: db, in: dir)
        #expect(bad.status != 0 && bad.stderr.contains("is not a stick id"), "\(bad.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing written")
        #expect(
            !FileManager.default.fileExists(
                atPath: db.deletingLastPathComponent().appendingPathComponent("sticks/../../etc.tsv").path))
    }

    @Test("the unit, the rule and the script pass their checkers")
    func unitRuleAndScriptCheck() throws {
        let shell = try runProcess("/bin/sh", ["-n", Self.script])
        #expect(shell.status == 0, "sh -n: \(shell.stderr)")
        let rules = try String(
            contentsOf: packageRoot.appendingPathComponent("systemd/90-flightlog-usb.rules"), encoding: .utf8)
        #expect(rules.contains(#"ENV{SYSTEMD_WANTS}+="flightlog-usb@%k.service""#))
        let udevadm = ["/usr/bin/udevadm", "/bin/udevadm"].first { FileManager.default.isExecutableFile(atPath: $0) }
        if let udevadm, (try runProcess(udevadm, ["verify", "--help"])).status == 0 {
            let verify = try runProcess(
                udevadm, ["verify", packageRoot.appendingPathComponent("systemd/90-flightlog-usb.rules").path])
            #expect(verify.status == 0, "udevadm verify: \(verify.stdout) \(verify.stderr)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else { return }
        // The unit as installed, its ExecStart pointed at this checkout's script, verified as an instance.
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let unit = try String(
            contentsOf: packageRoot.appendingPathComponent("systemd/flightlog-usb@.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/local/lib/flightlog/flightlog-usb %I"))
        try unit.replacingOccurrences(of: "/usr/local/lib/flightlog/flightlog-usb", with: Self.script)
            .write(to: dir.appendingPathComponent("flightlog-usb@.service"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("flightlog-usb@sda1.service").path,
            withDestinationPath: "flightlog-usb@.service")
        let verify = try runProcess(
            "/usr/bin/systemd-analyze", ["verify", dir.appendingPathComponent("flightlog-usb@sda1.service").path])
        let complaints = (verify.stdout + verify.stderr).split(separator: "\n").filter {
            !$0.contains("man flightlog") && !$0.contains("dev-sda1.device")
        }
        #expect(complaints.isEmpty, "systemd-analyze verify: \(complaints)")
    }
}
