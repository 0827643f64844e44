import ArgumentParser
import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogSync
import FlightLogWeb
import Foundation

extension FlightLogCommand {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the logbook to a phone or laptop browser: flights, maps, barograms, downloads.",
            discussion: """
                Pages work without internet and without JavaScript. Viewing needs no login; editing a flight's \
                details needs the password whose hash is in the config file ([server] password_hash); without \
                one, editing is off. The database is opened read-only for viewing, so flightlogd keeps recording.
                Examples:
                  flightlog serve                                  # http://127.0.0.1:8080 on this machine
                  flightlog serve --address 0.0.0.0 --port 8080    # on the Pi's Wi-Fi hotspot, e.g. http://10.42.0.1:8080
                  flightlog serve --hash-password < password.txt   # prints a line for [server] password_hash
                The club logbook: with --database postgres://USER@HOST/DATABASE (the url of [sync] in the gliders' \
                config; password from [sync] password_file, else $FLIGHTLOG_SYNC_PASSWORD) every page needs a \
                pilot's login (flightlog club add-user); a pilot sees and edits their own flights, an admin all.
                  flightlog serve --address 0.0.0.0 --database postgres://flightlog@db.example.org/club
                """)

        @OptionGroup var store: StoreOptions

        @Option(
            help: ArgumentHelp(
                "Address to listen on; 0.0.0.0 = every network (the Pi's hotspot). Default: config, else 127.0.0.1.",
                valueName: "ip"))
        var address: String?

        @Option(help: ArgumentHelp("TCP port. Default: config, else 8080.", valueName: "n"))
        var port: Int?

        @Flag(
            name: .customLong("hash-password"),
            help: "Read a password from standard input and print its hash line for the config file.")
        var hashPassword = false

        func validate() throws {
            if let port, !(1...65535).contains(port) { throw ValidationError("--port must be between 1 and 65535.") }
            if let address, address.isEmpty || address.count > 255 {
                throw ValidationError("--address needs an IP address or host name.")
            }
        }

        func run() async throws {
            if hashPassword {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                var password = String(decoding: data, as: UTF8.self)
                while password.last?.isNewline == true { password.removeLast() }  // also "\r\n", one Character
                guard !password.isEmpty else { throw CLIError("no password on standard input; nothing printed") }
                if let problem = PasswordHash.problem(with: password) { throw CLIError("\(problem); nothing printed") }
                print("password_hash = \"\(try PasswordHash.make(password: password))\"")
                return
            }
            let config = try store.loadConfig()
            let address = address ?? config.server.address
            let port = port ?? config.server.port
            if let database = store.database, SyncURL.looksLikeURL(database) {
                try await serveClub(url: try clubURL(database), config: config, address: address, port: port)
                return
            }
            if let hash = config.server.passwordHash, !PasswordHash.isWellFormed(hash) {
                throw CLIError(
                    "[server] password_hash in the config is not a hash from flightlog serve --hash-password")
            }
            let settings = ServerSettings(databasePath: try store.databasePath(), config: config)
            let app = WebApp(settings: settings)
            if let problem = app.mapTilesProblem() {
                printError("flightlog serve: warning: \(problem); the flight map is drawn without a background map")
            }
            try await WebServer.run(app: app, address: address, port: port) { actual in
                print(
                    "flightlog serve: http://\(address):\(actual)/ (database \(settings.databasePath); editing \(settings.passwordHash == nil ? "off" : "on"))"
                )
                fflush(nil)  // a pipe or the journal buffers: say it now
            }
        }

        /// The club's PostgreSQL logbook, each page behind a pilot's login.
        private func serveClub(url: SyncURL, config: FlightLogConfig, address: String, port: Int) async throws {
            let password = try Sync.password(file: config.sync.passwordFile)
            do {
                try await ClubWebLogbook.with(url: url, password: password, config: config) { club in
                    let app = WebApp(settings: ServerSettings(club: club, config: config))
                    if try await club.accounts().isEmpty {
                        printError(
                            "flightlog serve: warning: the club logbook has no logins yet; add one with flightlog club add-user"
                        )
                    }
                    try await WebServer.run(app: app, address: address, port: port) { actual in
                        print(
                            "flightlog serve: http://\(address):\(actual)/ (club logbook \(club.location); pilots log in)"
                        )
                        fflush(nil)
                    }
                }
            } catch let error as LogbookError {
                throw CLIError(error.description)
            }
        }
    }
}

/// `postgres://…` from `--database`, or a one-line error naming what is wrong with it.
func clubURL(_ text: String) throws -> SyncURL {
    do {
        return try SyncURL(text)
    } catch {
        throw CLIError(error.description.replacingOccurrences(of: "[sync] url", with: "--database"))
    }
}
