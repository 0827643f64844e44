import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogLogbook
import FlightLogStore
import FlightLogSync
import FlightLogTransfer
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension FlightLogCommand {
    /// `flightlog airfields list|import`: the fields that name takeoff and landing places.
    struct Airfields: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the known airfields near a place, or add a SeeYou CUP file of your own.",
            discussion: """
                flightlog knows about 45,000 airfields from the data set it ships with (airportsdata and \
                OurAirports, gliding sites without a code included). Sites it lacks come from SeeYou CUP files in \
                /etc/flightlog/airfields/ and ~/.config/flightlog/airfields/ (both are read); a field of yours wins \
                over the data set's at the same place (within 1 km, or with the same code).
                """,
            subcommands: [ListNear.self, ImportCUP.self, Assign.self])

        struct ListNear: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list",
                abstract: "List the airfields within a radius of a place, nearest first.",
                discussion: """
                    Without --near, lists the fields of your CUP files.
                    Examples:
                      flightlog airfields list --near 51.0147,7.0053
                      flightlog airfields list --near 50.45,6.78 --radius 20
                    """)

            @Option(
                help: ArgumentHelp(
                    "Latitude,longitude in decimal degrees (south and west negative).", valueName: "lat,lon"))
            var near: String?
            @Option(help: ArgumentHelp("Radius in km around --near.", valueName: "km"))
            var radius: Double = AirfieldIndex.defaultRadius / 1000

            func validate() throws {
                if let near, AirfieldListing.coordinate(near) == nil {
                    throw ValidationError("--near wants latitude,longitude in degrees, e.g. --near 51.0147,7.0053")
                }
                guard radius.isFinite, radius > 0, radius <= 20_000 else {
                    throw ValidationError("--radius wants a distance in km between 0 and 20000, e.g. --radius 5")
                }
            }

            func run() throws {
                print(
                    AirfieldListing.listing(
                        try AirfieldListing.loadIndex(warn: printError), near: near.flatMap(AirfieldListing.coordinate),
                        radiusKm: radius))
            }
        }

        struct ImportCUP: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "import",
                abstract: "Add a SeeYou CUP file's airfields (styles 2-5) to the known fields.",
                discussion: """
                    The file is checked and copied into ~/.config/flightlog/airfields/ (into \
                    /etc/flightlog/airfields/ when run as root, for every user and flightlogd); a file of the \
                    same name there is replaced. Damaged lines are skipped with a warning.
                    Example:
                      flightlog airfields import ~/Downloads/club-fields.cup
                    """)

            @Argument(help: ArgumentHelp("The SeeYou waypoint file.", valueName: "file.cup")) var file: String

            func run() throws {
                let done = try AirfieldFileImport.installFile(
                    file, readFile: { try InputFile.read($0, what: "the CUP file", maxBytes: $1) },
                    into: AirfieldFileImport.directory(asRoot: getuid() == 0), warn: printError)
                print(AirfieldFileImport.summary(done, file: file))
            }
        }

        /// `flightlog airfields assign`: names the takeoff and landing places of flights from the airfield index.
        struct Assign: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Name the take-off and landing places of flights that have none yet (--all: every flight).",
                discussion: """
                    New flights are placed when they are recorded or imported, and flightlogd places older ones when \
                    it starts. After adding a CUP file, `assign --all` places every flight again: the nearest field \
                    within airfield_radius_km (default 3 km), else an outlanding; the time zone of the take-off place. \
                    A place you edited by hand is kept.
                    Examples:
                      flightlog airfields assign
                      flightlog airfields import club-sites.cup && flightlog airfields assign --all
                    """)

            @OptionGroup var store: StoreOptions
            @Flag(help: "Place every flight again, not only those without a place.") var all = false

            func run() throws {
                let radius = try store.loadConfig().airfieldRadiusMeters
                print(
                    try AirfieldListing.assignPlaces(
                        radius: radius, all: all, openStore: { try store.open(.readWrite) }, warn: printError))
            }
        }
    }

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
                abstract: "Keep an OpenAir file's airspace in the logbook (replaces a file of the same name).",
                discussion: """
                    Damaged records are skipped with a warning naming their line; a file with no airspace is \
                    refused and nothing changes.
                    Example:
                      flightlog airspace import ~/Downloads/de_asp.txt
                      flightlog airspace import de_asp.txt --database postgres://flightlog@db.example.org/club
                    """)

            @OptionGroup var store: StoreOptions
            @Argument(help: ArgumentHelp("The OpenAir file.", valueName: "file")) var file: String

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
            static let configuration = CommandConfiguration(abstract: "List the airspace files kept in the logbook.")

            @OptionGroup var store: StoreOptions

            func run() async throws {
                print(try await store.withAirspace(.readOnly) { try await AirspaceImport.listing(of: $0) })
            }
        }

        struct Remove: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Remove an airspace file from the logbook.",
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
