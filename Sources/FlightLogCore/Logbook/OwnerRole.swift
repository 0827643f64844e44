/// The logbook owner's function on a flight (docs/LOGBOOK.md), which decides the time columns:
/// PIC (solo, supervised solo, with a passenger) → PIC time; dual (a student with an instructor) → dual time;
/// instructor → PIC and FI(S) time; passenger or not aboard → no time and no launch.
package enum OwnerRole: String, Sendable, Hashable, Codable, CaseIterable {
    case pic, dual, instructor, passenger
    /// The owner is neither the pilot nor the second person (only ever derived, never set by hand).
    case notAboard = "not-aboard"
    /// An imported file names no pilot: it may be anyone's flight, so it counts no time until the pilot says
    /// (`flightlog edit ID --owner-role`; only ever derived, never set by hand).
    case unknown

    /// The roles a pilot may set by hand (`flightlog edit --owner-role`).
    package static let settable: [OwnerRole] = [.pic, .dual, .instructor, .passenger]

    /// How the role reads on a page or a terminal.
    package var words: String {
        switch self {
        case .pic: "PIC"
        case .dual: "dual (student)"
        case .instructor: "instructor (FI)"
        case .passenger: "passenger"
        case .notAboard: "not aboard"
        case .unknown: "unknown (no pilot named)"
        }
    }

    /// True when the owner flew the glider (the flight counts for times, launches and recency).
    package var flies: Bool { self == .pic || self == .dual || self == .instructor }

    /// The owner's role on a flight: the role set by hand, else from the crew names.
    ///
    /// - The owner is the pilot (or the flight names no pilot: a flight on the owner's recorder without a name is
    ///   the owner's): PIC; dual when an instructor was the second person; instructor when a student was.
    /// - The owner is the second person: instructor / dual (student) / passenger (guest or other crew), as the
    ///   second person's role says (no role: passenger).
    /// - Otherwise the owner was not aboard.
    /// With no owner (`nil`), every flight is seen from its pilot's seat (as if the pilot kept the logbook).
    package static func of(_ details: FlightDetails, owner: LogbookOwner?) -> OwnerRole {
        of(details, owner: owner, namelessIsOwners: true)
    }

    /// The owner's role on `flight`: as ``of(_:owner:)``, except that an imported file naming no pilot is
    /// ``unknown`` (a file brought from elsewhere can be anyone's); one recorded by this device or entered by
    /// hand without a name stays the owner's.
    package static func of(_ flight: Flight, owner: LogbookOwner?) -> OwnerRole {
        let imported = if case .imported = flight.source { true } else { false }
        return of(flight.details, owner: owner, namelessIsOwners: !imported)
    }

    private static func of(_ details: FlightDetails, owner: LogbookOwner?, namelessIsOwners: Bool) -> OwnerRole {
        if let role = details.ownerRole { return role }
        guard let owner else { return asPilot(details) }
        if let pilot = details.pilot, owner.matches(pilot) { return asPilot(details) }
        if let second = details.secondPerson, owner.matches(second) {
            switch details.secondPersonRole {
            case .instructor: return .instructor
            case .student: return .dual
            default: return .passenger
            }
        }
        guard details.pilot?.contains(where: { $0.isLetter }) != true else { return .notAboard }
        return namelessIsOwners ? asPilot(details) : .unknown
    }

    /// The owner flew as the pilot: PIC, dual with an instructor aboard, instructor with a student.
    private static func asPilot(_ details: FlightDetails) -> OwnerRole {
        switch details.secondPerson == nil ? nil : details.secondPersonRole {
        case .instructor: .dual
        case .student: .instructor
        default: .pic
        }
    }
}

/// Whose logbook it is (config `[owner] name` or `--owner NAME`), matched against crew names by words.
///
/// Names are compared by their ``searchKey(_:)`` words (case, accents and punctuation ignored, any order), and
/// every word of the owner's name must be a word of the crew name: "müller" matches "Müller, Jürgen" and
/// "Jürgen Müller", "Jürgen Müller" matches "Müller, Jürgen", but "Müller" does not match "Müllerová". An
/// initial matches the word it begins ("J. Müller" and "Jürgen Müller").
package struct LogbookOwner: Sendable, Hashable {
    package let name: String
    /// The name's words (``words(_:)``).
    package let words: [String]

    /// Nil when `name` has no letters or digits.
    package init?(_ name: String) {
        let words = Self.words(name)
        guard !words.isEmpty else { return nil }
        self.name = name.trimmingWhitespace
        self.words = words
    }

    package func matches(_ person: String) -> Bool {
        let theirs = Self.words(person)
        return words.allSatisfy { mine in theirs.contains { Self.same(mine, $0) } }
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a == b || (a.count == 1 && b.hasPrefix(a)) || (b.count == 1 && a.hasPrefix(b))
    }

    /// The words a name is matched by: its ``searchKey(_:)`` split at every character that is no letter or digit.
    /// The club server stores them per crew name (`pilot_words`) and matches logins by the same rule.
    package static func words(_ name: String) -> [String] {
        searchKey(name).split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

extension FlightDetails {
    /// The pilot in command as the logbook names them: the instructor when one was aboard, else the pilot.
    package var pilotInCommand: String? {
        secondPersonRole == .instructor && secondPerson != nil ? secondPerson : pilot
    }
}
