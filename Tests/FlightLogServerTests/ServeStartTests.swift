import FlightLogCore
import FlightLogServer
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
}
