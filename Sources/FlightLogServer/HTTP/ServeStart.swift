import FlightLogCore
import FlightLogLogbook
import FlightLogTransfer
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

    /// `flightlog club add-user`'s login with the hash of `password` (already checked as a new login's, 8
    /// characters or more); a password the web login could never take is refused (``PasswordHash/problem(with:)``).
    package static func clubAccount(login: String, pilot: String, admin: Bool, password: String) throws -> ClubAccount {
        if let problem = PasswordHash.problem(with: password) { throw Refusal(problem) }
        return ClubAccount(
            login: login, pilotName: pilot, isAdmin: admin, passwordHash: try PasswordHash.make(password: password))
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

    /// How ``run(location:address:port:warn:say:serve:)`` serves an app on an address and port until stopped,
    /// calling the last argument with the port once it listens (``WebServer``'s `run`).
    package typealias Serve =
        @Sendable (WebApp, String, Int, @escaping @Sendable (Int) async -> Void) async throws
        -> Void

    /// `flightlog serve`: the club logbook's app with `--database postgres://…` (``clubApp(_:config:warn:)``, its
    /// connections open while it serves), else this glider's file's (``fileApp(databasePath:config:warn:)``), served
    /// on `address` and `port` (else the config's) until stopped; `say` gets the start line once it listens.
    package static func run(
        location: LogbookLocation, address: String?, port: Int?, warn: @escaping @Sendable (String) -> Void,
        say: @escaping @Sendable (String) -> Void,
        serve: @escaping Serve = { try await WebServer.run(app: $0, address: $1, port: $2, onRunning: $3) }
    ) async throws {
        let config = try location.loadConfig(warn: warn)
        let (address, port) = (address ?? config.server.address, port ?? config.server.port)
        let start = { @Sendable (app: WebApp) in
            try await serve(app, address, port) { say(startLine(app, address: address, port: $0)) }
        }
        if let club = location.clubDatabase {
            return try await location.withClub(database: club, warn: warn) { club, config in
                try await start(clubApp(club, config: config, warn: warn))
            }
        }
        try await start(fileApp(databasePath: location.databasePath(warn: warn), config: config, warn: warn))
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
