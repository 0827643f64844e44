/// Which flights a list, a report or a totals line covers. Every criterion that is set must hold.
///
/// `matches(_:)` is the reference meaning; the store translates the same filter into SQL over stored search keys
/// (``searchKey(_:)``, ``registrationKey(_:)``) and a test checks both agree on random data.
/// Text criteria are case- and diacritic-insensitive substrings; a name's (pilot, guest, instructor) are its words,
/// in any order (``nameWords(_:)``); an empty text criterion matches any flight that has the field set.
package struct FlightFilter: Sendable, Hashable {
    /// `true`: only flights whose second person is an instructor; `false`: only flights without one.
    package var withInstructor: Bool?
    /// Substring of the second person's name, on flights where the second person is a guest.
    package var guest: String?
    /// Substring of the glider type, e.g. "ask 21".
    package var plane: String?
    /// Substring of the pilot's name.
    package var pilot: String?
    /// Substring of the registration, ignoring case, '-' and spaces ("d1234" finds "D-1234").
    package var registration: String?
    /// First local date (at the takeoff place), inclusive.
    package var since: CivilDate?
    /// Last local date (at the takeoff place), inclusive.
    package var until: CivilDate?
    package var launch: LaunchMethod?
    /// Only these flight ids (an empty list matches nothing).
    package var ids: [Int64]?
    /// `true`: only outlandings (landed away from any known field); `false`: only landings at a field.
    package var outlanding: Bool?
    /// Substring of the instructor's name, on flights where the second person is an instructor.
    package var instructorName: String?

    package init(
        withInstructor: Bool? = nil, guest: String? = nil, plane: String? = nil, pilot: String? = nil,
        registration: String? = nil, since: CivilDate? = nil, until: CivilDate? = nil,
        launch: LaunchMethod? = nil, ids: [Int64]? = nil, outlanding: Bool? = nil, instructorName: String? = nil
    ) {
        self.withInstructor = withInstructor
        self.guest = guest
        self.plane = plane
        self.pilot = pilot
        self.registration = registration
        self.since = since
        self.until = until
        self.launch = launch
        self.ids = ids
        self.outlanding = outlanding
        self.instructorName = instructorName
    }

    package var isEmpty: Bool { self == FlightFilter() }

    /// Human summary, e.g. "with instructor · glider ASK 21 · 2025-01-01 to 2025-12-31"; "all flights" when empty.
    package var summary: String {
        var parts: [String] = []
        if let withInstructor { parts.append(withInstructor ? "with instructor" : "without instructor") }
        if let guest { parts.append("guest \(guest)") }
        if let instructorName { parts.append("instructor \(instructorName)") }
        if let pilot { parts.append("pilot \(pilot)") }
        if let plane { parts.append("glider \(plane)") }
        if let registration { parts.append("registration \(registration)") }
        switch (since, until) {
        case (let s?, let u?): parts.append("\(s) to \(u)")
        case (let s?, nil): parts.append("since \(s)")
        case (nil, let u?): parts.append("until \(u)")
        case (nil, nil): break
        }
        if let launch {
            switch launch {
            case .winch: parts.append("winch launch")
            case .aerotow: parts.append("aerotow")
            case .self: parts.append("self-launch")
            case .unknown: parts.append("unknown launch")
            }
        }
        if let outlanding { parts.append(outlanding ? "outlandings" : "no outlandings") }
        if let ids { parts.append(ids.isEmpty ? "no ids" : "ids " + ids.map(String.init).joined(separator: ", ")) }
        return parts.isEmpty ? "all flights" : parts.joined(separator: " · ")
    }

    /// The reference semantics of the filter.
    package func matches(_ flight: Flight) -> Bool {
        let d = flight.details
        if let withInstructor, (d.secondPersonRole == .instructor) != withInstructor { return false }
        for (role, wanted) in [(SecondPersonRole.guest, guest), (.instructor, instructorName)] {
            guard let wanted else { continue }
            guard d.secondPersonRole == role, let name = d.secondPerson,
                Self.nameWords(wanted).allSatisfy({ containsUTF8(searchKey(name), $0) })
            else { return false }
        }
        if !Self.contains(d.gliderType, plane, key: designationKey) { return false }
        if let pilot {
            guard let name = d.pilot, Self.nameWords(pilot).allSatisfy({ containsUTF8(searchKey(name), $0) })
            else { return false }
        }
        if !Self.contains(d.registration, registration, key: registrationKey) { return false }
        let date = flight.localDate
        if let since, date < since { return false }
        if let until, date > until { return false }
        if let launch, d.launchMethod != launch { return false }
        if let outlanding, flight.isOutlanding != outlanding { return false }
        if let ids {
            guard let id = flight.id, ids.contains(id) else { return false }
        }
        return true
    }

    /// The words of a name criterion, each a substring the name's ``searchKey(_:)`` must hold, in any order: its
    /// search key split at spaces, commas, semicolons and full stops, so "Young, Mike" finds "Mike Young" and
    /// "Hanna Weiss" finds "Weiß, Hanna", as `--owner` does; `[""]` (any name) for a text of no words. One rule for
    /// the glider's SQL, the club's and this reference.
    package static func nameWords(_ text: String) -> [String] {
        let words = searchKey(text).split { $0 == " " || $0 == "," || $0 == ";" || $0 == "." }.map(String.init)
        return words.isEmpty ? [""] : words
    }

    private static func contains(_ value: String?, _ wanted: String?, key: (String) -> String) -> Bool {
        guard let wanted else { return true }
        guard let value else { return false }
        return containsUTF8(key(value), key(wanted))
    }
}
