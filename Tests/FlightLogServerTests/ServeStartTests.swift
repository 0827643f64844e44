import FlightLogCore
import FlightLogLogbook
import FlightLogServer
import FlightLogStore
import FlightLogWeb
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
}
