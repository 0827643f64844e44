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

    func validate() throws {
        if outlanding && noOutlanding {
            throw ValidationError("--outlanding and --no-outlanding exclude each other.")
        }
        if instructor && noInstructor {
            throw ValidationError("--instructor and --no-instructor exclude each other.")
        }
        if let year {
            guard (1900...2200).contains(year) else { throw ValidationError("--year \(year) is not a year like 2026.") }
            if since != nil || until != nil { throw ValidationError("--year and --since/--until exclude each other.") }
        }
        if noInstructor && instructorName != nil {
            throw ValidationError("--no-instructor and --instructor-name exclude each other.")
        }
        if let since, let until, until < since {
            throw ValidationError("--until \(until) is before --since \(since).")
        }
    }

    var filter: FlightFilter {
        FlightFilter(
            withInstructor: instructor ? true : (noInstructor ? false : nil),
            guest: guest, plane: plane, pilot: pilot, registration: registration,
            since: since ?? year.map { CivilDate(year: $0, month: 1, day: 1) },
            until: until ?? year.map { CivilDate(year: $0, month: 12, day: 31) }, launch: launch,
            outlanding: outlanding ? true : (noOutlanding ? false : nil), instructorName: instructorName)
    }
}
