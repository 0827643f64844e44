import FlightLogCore
import Foundation
import Testing

/// `flightlog sync` as a pilot runs it: the built binary, a config file, a real server.
@Suite(.serialized) struct SyncCommandTests {
    @Test func syncsAndSaysInOneLineWhatWentWrong() async throws {
        guard let fixture = try SyncFixture.make() else { return }
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        try pi.importFile(start: june14, flights: 2)
        let passwordFile = fixture.directory + "/sync-password"
        try "secret\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        let url = "postgres://glider@127.0.0.1:\(fixture.server.port)/club"

        var result = try flightlog(
            ["sync"], config: "[sync]\nurl = \"\(url)\"\npassword_file = \"\(passwordFile)\"\n", pi)
        #expect(result.status == 0)
        #expect(result.stdout == "pushed 2 flights, 0 edits; pulled 0 edits\n")
        result = try flightlog(["sync"], config: "[sync]\nurl = \"\(url)\"\npassword_file = \"\(passwordFile)\"\n", pi)
        #expect(result.stdout == "pushed 0 flights, 0 edits; pulled 0 edits\n")
        #expect(try fixture.count("SELECT count(*) FROM flight") == 2)

        let port = try PostgresServer.freePort()
        let failures: [(config: String, environment: [String: String], message: String)] = [
            (
                "[sync]\nurl = \"\(url)\"\n", ["FLIGHTLOG_SYNC_PASSWORD": "wrong"],
                "Error: the club logbook postgres://glider@127.0.0.1:\(fixture.server.port)/club refused the password of glider: check [sync] password_file or FLIGHTLOG_SYNC_PASSWORD"
            ),
            (
                "[sync]\nurl = \"\(url)\"\n", [:],
                "Error: the club logbook postgres://glider@127.0.0.1:\(fixture.server.port)/club wants a password for glider: set [sync] password_file or FLIGHTLOG_SYNC_PASSWORD"
            ),
            (
                "[sync]\nurl = \"postgres://glider@127.0.0.1:\(port)/club\"\n", ["FLIGHTLOG_SYNC_PASSWORD": "secret"],
                "Error: cannot reach the club logbook at 127.0.0.1:\(port): check the network and [sync] url, then run flightlog sync again"
            ),
            (
                "[sync]\nurl = \"postgres://glider@127.0.0.1:\(fixture.server.port)/clubb\"\n",
                ["FLIGHTLOG_SYNC_PASSWORD": "secret"],
                "Error: the club logbook server has no database clubb: check [sync] url, or create it (createdb -O glider clubb)"
            ),
            (
                "[sync]\nurl = \"\(url)\"\npassword_file = \"/nonexistent/pw\"\n", [:],
                "Error: cannot read the password file /nonexistent/pw: check that it exists and this user may read it"
            ),
            (
                "pilot = \"A\"\n[sync]\nurl = \"mysql://glider@x/club\"\n", [:],
                "Error: CONFIG line 3: [sync] url \"mysql://glider@x/club\" does not start with postgres:// (expected postgres://user@host:5432/database) — fix the file or pass --config"
            ),
            (
                "pilot = \"A\"\n", [:],
                "Error: no club logbook is set: add [sync] url = \"postgres://USER@HOST/DATABASE\" to the config file (man 5 flightlog.toml)"
            ),
        ]
        for failure in failures {
            let result = try flightlog(["sync"], config: failure.config, pi, environment: failure.environment)
            // 75 (EX_TEMPFAIL) only where trying later helps: flightlog-sync.service counts it as success.
            #expect(result.status == (failure.message.hasPrefix("Error: cannot reach") ? 75 : 1), "\(failure.message)")
            #expect(result.stdout.isEmpty)
            let expected = failure.message.replacingOccurrences(of: "CONFIG", with: pi.path + ".toml")
            #expect(result.stderr == expected + "\n")
        }
    }

    /// The systemd units run `sync --if-configured`: without [sync] url it succeeds and says so.
    @Test func ifConfiguredSucceedsWithoutAClubLogbook() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sync-if-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pi = try Logbook(directory.path, name: "pi")
        let result = try flightlog(["sync", "--if-configured"], config: "pilot = \"A\"\n", pi)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "no club logbook is set ([sync] url): nothing to sync\n")
        #expect(result.stderr.isEmpty)
    }

    /// Runs the built `flightlog` on the logbook with `config` as its config file.
    private func flightlog(_ arguments: [String], config: String, _ pi: Logbook, environment: [String: String] = [:])
        throws -> (status: Int32, stdout: String, stderr: String)
    {
        let configPath = pi.path + ".toml"
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("flightlog")
        process.arguments = arguments + ["--database", pi.path, "--config", configPath]
        var env = ProcessInfo.processInfo.environment
        env["FLIGHTLOG_SYNC_PASSWORD"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }
}
