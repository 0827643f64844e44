import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// `flightlog sync` as a pilot runs it: the built binary, a config file, a real server.
@Suite(.serialized) struct SyncCommandTests {
    @Test(.postgreSQL) func syncsAndSaysInOneLineWhatWentWrong() async throws {
        let fixture = try SyncFixture.make()
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

        let port = freePort()
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

    /// The club's logins and its web logbook from the command line: `club add-user` (password on standard input),
    /// `club users`, `club remove-user`, and `serve --database postgres://…` answering with its login page.
    @Test(.postgreSQL) func clubLoginsAndTheClubWebLogbookFromTheCommandLine() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        let url = "postgres://glider@127.0.0.1:\(fixture.server.port)/club"
        let config = "[sync]\nurl = \"\(url)\"\n"
        let secret = ["FLIGHTLOG_SYNC_PASSWORD": "secret"]
        func club(_ arguments: [String], stdin: String = "") throws -> (status: Int32, stdout: String, stderr: String) {
            try flightlog(["club"] + arguments, config: config, pi, environment: secret, onThePi: false, stdin: stdin)
        }
        var result = try club(["add-user", "anna", "--pilot", "Anna Berg"], stdin: "thermals\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "login anna: pilot Anna Berg\n")
        #expect(try club(["add-user", "chief", "--pilot", "Karl Meier", "--admin"], stdin: "ridge lift\n").status == 0)
        #expect(
            try fixture.rows("SELECT login || '|' || pilot_key || '|' || is_admin FROM club_user ORDER BY 1") == [
                "anna|anna berg|false", "chief|karl meier|true",
            ])
        #expect(try fixture.count("SELECT count(*) FROM club_user WHERE password_hash LIKE 'pbkdf2-sha256$%'") == 2)
        result = try club(["users"])
        #expect(
            result.stdout.contains("anna") && result.stdout.contains("Anna Berg") && result.stdout.contains("admin"))
        result = try club(["add-user", "anna"], stdin: "")
        #expect(result.status != 0)  // --pilot is required
        result = try club(["add-user", "anna berg", "--pilot", "Anna Berg"], stdin: "x\n")
        #expect(result.status != 0 && result.stderr.contains("is not allowed"), "\(result.stderr)")
        result = try club(["add-user", "bert", "--pilot", "Bert"], stdin: "")
        #expect(
            result.stderr
                == "Error: no password on standard input: give it as the first line (flightlog club add-user bert --pilot … < file)\n"
        )
        result = try club(["add-user", "bert", "--pilot", "Bert"], stdin: "ridge\n")
        #expect(
            result.stderr
                == "Error: the password is shorter than 8 characters; choose a longer one (the login is on the web)\n")
        result = try club(["remove-user", "anna"])
        #expect(result.stdout == "login anna removed; its flights and edits stay in the logbook\n")
        result = try club(["remove-user", "anna"])
        #expect(result.stderr == "Error: no login anna (flightlog club users lists them)\n")
        result = try flightlog(["club", "users", "--database", "postgres://x"], config: "", pi, onThePi: false)
        #expect(
            result.stderr
                == "Error: --database \"postgres://x\" names no database (expected postgres://user@host:5432/database)\n"
        )

        // The web logbook: every page sends a stranger to the login form.
        let server = try ServeProcess(
            ["--database", url, "--config", pi.path + ".toml"], environment: secret,
            in: URL(fileURLWithPath: fixture.directory))
        defer { server.stop() }
        try #require(server.isReady, "flightlog serve did not start: \(server.logText)")
        let port = server.port
        _ = waitUntil(seconds: 10) { server.outputText.contains("\n") }
        let line = server.outputText
        #expect(line.contains("(club logbook glider@127.0.0.1:\(fixture.server.port)/club; pilots log in)"), "\(line)")
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = [
            "-s", "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}", "http://127.0.0.1:\(port)/flights/1",
        ]
        let answer = Pipe()
        curl.standardOutput = answer
        try curl.run()
        curl.waitUntilExit()
        #expect(
            String(decoding: answer.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                == "303 http://127.0.0.1:\(port)/login?next=%2Fflights%2F1")
    }

    static let flightlogURL = builtExecutable("flightlog")

    /// Runs the built `flightlog` with `config` as its config file, on the Pi's logbook unless not `onThePi`.
    private func flightlog(
        _ arguments: [String], config: String, _ pi: Logbook, environment: [String: String] = [:],
        onThePi: Bool = true, stdin: String = ""
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let configPath = pi.path + ".toml"
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["FLIGHTLOG_SYNC_PASSWORD"] = nil
        env.merge(environment) { $1 }
        let result = try runProcess(
            Self.flightlogURL.path, arguments + (onThePi ? ["--database", pi.path] : []) + ["--config", configPath],
            environment: env, stdin: stdin)
        return (result.status, result.stdout, result.stderr)
    }
}
