import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogLogbook
import FlightLogStore
import FlightLogSync
import FlightLogTransfer
import Foundation

extension FlightLogCommand {
    /// `flightlog airspace import|list|remove`: the OpenAir files that `show`, the phone and the report check
    /// flights against.
    struct AirspaceCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "airspace",
            abstract: "Import, list or remove OpenAir airspace files (for infringements and the map).",
            discussion: """
                The files are kept in the logbook, each under its file name; importing a file of the same name \
                again replaces its airspace. show, the phone's flight page and the PDF report list where a track \
                was inside guarded airspace (classes A-D, CTR, R, Q, P, TMZ, RMZ ...); see docs/AIRSPACE.md.
                With --database postgres://USER@HOST/DATABASE the files are the club logbook's: its web pages \
                (flightlog serve --database postgres://...) check every flight against them.
                """,
            subcommands: [Import.self, List.self, Remove.self])

        struct Import: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "import",
                abstract: "Keep an OpenAir file's airspace in the logbook (replaces a file of the same name).",
                discussion: """
                    Damaged records are skipped with a warning naming their line; a file with no airspace is \
                    refused and nothing changes.
                    Example:
                      flightlog airspace import ~/Downloads/de_asp.txt
                      flightlog airspace import de_asp.txt --database postgres://flightlog@db.example.org/club
                    """)

            @OptionGroup var store: StoreOptions

            @Argument(help: ArgumentHelp("The OpenAir file.", valueName: "file"))
            var file: String

            func run() async throws {
                let bytes = try AirspaceImport.read(file) {
                    try InputFile.read($0, what: "the OpenAir file", maxBytes: $1)
                }
                let now = UTCMillis(Date().timeIntervalSince1970 * 1000)
                let checked = try AirspaceImport.check(bytes, path: file, importedAt: now) { printError($0) }
                print(try await store.withAirspace(.readWrite) { try await AirspaceImport.keep(checked, in: $0) })
            }
        }

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "List the airspace files kept in the logbook.")

            @OptionGroup var store: StoreOptions

            func run() async throws {
                print(try await store.withAirspace(.readOnly) { try await AirspaceImport.listing(of: $0) })
            }
        }

        struct Remove: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "remove", abstract: "Remove an airspace file from the logbook.",
                discussion: "Example: flightlog airspace remove de_asp.txt")

            @OptionGroup var store: StoreOptions

            @Argument(help: ArgumentHelp("The file's name as airspace list shows it.", valueName: "name"))
            var name: String

            func run() async throws {
                let name = self.name
                print(
                    try await store.withAirspace(.readWrite) { try await AirspaceImport.remove(named: name, from: $0) })
            }
        }
    }
}

extension StoreOptions {
    /// Runs `body` on this glider's logbook (opened `mode`), or with `--database postgres://…` on the club logbook
    /// (password from `[sync] password_file`, else `$FLIGHTLOG_SYNC_PASSWORD`).
    func withAirspace<T: Sendable>(
        _ mode: StoreMode, _ body: @Sendable (any AirspaceStore) async throws -> T
    ) async throws -> T {
        guard let club = database, SyncURL.looksLikeURL(club) else { return try await body(open(mode)) }
        var options = FlightLogCommand.Club.ClubOptions()
        (options.database, options.config) = (club, config)
        return try await options.withLogbook { try await body($0) }
    }
}
