/// The editable logbook details of a flight (``FlightDetails``), one case each: the one list that edits, the edit
/// history, club sync (resolution and value checks), the web form and both databases' column lists follow.
///
/// A new field is a property on ``FlightDetails``, a case here, and what the compiler then asks for in the switches
/// below (plus a schema migration for the new column); see docs/DEVELOPING.md.
package enum LogbookField: String, CaseIterable, Sendable, Hashable {
    case pilot, secondPerson, secondPersonRole, gliderType, registration, competitionId, launchMethod, releaseHeight
    case takeoffPlace, landingPlace, remarks, ownerRole, launches

    /// The name of the field in the edit history (and sync): the ``FlightDetails`` property name, e.g.
    /// `secondPerson`. Stored in every database, so it never changes.
    package var historyName: String { rawValue }

    /// Its column in the glider's `flight` table (the club's server spells it in snake_case).
    package var column: String { rawValue }

    /// The field as a pilot says it in the history ("launch: winch → aerotow"); the second person's is their role.
    package func label(secondPersonRole: SecondPersonRole? = nil) -> String {
        switch self {
        case .pilot: "pilot"
        case .secondPerson: secondPersonRole?.words ?? "second person"
        case .secondPersonRole: "second person role"
        case .gliderType: "glider type"
        case .registration: "registration"
        case .competitionId: "competition id"
        case .launchMethod: "launch"
        case .releaseHeight: "release height"
        case .takeoffPlace: "take-off place"
        case .landingPlace: "landing place"
        case .remarks: "remarks"
        case .ownerRole: "your role"
        case .launches: "launches"
        }
    }

    /// A free text field (names, glider, places, remarks): any text within ``FieldRules``' length, no value to parse.
    package var isText: Bool {
        switch self {
        case .pilot, .secondPerson, .gliderType, .registration, .competitionId, .takeoffPlace, .landingPlace, .remarks:
            true
        case .secondPersonRole, .launchMethod, .releaseHeight, .ownerRole, .launches: false
        }
    }

    /// The value's text in `details`, as the edit history keeps it (nil: not set).
    package func text(of d: FlightDetails) -> String? {
        switch self {
        case .pilot: d.pilot
        case .secondPerson: d.secondPerson
        case .secondPersonRole: d.secondPersonRole?.rawValue
        case .gliderType: d.gliderType
        case .registration: d.registration
        case .competitionId: d.competitionId
        case .launchMethod: d.launchMethod.rawValue
        case .releaseHeight: d.releaseHeight.map(Self.metersText)
        case .takeoffPlace: d.takeoffPlace
        case .landingPlace: d.landingPlace
        case .remarks: d.remarks
        case .ownerRole: d.ownerRole?.rawValue
        case .launches: String(d.launches)
        }
    }

    /// Sets the value from its history text (the inverse of ``text(of:)``), without ``FieldRules``: for values
    /// already in a database. False, and nothing changed, for a text that is not a value of this field.
    package func write(_ text: String?, to d: inout FlightDetails) -> Bool {
        switch self {
        case .pilot: d.pilot = text
        case .secondPerson: d.secondPerson = text
        case .gliderType: d.gliderType = text
        case .registration: d.registration = text
        case .competitionId: d.competitionId = text
        case .takeoffPlace: d.takeoffPlace = text
        case .landingPlace: d.landingPlace = text
        case .remarks: d.remarks = text
        case .secondPersonRole:
            guard let role = Self.optional(text, SecondPersonRole.init(rawValue:)) else { return false }
            d.secondPersonRole = role
        case .ownerRole:
            guard let role = Self.optional(text, OwnerRole.init(rawValue:)) else { return false }
            d.ownerRole = role
        case .launchMethod:
            guard let text, let method = LaunchMethod(rawValue: text) else { return false }
            d.launchMethod = method
        case .releaseHeight:
            guard let height = Self.optional(text, { Double($0).flatMap { $0.isFinite ? $0 : nil } }) else {
                return false
            }
            d.releaseHeight = height
        case .launches:
            guard let text, let count = Int(text), count >= 1 else { return false }
            d.launches = count
        }
        return true
    }

    /// Why `text` cannot be this field's value when it comes from outside (an edit, a form, the club's server); nil
    /// when it can. The reason says what is allowed and shows at most a short, printable start of the text.
    package func problem(_ text: String?) -> String? {
        guard let text else {
            return self == .launchMethod || self == .launches ? "\(rawValue) cannot be empty" : nil
        }
        let preview = FieldRules.preview
        switch self {
        case .launches:
            guard let n = Int(text), FieldRules.launches.contains(n) else {
                return "launches must be a whole number from 1 to 99, not \(preview(text))"
            }
        case .releaseHeight:
            guard let m = Double(text), FieldRules.releaseHeight.contains(m) else {
                return "a release height must be 0 to 5000 m, not \(preview(text))"
            }
        case .launchMethod:
            guard LaunchMethod(rawValue: text) != nil else {
                return "a launch must be winch, aerotow, self or unknown, not \(preview(text))"
            }
        case .secondPersonRole:
            guard SecondPersonRole(rawValue: text) != nil else {
                return "the second person must be instructor, student, guest or crew, not \(preview(text))"
            }
        case .ownerRole:
            guard OwnerRole(rawValue: text) != nil else { return "unknown owner role \(preview(text))" }
        case .pilot, .secondPerson, .gliderType, .registration, .competitionId, .takeoffPlace, .landingPlace, .remarks:
            return FieldRules.textProblem(field: rawValue, text: text)
        }
        return nil
    }

    /// A stored value as a pilot reads it ("self" → "self-launch", "410" m → "410 m"; "—" for none).
    package func valueWords(_ value: String?) -> String {
        guard let value else { return self == .ownerRole ? "from the crew names" : "—" }
        switch self {
        case .launchMethod: return LaunchMethod(rawValue: value)?.words ?? value
        case .secondPersonRole: return SecondPersonRole(rawValue: value)?.words ?? value
        case .ownerRole: return OwnerRole(rawValue: value)?.words ?? value
        case .releaseHeight: return "\(value) m"
        default: return value
        }
    }

    private static func metersText(_ m: Meters) -> String {
        m == m.rounded() && abs(m) < 1e15 ? String(Int64(m)) : String(m)
    }

    /// `.some(nil)` for no text, `.some(value)` for a readable one, `nil` for an unreadable one.
    private static func optional<T>(_ text: String?, _ read: (String) -> T?) -> T?? {
        guard let text else { return .some(nil) }
        return read(text).map { .some($0) }
    }
}
