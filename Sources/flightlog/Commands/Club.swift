import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogSync
import FlightLogText
import FlightLogWeb
import Foundation

extension FlightLogCommand {
    /// The club logbook's logins (`flightlog serve --database postgres://…`).
    struct Club: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "club",
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

            @Option(name: .long, help: ArgumentHelp("The config file.", valueName: "path"))
            var config: String?

            /// Connects to the club logbook, runs `body`, and closes the connections.
            func withLogbook<T: Sendable>(_ body: @Sendable (ClubWebLogbook) async throws -> T) async throws -> T {
                var options = StoreOptions()
                options.config = self.config
                let config = try options.loadConfig()
                let login = try ClubLogin(
                    database: database, config: config, environment: ProcessInfo.processInfo.environment,
                    readFile: { try InputFile.read($0, what: "the password file", maxBytes: $1) })
                return try await login.with(config: config, body)
            }
        }

        struct AddUser: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "add-user",
                abstract:
                    "Add a login, or change its pilot, admin flag and password; the password (8 characters or more) is read from standard input."
            )

            @Argument(help: ArgumentHelp("The login: 1–64 of A-Z a-z 0-9 . _ @ -", valueName: "login"))
            var login: String

            @Option(
                help: ArgumentHelp(
                    "The pilot's name as the logbook writes it (flightlog list shows it).", valueName: "name"))
            var pilot: String

            @Flag(help: "The login sees and edits every flight of the club.")
            var admin = false

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
                let password = try readPassword()
                let account = ClubAccount(
                    login: login, pilotName: pilot, isAdmin: admin,
                    passwordHash: try PasswordHash.make(password: password))
                try await club.withLogbook { logbook in try await logbook.saveAccount(account) }
                print("login \(login): pilot \(pilot)\(admin ? ", admin (every flight)" : "")")
            }

            /// The first line of standard input (a prompt goes to standard error when it is a terminal).
            private func readPassword() throws -> String {
                if isatty(0) != 0 { FileHandle.standardError.write(Data("Password for \(login) (then Enter): ".utf8)) }
                let line = try ClubLogin.newPassword(readLine(strippingNewline: true), login: login)
                if let problem = PasswordHash.problem(with: line) { throw CLIError(problem) }
                return line
            }
        }

        struct AddGlider: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "add-glider",
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
                if isatty(0) != 0 { FileHandle.standardError.write(Data("Password for \(login) (then Enter): ".utf8)) }
                let password = try ClubLogin.gliderPassword(readLine(strippingNewline: true))
                let (login, device) = (self.login, self.device)
                let flights = try await club.withLogbook { logbook in
                    try await logbook.addGlider(login: login, password: password, device: device)
                }
                print(
                    "glider login \(login)" + (device == nil ? "" : ": \(flights) flights of \(device!) handed to it"))
            }
        }

        struct Users: AsyncParsableCommand {
            static let configuration = CommandConfiguration(commandName: "users", abstract: "List the logins.")

            @OptionGroup var club: ClubOptions

            func run() async throws {
                let accounts = try await club.withLogbook { logbook in try await logbook.accounts() }
                print(
                    ListingText.logins(
                        accounts.map {
                            ListingText.LoginRow(
                                login: $0.login, pilot: $0.pilotName, isAdmin: $0.isAdmin, createdAt: $0.createdAt)
                        }), terminator: "")
            }
        }

        struct RemoveUser: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "remove-user", abstract: "Remove a login (its flights and edits stay).")

            @Argument(help: ArgumentHelp("The login.", valueName: "login"))
            var login: String

            @OptionGroup var club: ClubOptions

            func run() async throws {
                let login = self.login
                guard try await club.withLogbook({ logbook in try await logbook.removeAccount(login: login) }) else {
                    throw CLIError("no login \(login) (flightlog club users lists them)")
                }
                print("login \(login) removed; its flights and edits stay in the logbook")
            }
        }
    }
}
