import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// A stick is outside input too: its FLIGHTLOG may be a symbolic link its maker pointed anywhere on the Pi.
@Suite("hostile USB stick", .serialized, .timeLimit(.minutes(3)))
struct HostileStickTests {
    /// An ext4 stick whose FLIGHTLOG links to a folder of the Pi: the real script (as root, and as an unprivileged
    /// user as on the Pi) refuses it with one line; the folder gets no file and keeps its owner (the script ran
    /// `chown` through the link: with FLIGHTLOG → /etc that handed /etc to the flightlog user).
    @Test(.enabled(if: StickExportTests.canUseLoopImages), arguments: ["root", "nobody"])
    func aLinkedFlightlogFolderIsRefused(user: String) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try StickExportTests.logbook(in: dir)
        let image = dir.appendingPathComponent("stick.img")
        try #require(FileManager.default.createFile(atPath: image.path, contents: nil))
        try FileHandle(forWritingTo: image).truncate(atOffset: 16 << 20)
        try #require(
            try runProcess("/usr/sbin/mkfs.ext4", ["-q", "-U", StickExportTests.uuid, image.path]).status == 0)
        let attach = try runProcess("/usr/sbin/losetup", ["-f", "--show", image.path])
        try #require(attach.status == 0, "no loop device: \(attach.stderr)")
        let loop = attach.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        defer { _ = try? runProcess("/usr/sbin/losetup", ["-d", loop]) }
        let script = #"""
            set -u
            mkdir -p "$WORK/outside" "$WORK/m" && chmod 755 "$WORK/outside" "$WORK"
            mount "$LOOP" "$WORK/m" && ln -s "$WORK/outside" "$WORK/m/FLIGHTLOG" && umount "$WORK/m" || exit 1
            FLIGHTLOG_USER="$RUNAS" FLIGHTLOG_RUN_DIR="$WORK/run" sh "$SCRIPT" "$LOOP" > "$WORK/plug.out" 2>&1
            echo "STATUS=$?"
            echo "OWNER=$(stat -c %U "$WORK/outside")"
            echo "FILES=$(ls -A "$WORK/outside" | wc -l)"
            echo "MOUNTS=$(grep -c "$WORK/run" /proc/self/mounts)"
            """#
        let result = try ExportSafetyTests.inMountNamespace(
            script,
            environment: [
                "WORK": dir.path, "SCRIPT": StickExportTests.script, "LOOP": loop, "RUNAS": user,
                "FLIGHTLOG_DATABASE": db.path,
                "FLIGHTLOG": builtExecutable("flightlog").path,
                "XDG_CONFIG_HOME": dir.appendingPathComponent("no-config").path,
            ])
        try #require(result["namespace-status"] == "0", "\(result)")
        let output = (try? String(contentsOf: dir.appendingPathComponent("plug.out"), encoding: .utf8)) ?? ""
        #expect(result["STATUS"] == "1", "\(output)")
        #expect(output.contains("FLIGHTLOG on stick \(StickExportTests.uuid) is a link or not a folder"), "\(output)")
        #expect(result["OWNER"] == "root" && result["FILES"] == "0", "\(result) \(output)")
        #expect(result["MOUNTS"] == "0", "the script unmounted the stick")
    }
}
