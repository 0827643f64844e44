import ArgumentParser
import FlightLogCore
import FlightLogText
import FlightLogWeGlide

extension FlightLogCommand {
    struct Upload: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "upload",
            abstract: "Upload flights to WeGlide (the [weglide] account in the config file).",
            discussion: """
                The file sent is what flightlog export --igc writes: an imported flight's own file, a recorded \
                flight's signed file. The WeGlide flight id is stored with the flight, so a flight is sent once \
                (--again sends it anyway); an upload whose answer never arrived is looked up in WeGlide's flight \
                list before anything is sent again. The aircraft is [weglide] aircraft_id, else WeGlide's aircraft named \
                like the flight's glider type.
                Exit status 1 when WeGlide refused a flight or a person must look; 75 (EX_TEMPFAIL) when WeGlide \
                cannot be reached or does not answer: run it again later.
                Examples:
                  flightlog upload 12          # flight 12 → WeGlide flight 345678 (https://www.weglide.org/flight/345678)
                  flightlog upload --new       # every flight of the owner not on WeGlide yet
                  flightlog upload --aircraft LS   # WeGlide's aircraft ids whose name contains LS
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: "Flight ids to upload.")
        var ids: [Int64] = []

        @Flag(help: "Every flight of the owner ([owner] name, else the flights this device recorded) not uploaded yet.")
        var new = false

        @Flag(help: "Send flights that are on WeGlide already (or may be) once more.")
        var again = false

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
            let config = try store.loadConfig()
            if !config.weglide.isPresent && ifConfigured { return print(WeGlideUpload.notConfiguredLine) }
            let databasePath = try store.databasePath()
            if let aircraft { return try await listAircraft(aircraft, config: config, databasePath: databasePath) }
            let outcome = try await WeGlideUpload.command(
                ids: ids, again: again, config: config, databasePath: databasePath,
                openStore: { try store.open(.readWrite) }, say: { print(terminalSafe($0)) }, warn: printError)
            if outcome != .done { throw ExitCode(outcome.rawValue) }
        }

        func listAircraft(_ name: String, config: FlightLogConfig, databasePath: String) async throws {
            var catalogue = WeGlideCatalogue(databasePath: databasePath, url: config.weglide.url)
            let found: [AircraftCatalogue.Aircraft]
            do { found = try await catalogue.search(name) } catch {
                printError("Error: \(error)")
                throw ExitCode(WeGlideUpload.Outcome.tryLater.rawValue)
            }
            if found.isEmpty { throw CLIError("no WeGlide aircraft is named like \"\(name)\"") }
            for aircraft in found { print(terminalSafe("\(aircraft.id)\t\(aircraft.name)")) }
        }
    }
}
