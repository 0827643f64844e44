import ArgumentParser
import FlightLogCore

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
