import FlightLogCore
import FlightLogLogbook
import FlightLogWeb
import Foundation

/// What `flightlog serve` checks and says around ``WebServer/run(app:address:port:handleSignals:limits:onRunning:)``:
/// `--hash-password`'s line, the checks before this glider's file is served, the start lines.
package enum ServeStart {
    /// Why serving (or hashing) did not start, in one line.
    package struct Refusal: Error, CustomStringConvertible, Equatable {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// `--hash-password`: the config file's `password_hash = "…"` line for the password on standard input
    /// (`input`, its line endings dropped, `\r\n` too).
    package static func passwordHashLine(_ input: [UInt8]) throws -> String {
        var password = String(decoding: input, as: UTF8.self)
        while password.last?.isNewline == true { password.removeLast() }  // also "\r\n", one Character
        guard !password.isEmpty else { throw Refusal("no password on standard input; nothing printed") }
        if let problem = PasswordHash.problem(with: password) { throw Refusal("\(problem); nothing printed") }
        return "password_hash = \"\(try PasswordHash.make(password: password))\""
    }

    /// The web app over this glider's SQLite file, after checking `[server] password_hash`; a map tile file that
    /// cannot be used is a warning (the map is drawn without it).
    package static func fileApp(databasePath: String, config: FlightLogConfig, warn: (String) -> Void) throws(Refusal)
        -> WebApp
    {
        if let hash = config.server.passwordHash, !PasswordHash.isWellFormed(hash) {
            throw Refusal("[server] password_hash in the config is not a hash from flightlog serve --hash-password")
        }
        let app = WebApp(settings: ServerSettings(databasePath: databasePath, config: config))
        if let problem = app.mapTilesProblem() {
            warn("flightlog serve: warning: \(problem); the flight map is drawn without a background map")
        }
        return app
    }

    /// The web app over the club logbook; a logbook without logins is a warning (no page can be seen yet).
    package static func clubApp(_ club: any ClubBackend, config: FlightLogConfig, warn: (String) -> Void) async throws
        -> WebApp
    {
        if try await !club.hasAccounts() {
            warn("flightlog serve: warning: the club logbook has no logins yet; add one with flightlog club add-user")
        }
        return WebApp(settings: ServerSettings(club: club, config: config))
    }

    /// The line said once the socket listens on `port`.
    package static func startLine(_ app: WebApp, address: String, port: Int) -> String {
        let settings = app.settings
        if let club = settings.club {
            return "flightlog serve: http://\(address):\(port)/ (club logbook \(club.location); pilots log in)"
        }
        return
            "flightlog serve: http://\(address):\(port)/ (database \(settings.databasePath); editing \(settings.passwordHash == nil ? "off" : "on"))"
    }
}
