import FlightLogCore
import FlightLogLogbook
import FlightLogServer
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import FlightLogWeb
import Foundation
import Synchronization
import Testing

/// `flightlog serve --hash-password` and the checks before serving this glider's file, without a process.
@Suite("serve start")
struct ServeStartTests {
    @Test func theHashLineIsOfThePasswordWithoutItsLineEnd() throws {
        let line = try ServeStart.passwordHashLine(Array("correct horse\r\n".utf8))
        #expect(line.hasPrefix("password_hash = \"") && line.hasSuffix("\""))
        let hash = String(line.dropFirst("password_hash = \"".count).dropLast())
        #expect(PasswordHash.verify(password: "correct horse", against: hash))
        #expect(!PasswordHash.verify(password: "correct horse\r", against: hash))
    }

    @Test func noPasswordPrintsNothing() {
        #expect(throws: ServeStart.Refusal("no password on standard input; nothing printed")) {
            try ServeStart.passwordHashLine(Array("\n".utf8))
        }
    }

    @Test func aPasswordHashThatIsNoHashIsRefusedBeforeServing() {
        var config = FlightLogConfig()
        config.server.passwordHash = "plain text"
        #expect {
            try ServeStart.fileApp(databasePath: "/nonexistent/flightlog.sqlite", config: config, warn: { _ in })
        } throws: { error in
            "\(error)".hasPrefix("[server] password_hash in the config is not a hash")
        }
    }

    @Test func theStartLineSaysWhetherEditingIsOn() throws {
        var config = FlightLogConfig()
        let off = try ServeStart.fileApp(databasePath: "/data/flightlog.sqlite", config: config, warn: { _ in })
        #expect(
            ServeStart.startLine(off, address: "0.0.0.0", port: 8080)
                == "flightlog serve: http://0.0.0.0:8080/ (database /data/flightlog.sqlite; editing off)")
        config.server.passwordHash = String(
            try ServeStart.passwordHashLine(Array("a good password".utf8)).dropFirst(17).dropLast())
        let on = try ServeStart.fileApp(databasePath: "/data/flightlog.sqlite", config: config, warn: { _ in })
        #expect(ServeStart.startLine(on, address: "127.0.0.1", port: 80).hasSuffix("editing on)"))
    }

    /// A club logbook with or without logins, and no flights.
    struct Club: ClubBackend {
        var logins: Bool
        var location: String { "flightlog@db.example.org:5432/club" }
        func account(login: String) async throws(LogbookError) -> ClubAccount? { nil }
        func hasAccounts() async throws(LogbookError) -> Bool { logins }
        func source(for account: ClubAccount) -> any LogbookSource {
            LocalLogbookSource(
                databasePath: "/nonexistent/flightlog.sqlite", config: FlightLogConfig(), signer: { nil })
        }
    }

    @Test func aClubLogbookWithoutLoginsIsServedWithAWarning() async throws {
        var warned: [String] = []
        _ = try await ServeStart.clubApp(Club(logins: false), config: FlightLogConfig(), warn: { warned.append($0) })
        #expect(
            warned == [
                "flightlog serve: warning: the club logbook has no logins yet; add one with flightlog club add-user"
            ])
        warned = []
        let app = try await ServeStart.clubApp(
            Club(logins: true), config: FlightLogConfig(), warn: { warned.append($0) })
        #expect(warned.isEmpty)
        #expect(
            ServeStart.startLine(app, address: "0.0.0.0", port: 8080).contains("flightlog@db.example.org:5432/club"))
    }

    /// A served app as `run` hands it over: this glider's file on the options' address, else the config's port.
    @Test func runServesThisGlidersFileOnTheOptionsElseTheConfigsAddress() async throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("flightlog.toml")
        try Data("[server]\nport = 8123\n".utf8).write(to: config)
        let db = dir.appendingPathComponent("flightlog.sqlite").path
        let location = LogbookLocation(database: db, config: config.path, environment: [:])
        let served = Served()
        try await ServeStart.run(
            location: location, address: "0.0.0.0", port: nil, warn: { _ in }, say: { served.add("said: \($0)") }
        ) { app, address, port, running in
            served.add("\(app.settings.databasePath) \(address):\(port)")
            await running(port + 1)
        }
        #expect(
            served.lines == [
                "\(db) 0.0.0.0:8123", "said: flightlog serve: http://0.0.0.0:8124/ (database \(db); editing off)",
            ])
    }

    /// What ``ServeStart/run(location:address:port:warn:say:serve:)`` was handed, in order.
    final class Served: Sendable {
        private let kept = Mutex<[String]>([])
        func add(_ line: String) { kept.withLock { $0.append(line) } }
        var lines: [String] { kept.withLock { $0 } }
    }

    @Test func aClubLoginKeepsOnlyTheHashOfAPasswordTheWebTakes() throws {
        let account = try ServeStart.clubAccount(login: "anna", pilot: "Anna Berg", admin: true, password: "a good one")
        #expect(account.login == "anna" && account.pilotName == "Anna Berg" && account.isAdmin)
        #expect(!account.passwordHash.contains("a good one"))
        #expect(PasswordHash.verify(password: "a good one", against: account.passwordHash))
        #expect(throws: ServeStart.Refusal.self) {
            try ServeStart.clubAccount(login: "anna", pilot: "Anna Berg", admin: false, password: "tab\there")
        }
    }
}
