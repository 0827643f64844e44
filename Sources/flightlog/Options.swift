import ArgumentParser
import FlightLogCore
import FlightLogLogbook
import FlightLogStore
import FlightLogSync
import FlightLogText
import FlightLogTransfer
import Foundation

/// Where the database and the config file are; shared by every subcommand.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The flight database (SQLite).", valueName: "path")) var database: String?
    @Option(help: ArgumentHelp("The config file with defaults for new flights.", valueName: "path")) var config: String?

    /// The two options as the commands' library reads them (``LogbookLocation``).
    var location: LogbookLocation {
        LogbookLocation(database: database, config: config, environment: ProcessInfo.processInfo.environment)
    }
    func databasePath() throws -> String { try location.databasePath(warn: printError) }
    /// Opens the store; read-only for commands that only look.
    func open(_ mode: StoreMode) throws -> FlightStore { try location.open(mode, warn: printError) }
    func loadConfig() throws -> FlightLogConfig { try location.loadConfig(warn: printError) }
    var configPath: String? { location.configPath }
}

extension LaunchMethod: ExpressibleByArgument {}

/// A calendar date from the command line, with an error that says what a date looks like.
func parseDay(_ text: String) throws -> CivilDate {
    guard let day = CivilDate(iso: text) else {
        throw ValidationError("'\(text)' is not a date: write YYYY-MM-DD, e.g. 2025-04-01")
    }
    return day
}

/// One flight's id, the argument of `show`, `edit` and `delete`.
struct FlightIdArgument: ParsableArguments {
    @Argument(help: "The flight id (see flightlog list).") var id: Int64
}

/// The list filters, shared by `list` and `export`.
struct FilterOptions: ParsableArguments {
    @Flag(help: "Only flights with an instructor aboard.") var instructor = false
    @Flag(name: .customLong("no-instructor"), help: "Only flights without an instructor.") var noInstructor = false
    @Option(help: ArgumentHelp("Flights with this guest (any case, accents optional).", valueName: "name"))
    var guest: String?
    @Option(
        name: .customLong("instructor-name"),
        help: ArgumentHelp("Flights with this instructor aboard (any case, accents optional).", valueName: "name"))
    var instructorName: String?
    @Option(
        help: ArgumentHelp("Glider type, e.g. \"LS 4\" (substring; case, spaces, _ and - ignored).", valueName: "model")
    )
    var plane: String?
    @Option(help: ArgumentHelp("Pilot in command (substring, any case).", valueName: "name")) var pilot: String?
    @Option(help: ArgumentHelp("Registration, e.g. D-1234 (dash and case ignored).", valueName: "reg"))
    var registration: String?
    @Option(help: ArgumentHelp("From this local date on (YYYY-MM-DD).", valueName: "date"), transform: parseDay)
    var since: CivilDate?
    @Option(
        help: ArgumentHelp("Up to and including this local date (YYYY-MM-DD).", valueName: "date"),
        transform: parseDay)
    var until: CivilDate?
    @Option(help: ArgumentHelp("Flights of this year (local date at the take-off place).", valueName: "year"))
    var year: Int?
    @Option(help: ArgumentHelp("winch, aerotow, self or unknown.", valueName: "method")) var launch: LaunchMethod?
    @Flag(help: "Only outlandings (landed away from any known airfield).") var outlanding = false
    @Flag(name: .customLong("no-outlanding"), help: "Only flights that landed at an airfield.") var noOutlanding = false

    /// The options as the core's rules take them.
    var choice: FilterChoice {
        FilterChoice(
            instructor: instructor, noInstructor: noInstructor, guest: guest, instructorName: instructorName,
            plane: plane, pilot: pilot, registration: registration, since: since, until: until, year: year,
            launch: launch, outlanding: outlanding, noOutlanding: noOutlanding)
    }

    func validate() throws {
        if let problem = choice.problem() { throw ValidationError(problem) }
    }

    var filter: FlightFilter { choice.filter }
}

