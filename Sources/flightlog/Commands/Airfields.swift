import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogTransfer

#if canImport(Glibc)
import Glibc
#endif

extension FlightLogCommand {
    /// `flightlog airfields list|import`: the fields that name takeoff and landing places.
    struct Airfields: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "airfields",
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
                name: .long,
                help: ArgumentHelp(
                    "Latitude,longitude in decimal degrees (south and west negative).", valueName: "lat,lon"))
            var near: String?

            @Option(name: .long, help: ArgumentHelp("Radius in km around --near.", valueName: "km"))
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

            @Argument(help: ArgumentHelp("The SeeYou waypoint file.", valueName: "file.cup"))
            var file: String

            func run() throws {
                let done = try AirfieldFileImport.installFile(
                    file, readFile: { try InputFile.read($0, what: "the CUP file", maxBytes: $1) },
                    into: AirfieldFileImport.directory(asRoot: getuid() == 0), warn: printError)
                print(AirfieldFileImport.summary(done, file: file))
            }
        }
    }
}
