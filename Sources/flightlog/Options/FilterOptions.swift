import ArgumentParser
import FlightLogCore

extension LaunchMethod: ExpressibleByArgument {}

/// A calendar date from the command line, with an error that says what a date looks like.
func parseDay(_ text: String) throws -> CivilDate {
    guard let day = CivilDate(iso: text) else {
        throw ValidationError("'\(text)' is not a date: write YYYY-MM-DD, e.g. 2025-04-01")
    }
    return day
}

/// The list filters, shared by `list` and `export`.
struct FilterOptions: ParsableArguments {
    @Flag(name: .long, help: "Only flights with an instructor aboard.")
    var instructor = false

    @Flag(name: .customLong("no-instructor"), help: "Only flights without an instructor.")
    var noInstructor = false

    @Option(name: .long, help: ArgumentHelp("Flights with this guest (any case, accents optional).", valueName: "name"))
    var guest: String?

    @Option(
        name: .customLong("instructor-name"),
        help: ArgumentHelp("Flights with this instructor aboard (any case, accents optional).", valueName: "name"))
    var instructorName: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Glider type, e.g. \"LS 4\" (substring; case, spaces, _ and - ignored).", valueName: "model")
    )
    var plane: String?

    @Option(name: .long, help: ArgumentHelp("Pilot in command (substring, any case).", valueName: "name"))
    var pilot: String?

    @Option(name: .long, help: ArgumentHelp("Registration, e.g. D-1234 (dash and case ignored).", valueName: "reg"))
    var registration: String?

    @Option(
        name: .long, help: ArgumentHelp("From this local date on (YYYY-MM-DD).", valueName: "date"), transform: parseDay
    )
    var since: CivilDate?

    @Option(
        name: .long, help: ArgumentHelp("Up to and including this local date (YYYY-MM-DD).", valueName: "date"),
        transform: parseDay)
    var until: CivilDate?

    @Option(
        name: .long, help: ArgumentHelp("Flights of this year (local date at the take-off place).", valueName: "year"))
    var year: Int?

    @Option(name: .long, help: ArgumentHelp("winch, aerotow, self or unknown.", valueName: "method"))
    var launch: LaunchMethod?

    @Flag(name: .long, help: "Only outlandings (landed away from any known airfield).")
    var outlanding = false

    @Flag(name: .customLong("no-outlanding"), help: "Only flights that landed at an airfield.")
    var noOutlanding = false

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
