import FlightLogCore
import FlightLogSecurity
import FlightLogTestSupport
import Foundation
import Testing

/// `flightlog verify` through the built binary, and the key flightlogd makes on its first start.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct VerifyTests {
    /// A logbook with one simulated flight, exported as our own signed IGC file (`--rebuild`: an imported
    /// flight otherwise exports as its original). Returns the database and the file.
    static func signedExport(in dir: URL, name: String) throws -> (db: URL, file: URL) {
        let db = dir.appendingPathComponent("\(name).sqlite")
        let simulated = dir.appendingPathComponent("\(name)-sim.igc")
        try #require(try CLI.run(["simulate", "-o", simulated.path], database: db, in: dir).status == 0)
        let imported = try CLI.run(["import", simulated.path], database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        let file = dir.appendingPathComponent("\(name).IGC")
        let export = try CLI.run(["export", "--igc", "--rebuild", "1", "-o", file.path], database: db, in: dir)
        try #require(export.status == 0, "\(export.stderr)")
        #expect(!export.stderr.contains("unsigned"), "\(export.stderr)")
        return (db, file)
    }

    @Test func verifySaysValidChangedOtherKeyOtherRecorderAndUnsigned() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, file) = try Self.signedExport(in: dir, name: "ours")
        let publicKey = try String(contentsOf: dir.appendingPathComponent("signing.pub"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(publicKey.count == 64)
        let mode = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("signing.key").path)[
            .posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)

        let printed = try CLI.run(["verify", "--print-key"], database: db, in: dir)
        #expect(printed.status == 0 && printed.stdout == publicKey + "\n", "\(printed.stdout)\(printed.stderr)")

        let valid = try CLI.run(["verify", file.path], database: db, in: dir)
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(valid.stdout == "valid: signed by this device (key \(publicKey.prefix(16))…)\n")

        // One changed digit in a B record.
        var bytes = [UInt8](try Data(contentsOf: file))
        let b = try #require(bytes.indices.first { bytes[$0] == UInt8(ascii: "B") && bytes[$0 - 1] == 0x0A })
        bytes[b + 12] = bytes[b + 12] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
        let edited = dir.appendingPathComponent("edited.IGC")
        try Data(bytes).write(to: edited)
        let changed = try CLI.run(["verify", edited.path], database: db, in: dir)
        #expect(changed.status == 1)
        #expect(changed.stdout.hasPrefix("changed after it was signed"), "\(changed.stdout)")

        // Another device's file: intact, its key named; trusted with --key (hex or .pub file) it is valid.
        let otherDir = dir.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: otherDir, withIntermediateDirectories: true)
        let (_, otherFile) = try Self.signedExport(in: otherDir, name: "theirs")
        let otherKey = try String(contentsOf: otherDir.appendingPathComponent("signing.pub"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(otherKey != publicKey)
        let other = try CLI.run(["verify", otherFile.path], database: db, in: dir)
        #expect(other.status == 2)
        #expect(
            other.stdout.hasPrefix("intact, but signed by another flightlog key")
                && other.stdout.contains("--key \(otherKey)"))
        for key in [otherKey, otherDir.appendingPathComponent("signing.pub").path] {
            let trusted = try CLI.run(["verify", otherFile.path, "--key", key], database: db, in: dir)
            #expect(
                trusted.status == 0 && trusted.stdout.hasPrefix("valid: signed by the key given"), "\(trusted.stdout)")
        }

        // The simulator's own file has no G record.
        let unsigned = try CLI.run(["verify", dir.appendingPathComponent("ours-sim.igc").path], database: db, in: dir)
        #expect(unsigned.status == 1 && unsigned.stdout.hasPrefix("unsigned: no G record"), "\(unsigned.stdout)")

        if SharedFlights.available {
            let theirs = try CLI.run(
                ["verify", SharedFlights.directory.appendingPathComponent("654G6NG1.IGC").path], database: db, in: dir)
            #expect(theirs.status == 3)
            #expect(
                theirs.stdout
                    == "another recorder's file (maker FLA): its G record can only be checked with that maker's validation program\n"
            )
        }

        // By flight id: the file export gives. Our signed file imported back is ours and valid; the simulator's
        // original (flight 1) is unsigned; a rebuilt file of a flight whose original is gone is written and signed.
        // Imported back into this logbook, it is skipped: flight 1 holds its fixes. In a logbook of its own it is
        // a flight of its own.
        let again = try CLI.run(["import", file.path], database: db, in: dir)
        #expect((again.stdout + again.stderr).contains("already holds these fixes"), "\(again.stdout)\(again.stderr)")
        let signedDB = dir.appendingPathComponent("signed.sqlite")
        let imported = try CLI.run(["import", file.path], database: signedDB, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        let byId = try CLI.run(["verify", "1"], database: signedDB, in: dir)
        #expect(
            byId.status == 0 && byId.stdout.hasPrefix("valid: signed by this device"), "\(byId.stdout)\(byId.stderr)")
        let simulatedById = try CLI.run(["verify", "1"], database: db, in: dir)
        #expect(simulatedById.status == 1 && simulatedById.stdout.hasPrefix("unsigned"), "\(simulatedById.stdout)")
        let missing = try CLI.run(["verify", "99"], database: db, in: dir)
        #expect(missing.status == 1 && missing.stderr.contains("99"), "\(missing.stderr)")

        let bad = try CLI.run(["verify", file.path, "--key", "abcd"], database: db, in: dir)
        #expect(
            bad.status == 1 && bad.stderr.hasPrefix("Error: --key abcd is neither")
                && bad.stderr.split(separator: "\n").count == 1)
    }

    /// Starts flightlogd (no gpsd, no barometer) and waits until it runs its services (its status file exists), so
    /// that SIGTERM finds its handlers.
    static func startDaemon(_ world: DaemonWorld) throws {
        try? FileManager.default.removeItem(atPath: world.statusPath)
        try world.startDaemon(barometer: false)
        _ = waitUntil(seconds: 20) { FileManager.default.fileExists(atPath: world.statusPath) }
    }

    @Test func flightlogdMakesTheKeyOnceAndLogsItsPublicKey() throws {
        let world = try DaemonWorld()
        defer { try? FileManager.default.removeItem(at: world.directory) }
        let keyPath = world.directory.appendingPathComponent("signing.key").path
        var publicKeys: [String] = []
        for start in 0..<2 {
            try Self.startDaemon(world)
            let words = start == 0 ? "made the device signing key" : "device signing key"
            #expect(world.waitFor(words, in: world.daemonLog))
            world.signalDaemon(SIGTERM)
            #expect(world.waitForDaemon() == 0)
            publicKeys.append(
                try String(contentsOf: world.directory.appendingPathComponent("signing.pub"), encoding: .utf8))
        }
        #expect(publicKeys[0] == publicKeys[1] && publicKeys[0].count == 65)
        let log = try String(contentsOf: world.daemonLog, encoding: .utf8)
        #expect(log.components(separatedBy: "made the device signing key").count == 2, "made once:\n\(log)")
        #expect(log.components(separatedBy: publicKeys[0].dropLast()).count >= 3, "the public key logged at each start")
        let mode = try FileManager.default.attributesOfItem(atPath: keyPath)[.posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)

        // A key opened to the group is refused and kept; the daemon records anyway.
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: keyPath)
        let before = try Data(contentsOf: URL(fileURLWithPath: keyPath))
        try Self.startDaemon(world)
        #expect(world.waitFor("is open to group or others", in: world.daemonLog))
        world.signalDaemon(SIGTERM)
        #expect(world.waitForDaemon() == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: keyPath)) == before)
    }
}
