import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogSync
import FlightLogText
import FlightLogTransfer
import FlightLogWeGlide
import Foundation

extension FlightLogCommand {
    /// The club logbook's logins (`flightlog serve --database postgres://…`).
    struct Club: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Manage the logins of the club's PostgreSQL logbook on the web.",
            discussion: """
                The club logbook is [sync] url in the config (or --database postgres://…); its password comes from \
                [sync] password_file, else $FLIGHTLOG_SYNC_PASSWORD. A pilot's login sees and edits the flights \
                where the pilot's name (as the logbook writes it) is the pilot or the second person; an admin's \
                sees and edits all.
                Examples:
                  flightlog club add-user anna --pilot "Anna Berg" < password.txt
                  flightlog club add-user chief --pilot "Karl Meier" --admin
                  flightlog club users
                  flightlog club remove-user anna
                  flightlog club add-glider d-1445 --device pi-d1445 < glider-password.txt   # a glider's sync login
                """,
            subcommands: [AddUser.self, Users.self, RemoveUser.self, AddGlider.self])

        /// Where the club logbook is and how to log in to it, shared by the subcommands.
        struct ClubOptions: ParsableArguments {
            @Option(
                help: ArgumentHelp("The club logbook. Default: [sync] url in the config.", valueName: "postgres://…"))
            var database: String?
            @Option(help: ArgumentHelp("The config file.", valueName: "path")) var config: String?

            /// Connects to the club logbook, runs `body`, and closes the connections.
            func withLogbook<T: Sendable>(_ body: @Sendable (ClubWebLogbook) async throws -> T) async throws -> T {
                // Not through a `StoreOptions()`: its undecoded `--database` cannot be read (ArgumentParser stops).
                let location = LogbookLocation(
                    database: nil, config: config, environment: ProcessInfo.processInfo.environment)
                return try await location.withClub(database: database, warn: printError) { club, _ in
                    try await body(club)
                }
            }
        }

        struct AddUser: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract:
                    "Add a login, or change its pilot, admin flag and password; the password (8 characters or more) is read from standard input."
            )

            @Argument(help: ArgumentHelp("The login: 1–64 of A-Z a-z 0-9 . _ @ -", valueName: "login"))
            var login: String
            @Option(
                help: ArgumentHelp(
                    "The pilot's name as the logbook writes it (flightlog list shows it).", valueName: "name"))
            var pilot: String
            @Flag(help: "The login sees and edits every flight of the club.") var admin = false
            @OptionGroup var club: ClubOptions

            func validate() throws {
                do {
                    try ClubWebLogbook.checkLogin(login)
                } catch {
                    throw ValidationError(error.description)
                }
                if pilot.trimmingCharacters(in: .whitespaces).isEmpty {
                    throw ValidationError("--pilot needs the pilot's name.")
                }
            }

            func run() async throws {
                let password = try ClubLogin.newPassword(ClubLogin.passwordLine(for: login), login: login)
                let account = try ServeStart.clubAccount(login: login, pilot: pilot, admin: admin, password: password)
                try await club.withLogbook { logbook in try await logbook.saveAccount(account) }
                print("login \(login): pilot \(pilot)\(admin ? ", admin (every flight)" : "")")
            }
        }

        struct AddGlider: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract:
                    "Add a glider's own PostgreSQL login for flightlog sync (or set its password); the password is read from standard input.",
                discussion: """
                    Each glider syncs with its own login: the server lets it write and delete only its own rows. Run \
                    it with the admin login that owns the club logbook's tables and may create roles \
                    (createuser --createrole). --device hands the rows a glider pushed with an older, shared login \
                    to its new login (SELECT uuid, name FROM device lists the devices).
                    """)

            @Argument(help: ArgumentHelp("The glider's login: 1–64 of A-Z a-z 0-9 . _ @ -", valueName: "login"))
            var login: String
            @Option(help: ArgumentHelp("A device's UUID or name whose rows become this login's.", valueName: "device"))
            var device: String?
            @OptionGroup var club: ClubOptions

            func run() async throws {
                let password = try ClubLogin.gliderPassword(ClubLogin.passwordLine(for: login))
                let (login, device) = (self.login, self.device)
                let flights = try await club.withLogbook { logbook in
                    try await logbook.addGlider(login: login, password: password, device: device)
                }
                print(
                    "glider login \(login)" + (device == nil ? "" : ": \(flights) flights of \(device!) handed to it"))
            }
        }

        struct Users: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List the logins.")

            @OptionGroup var club: ClubOptions

            func run() async throws {
                let accounts = try await club.withLogbook { logbook in try await logbook.accounts() }
                print(ListingText.logins(accounts), terminator: "")
            }
        }

        struct RemoveUser: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Remove a login (its flights and edits stay).")

            @Argument(help: ArgumentHelp("The login.", valueName: "login")) var login: String
            @OptionGroup var club: ClubOptions

            func run() async throws {
                let login = self.login
                guard try await club.withLogbook({ logbook in try await logbook.removeAccount(login: login) }) else {
                    throw TransferRefusal("no login \(login) (flightlog club users lists them)")
                }
                print("login \(login) removed; its flights and edits stay in the logbook")
            }
        }
    }

    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Push finished flights and edits to the club's PostgreSQL logbook; pull the club's edits.",
            discussion: """
                The logbook is [sync] url in the config file; the password comes from [sync] password_file, else \
                $FLIGHTLOG_SYNC_PASSWORD. A sync cut off at any point is simply run again: nothing is duplicated \
                or lost.
                Exit status 75 (EX_TEMPFAIL) when the server cannot be reached or the connection drops: the \
                timer (flightlog-sync.timer) and the sync after each landing (flightlog-sync.path) try again later.
                Example:
                  flightlog sync      # pushed 3 flights, 2 edits; pulled 1 edit
                """)

        @OptionGroup var store: StoreOptions
        @Flag(help: "Succeed without doing anything when the config names no club logbook (for the systemd units).")
        var ifConfigured = false

        func run() async throws {
            let status = try await LogbookSync.command(
                config: store.loadConfig(), ifConfigured: ifConfigured,
                environment: ProcessInfo.processInfo.environment,
                readFile: { try InputFile.read($0, what: "the password file", maxBytes: $1) },
                openStore: { try store.open(.readWrite) }, say: { print(terminalSafe($0)) }, warn: printError)
            if status != 0 { throw ExitCode(status) }
        }
    }

    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
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
        @Option(help: ArgumentHelp("TCP port. Default: config, else 8080.", valueName: "n")) var port: Int?
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
            try await ServeStart.run(location: store.location, address: address, port: port, warn: printError) {
                print($0)
                fflush(nil)  // a pipe or the journal buffers: say it now
            }
        }
    }

    struct Upload: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Upload flights to WeGlide (the [weglide] account in the config file).",
            discussion: """
                The file sent is what flightlog export --igc writes: an imported flight's own file, a recorded \
                flight's signed file. The WeGlide flight id is stored with the flight, so a flight is sent once \
                (--again sends it anyway); an upload whose answer never arrived is looked up in WeGlide's flight \
                list before anything is sent again. The aircraft is [weglide] aircraft_id for this glider's \
                flights, else WeGlide's aircraft named like the flight's glider type.
                Exit status 1 when WeGlide refused a flight or a person must look; 75 (EX_TEMPFAIL) when WeGlide \
                cannot be reached or does not answer: run it again later.
                Examples:
                  flightlog upload 12          # flight 12 → WeGlide flight 345678 (https://www.weglide.org/flight/345678)
                  flightlog upload --new       # every flight of the owner not on WeGlide yet
                  flightlog upload --aircraft LS   # WeGlide's aircraft ids whose name contains LS
                """)

        @OptionGroup var store: StoreOptions
        @Argument(help: "Flight ids to upload.") var ids: [Int64] = []
        @Flag(help: "Every flight of the owner ([owner] name, else the flights this device recorded) not uploaded yet.")
        var new = false
        @Flag(help: "Send flights that are on WeGlide already (or may be) once more.") var again = false
        @Flag(help: "Succeed without doing anything when the config has no [weglide] table (for the systemd units).")
        var ifConfigured = false
        @Option(
            help: ArgumentHelp("List WeGlide's aircraft whose name contains this, with their ids.", valueName: "name"))
        var aircraft: String?

        func validate() throws {
            let modes = [!ids.isEmpty, new, aircraft != nil].filter { $0 }.count
            if modes != 1 { throw ValidationError("give flight ids, --new or --aircraft NAME (one of them).") }
        }

        func run() async throws {
            let outcome = try await WeGlideUpload.command(
                ids: ids, aircraft: aircraft, again: again, ifConfigured: ifConfigured, config: store.loadConfig(),
                databasePath: store.databasePath, openStore: { try store.open(.readWrite) },
                say: { print(terminalSafe($0)) }, warn: printError)
            if outcome != .done { throw ExitCode(outcome.rawValue) }
        }
    }
}
