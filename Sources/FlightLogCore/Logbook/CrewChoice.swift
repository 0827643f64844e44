/// The logbook details a pilot types for `flightlog add` and `edit` (crew, glider, launch, places, remarks): the
/// rules they must keep and how they change a flight's ``FlightDetails``. The command line only declares them.
package struct CrewChoice: Sendable, Hashable {
    package var pilot: String?
    package var instructor: String?
    package var student: String?
    package var guest: String?
    package var crew: String?
    package var noSecondPerson = false
    package var plane: String?
    package var registration: String?
    package var competitionId: String?
    package var launch: LaunchMethod?
    package var launches: Int?
    package var releaseHeight: Double?
    package var takeoffPlace: String?
    package var landingPlace: String?
    package var remarks: String?
    /// pic, dual, instructor, passenger, or auto (from the crew names again).
    package var ownerRole: String?

    package init() {}

    /// Why these values cannot be stored, in the words of the options (nil: they can).
    package func problem() -> String? {
        let people = [instructor, student, guest, crew].compactMap { $0 }.count + (noSecondPerson ? 1 : 0)
        if people > 1 { return "give only one of --instructor, --student, --guest, --crew, --no-second-person." }
        if let releaseHeight, !FieldRules.releaseHeight.contains(releaseHeight) {
            return "--release-height must be between 0 and 5000 m."
        }
        if let launches, !FieldRules.launches.contains(launches) { return "--launches must be between 1 and 99." }
        if let ownerRole, ownerRole != "auto", !OwnerRole.settable.contains(where: { $0.rawValue == ownerRole }) {
            return "--owner-role must be pic, dual, instructor, passenger or auto (not '\(ownerRole)')."
        }
        let names = [
            ("pilot", pilot), ("instructor", instructor), ("student", student), ("guest", guest), ("crew", crew),
        ]
        for case (let name, let value?) in names where value.unicodeScalars.allSatisfy(Self.isSpace) {
            return "--\(name) needs a name (use --no-second-person to clear the second person)."
        }
        // The same limits as the club logbook and the phone page apply to what they receive.
        for field in LogbookField.allCases where field.isText {
            if let value = typed(field), let problem = FieldRules.textProblem(field: field.historyName, text: value) {
                return problem + "."
            }
        }
        return nil
    }

    /// A space or a tab (not a line break): what a name made only of is no name.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
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

    /// True when nothing was given.
    package var isEmpty: Bool { self == CrewChoice() }

    /// `details` with every given value applied (`withPlaces: false` leaves the place texts to the caller). Texts
    /// are trimmed (blank clears the field), the registration upper-cased.
    package func apply(to details: inout FlightDetails, withPlaces: Bool = true) {
        func clean(_ s: String) -> String? {
            let scalars = s.unicodeScalars
            guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
                let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
            else { return nil }
            return String(scalars[first...last])
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