/// Whose logbook it is: `--owner NAME` (which also keeps only the owner's flights), else the config's
/// `[owner] name`. Shared by `list`, `export` and `stats`.
struct OwnerOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Whose logbook: only flights this pilot was aboard, and their role on each (else config [owner] name).",
            valueName: "name"))
    var owner: String?

    /// The option as the core's rules take it (``OwnerChoice``: whose logbook, which flights, the summary).
    var choice: OwnerChoice { OwnerChoice(owner) }

    func validate() throws {
        if let problem = choice.problem() { throw ValidationError(problem) }
    }
}

extension OwnerRole: ExpressibleByArgument {}

/// The logbook details a pilot types: crew, glider, launch, places, remarks; shared by `edit` and `add`.
struct CrewOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Pilot in command.", valueName: "name")) var pilot: String?
    @Option(help: ArgumentHelp("An instructor was aboard.", valueName: "name")) var instructor: String?
    @Option(help: ArgumentHelp("A student was aboard (you instructed).", valueName: "name")) var student: String?
    @Option(help: ArgumentHelp("A guest (passenger) was aboard.", valueName: "name")) var guest: String?
    @Option(help: ArgumentHelp("Other crew aboard.", valueName: "name")) var crew: String?
    @Flag(name: .customLong("no-second-person"), help: "Nobody else was aboard.") var noSecondPerson = false
    @Option(help: ArgumentHelp("Glider type, e.g. \"ASK 21\".", valueName: "model")) var plane: String?
    @Option(help: ArgumentHelp("Registration, e.g. D-1234.", valueName: "reg")) var registration: String?
    @Option(name: .customLong("competition-id"), help: ArgumentHelp("Competition id.", valueName: "id"))
    var competitionId: String?
    @Option(help: ArgumentHelp("winch, aerotow, self or unknown.", valueName: "method")) var launch: LaunchMethod?
    @Option(help: ArgumentHelp("Launches logged with this flight (default 1).", valueName: "n")) var launches: Int?
    @Option(
        name: .customLong("release-height"),
        help: ArgumentHelp("Release height above take-off, metres.", valueName: "m"))
    var releaseHeight: Double?
    @Option(name: .customLong("takeoff-place"), help: ArgumentHelp("Take-off place name.", valueName: "name"))
    var takeoffPlace: String?
    @Option(name: .customLong("landing-place"), help: ArgumentHelp("Landing place name.", valueName: "name"))
    var landingPlace: String?
    @Option(help: ArgumentHelp("Remarks (empty text clears them).", valueName: "text")) var remarks: String?
    @Option(
        name: .customLong("owner-role"),
        help: ArgumentHelp(
            "Your role on this flight: pic, dual, instructor or passenger (auto: from the crew names again).",
            valueName: "role"))
    var ownerRole: String?

    /// The options as the core's rules take them (``CrewChoice``: their rules, and how they change a flight).
    var choice: CrewChoice {
        var c = CrewChoice()
        (c.pilot, c.instructor, c.student, c.guest, c.crew) = (pilot, instructor, student, guest, crew)
        (c.noSecondPerson, c.plane, c.registration) = (noSecondPerson, plane, registration)
        c.competitionId = competitionId
        (c.launch, c.launches, c.releaseHeight) = (launch, launches, releaseHeight)
        (c.takeoffPlace, c.landingPlace, c.remarks, c.ownerRole) = (takeoffPlace, landingPlace, remarks, ownerRole)
        return c
    }

    func validate() throws {
        if let problem = choice.problem() { throw ValidationError(problem) }
    }
}

extension StoreOptions {
    /// Runs `body` on the club logbook (``LogbookLocation/withClub(database:warn:_:)``).
    func withClub<T: Sendable>(
        database: String?, _ body: @Sendable (ClubWebLogbook, FlightLogConfig) async throws -> T
    ) async throws -> T { try await location.withClub(database: database, warn: printError, body) }

    /// Runs `body` on this glider's logbook or the club's (``LogbookLocation/withAirspace(_:warn:_:)``).
    func withAirspace<T: Sendable>(
        _ mode: StoreMode, _ body: @Sendable (any AirspaceStore) async throws -> T
    ) async throws -> T { try await location.withAirspace(mode, warn: printError, body) }
}
