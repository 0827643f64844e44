import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogStore
import FlightLogText
import FlightLogTransfer
import Foundation

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
                if let near, Self.coordinate(near) == nil {
                    throw ValidationError("--near wants latitude,longitude in degrees, e.g. --near 51.0147,7.0053")
                }
                guard radius.isFinite, radius > 0, radius <= 20_000 else {
                    throw ValidationError("--radius wants a distance in km between 0 and 20000, e.g. --radius 5")
                }
            }

            static func coordinate(_ text: String) -> Coordinate? {
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
                    (-90...90).contains(lat), (-180...180).contains(lon)
                else { return nil }
                return Coordinate(latitude: lat, longitude: lon)
            }

            func run() throws {
                let index = try Airfields.loadIndex()
                guard let near, let point = Self.coordinate(near) else {
                    let own = index.fields.filter { $0.source == .pilot }
                    if own.isEmpty {
                        print("No airfields of your own: add a CUP file with flightlog airfields import FILE.cup")
                    } else {
                        print(Airfields.table(own.map { ($0, nil) }))
                    }
                    return
                }
                let found = index.fields(within: radius * 1000, of: point)
                if found.isEmpty {
                    let place = index.place(at: point, radius: radius * 1000)
                    print(
                        "No airfield within \(decimal(radius, radius < 10 ? 1 : 0)) km of \(point.shortText): \(terminalSafe(place.description))."
                    )
                } else {
                    print(Airfields.table(found.map { ($0.airfield, $0.distance) }))
                }
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
                let data: [UInt8]?
                do {
                    data = try InputFile.read(file, what: "the CUP file", maxBytes: 32 << 20)
                } catch {
                    throw CLIError(terminalSafe(error.description))
                }
                guard let data else {
                    throw CLIError("cannot read \(terminalSafe(file)): check that the file exists and is readable")
                }
                guard let directory = AirfieldFileImport.directory(asRoot: getuid() == 0) else {
                    throw CLIError("cannot find your home folder: set HOME")
                }
                let done: AirfieldFileImport.Result
                do {
                    done = try AirfieldFileImport.install(data, from: file, into: directory) { warning in
                        printError("\(terminalSafe(file)): warning: \(terminalSafe(warning.description)); skipped")
                    }
                } catch {
                    throw CLIError(terminalSafe(error.description))
                }
                let count = done.read.airfields.count
                let skipped = done.read.warnings.count
                print(
                    "\(done.replaced ? "Replaced" : "Imported") \(count) airfield\(count == 1 ? "" : "s") from \(terminalSafe(file)) "
                        + "as \(terminalSafe(done.path))"
                        + (skipped > 0
                            ? "; \(skipped) damaged line\(skipped == 1 ? "" : "s") skipped (see above)." : "."))
            }
        }

        /// The data set and the CUP files; a damaged CUP line is one warning line, never a failure.
        static func loadIndex() throws -> AirfieldIndex {
            let loaded: (index: AirfieldIndex, notices: [AirfieldCatalog.Notice])
            do {
                loaded = try AirfieldCatalog.index()
            } catch {
                throw CLIError(error.description)
            }
            // One line per file: its lines were listed one by one when it was imported.
            var perFile: [String: [AirfieldCatalog.Notice]] = [:]
            for notice in loaded.notices { perFile[notice.file, default: []].append(notice) }
            for (file, notices) in perFile.sorted(by: { $0.key < $1.key }) {
                let count = notices.count
                let what =
                    count == 1 ? notices[0].message : "\(count) damaged lines skipped (first: \(notices[0].message))"
                printError("warning: \(terminalSafe(file)): \(terminalSafe(what))")
            }
            return loaded.index
        }

        static func table(_ rows: [(Airfield, Meters?)]) -> String {
            var table = TextTable(headers: ["Code", "Name", "Distance", "Elevation", "Zone", "Source"])
            table.rightAligned = [2, 3]
            table.maxWidth = 40
            for (field, distance) in rows {
                table.rows.append([
                    field.code ?? "-", field.name, distance.map { "\(decimal($0 / 1000, 1)) km" } ?? "",
                    field.elevation.map { "\(decimal($0, 0)) m" } ?? "", field.zoneIdentifier ?? "?",
                    field.source == .pilot ? "your CUP" : "data set",
                ])
            }
            return table.render()
        }
    }
}
