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

    func validate() throws {
        let people = [instructor, student, guest, crew].compactMap { $0 }.count + (noSecondPerson ? 1 : 0)
        if people > 1 {
            throw ValidationError("give only one of --instructor, --student, --guest, --crew, --no-second-person.")
        }
        if let releaseHeight, !FieldRules.releaseHeight.contains(releaseHeight) {
            throw ValidationError("--release-height must be between 0 and 5000 m.")
        }
        if let launches, !FieldRules.launches.contains(launches) {
            throw ValidationError("--launches must be between 1 and 99.")
        }
        if let ownerRole, ownerRole != "auto", !OwnerRole.settable.contains(where: { $0.rawValue == ownerRole }) {
            throw ValidationError("--owner-role must be pic, dual, instructor, passenger or auto (not '\(ownerRole)').")
        }
        for (name, value) in [
            ("pilot", pilot), ("instructor", instructor), ("student", student), ("guest", guest), ("crew", crew),
        ] {
            if let value, value.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("--\(name) needs a name (use --no-second-person to clear the second person).")
            }
        }
        // The same limits as the club logbook and the phone page apply to what they receive.
        for field in LogbookField.allCases where field.isText {
            if let value = typed(field), let problem = FieldRules.textProblem(field: field.historyName, text: value) {
                throw ValidationError(problem + ".")
            }
        }
    }

    /// The text given for a free-text logbook field (nil: not given, or not a text field).
    private func typed(_ field: LogbookField) -> String? {
        switch field {
        case .pilot: pilot
        case .secondPerson: instructor ?? student ?? guest ?? crew
        case .gliderType: plane
        case .registration: registration
        case .competitionId: competitionId
        case .takeoffPlace: takeoffPlace
        case .landingPlace: landingPlace
        case .remarks: remarks
        case .secondPersonRole, .launchMethod, .releaseHeight, .ownerRole, .launches: nil
        }
    }

    /// True when no option was given.
    var isEmpty: Bool {
        let values: [Any?] = [
            pilot, instructor, student, guest, crew, plane, registration, competitionId, launch, launches,
            releaseHeight, takeoffPlace, landingPlace, remarks, ownerRole,
        ]
        return !noSecondPerson && values.allSatisfy { $0 == nil }
    }

    /// `details` with every given option applied (`withPlaces: false` leaves the place texts to the caller).
    func apply(to details: inout FlightDetails, withPlaces: Bool = true) {
        func clean(_ s: String) -> String? {
            let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
            return t.isEmpty ? nil : t
        }
        for field in LogbookField.allCases where field.isText {
            guard let value = typed(field), withPlaces || (field != .takeoffPlace && field != .landingPlace) else {
                continue
            }
            _ = field.write(field == .registration ? clean(value)?.uppercased() : clean(value), to: &details)
        }
        let roles = [(instructor, SecondPersonRole.instructor), (student, .student), (guest, .guest), (crew, .crew)]
        for (name, role) in roles where name != nil { details.secondPersonRole = role }
        if noSecondPerson {
            details.secondPerson = nil
            details.secondPersonRole = nil
        }
        if let launch { details.launchMethod = launch }
        if let launches { details.launches = launches }
        if let releaseHeight { details.releaseHeight = releaseHeight }
        if let ownerRole { details.ownerRole = OwnerRole(rawValue: ownerRole) }
    }
}
