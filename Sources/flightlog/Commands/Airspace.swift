import ArgumentParser
import FlightLogAirspace
import FlightLogConfigFile
import FlightLogCore
import FlightLogStore
import FlightLogSync
import FlightLogText
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
                let bytes: [UInt8]?
                do {
                    bytes = try InputFile.read(
                        file, what: "the OpenAir file", maxBytes: FlightStore.maxAirspaceFileBytes)
                } catch {
                    throw CLIError(terminalSafe(error.description) + " — a country's OpenAir file is a few MB")
                }
                guard let bytes else {
                    throw CLIError("cannot read \(terminalSafe(file)): check that the file exists and is readable")
                }
                let now = UTCMillis(Date().timeIntervalSince1970 * 1000)
                let checked = try AirspaceImport.check(bytes, path: file, importedAt: now) { printError($0) }
                let airspaceFile = checked.file
                let replaced =
                    if let club = store.clubURL {
                        try await withClub(club, store) { try await $0.storeAirspaceFile(airspaceFile) }
                    } else {
                        try store.open(.readWrite).storeAirspaceFile(airspaceFile)
                    }
                print(AirspaceImport.summary(checked, replaced: replaced))
            }
        }

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "List the airspace files kept in the logbook.")

            @OptionGroup var store: StoreOptions

            func run() async throws {
                let files =
                    if let club = store.clubURL {
                        try await withClub(club, store) { try await $0.airspaceFiles() }
                    } else {
                        try store.open(.readOnly).airspaceFiles()
                    }
                let rows = files.map {
                    ListingText.AirspaceFileRow(
                        name: $0.name, airspaces: $0.contents.airspaces, importedAt: $0.importedAt)
                }
                print(ListingText.airspaceFiles(rows))
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
                let (removed, names): (Bool, [String])
                if let club = store.clubURL {
                    (removed, names) = try await withClub(club, store) {
                        (try await $0.removeAirspaceFile(named: name), try await $0.airspaceFiles().map(\.name))
                    }
                } else {
                    let db = try store.open(.readWrite)
                    (removed, names) = (try db.removeAirspaceFile(named: name), try db.airspaceFiles().map(\.name))
                }
                guard removed else {
                    throw CLIError(
                        "no airspace file named \(terminalSafe(name)) — "
                            + (names.isEmpty
                                ? "none is kept" : "kept: \(terminalSafe(names.joined(separator: ", ")))"))
                }
                print("Removed \(terminalSafe(name)).")
            }
        }
    }
}

extension StoreOptions {
    /// `--database postgres://…`: the club logbook's airspace instead of this glider's.
    var clubURL: String? { database.flatMap { SyncURL.looksLikeURL($0) ? $0 : nil } }
}

/// Runs `body` on the club logbook at `url` (password from `[sync] password_file`, else `$FLIGHTLOG_SYNC_PASSWORD`).
private func withClub<T: Sendable>(
    _ url: String, _ store: StoreOptions, _ body: @Sendable (ClubWebLogbook) async throws -> T
) async throws -> T {
    var options = FlightLogCommand.Club.ClubOptions()
    options.database = url
    options.config = store.config
    return try await options.withLogbook(body)
}
