import ArgumentParser
import FlightLogConfigFile
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
                return print(try ServeStart.passwordHashLine([UInt8](FileHandle.standardInput.readDataToEndOfFile())))
            }
            let config = try store.loadConfig()
            let address = address ?? config.server.address
            let port = port ?? config.server.port
            if let database = store.database, SyncURL.looksLikeURL(database) {
                let login = try ClubLogin(
                    database: database, config: config, environment: ProcessInfo.processInfo.environment,
                    readFile: { try InputFile.read($0, what: "the password file", maxBytes: $1) })
                try await login.with(config: config) { club in
                    if try await club.accounts().isEmpty {
                        printError(
                            "flightlog serve: warning: the club logbook has no logins yet; add one with flightlog club add-user"
                        )
                    }
                    try await serve(WebApp(settings: ServerSettings(club: club, config: config)), address, port)
                }
                return
            }
            let app = try ServeStart.fileApp(databasePath: try store.databasePath(), config: config, warn: printError)
            try await serve(app, address, port)
        }

        /// Serves `app` until stopped, saying where once it listens.
        private func serve(_ app: WebApp, _ address: String, _ port: Int) async throws {
            try await WebServer.run(app: app, address: address, port: port) { actual in
                print(ServeStart.startLine(app, address: address, port: actual))
                fflush(nil)  // a pipe or the journal buffers: say it now
            }
        }
    }
}
