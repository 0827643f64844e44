import FlightLogCore

/// The edit form of a flight's logbook details. The track and the recorded facts are not on it.
struct EditPage {
    var flight: Flight
    /// The values to show: the stored details, or what the pilot sent when it was refused.
    var values: [String: String]
    var csrfToken: String
    var error: String?

    func render() -> String {
        let id = flight.id ?? 0
        func text(_ name: String, _ label: String, hint: String = "", mode: String = "text") -> String {
            "<label>\(label)<input type=\"text\" inputmode=\"\(mode)\" name=\"\(name)\" value=\"\(esc(values[name] ?? ""))\" maxlength=\"\(WebLimits.maxFieldCharacters)\"\(hint.isEmpty ? "" : " placeholder=\"\(hint)\"")></label>"
        }
        func select(_ name: String, _ label: String, _ options: [(String, String)]) -> String {
            "<label>\(label)<select name=\"\(name)\">" + options.map {
                "<option value=\"\($0.0)\"\(values[name] == $0.0 ? " selected" : "")>\($0.1)</option>"
            }.joined() + "</select></label>"
        }
        var body = "<p><a href=\"/flights/\(id)\">← Flight \(id)</a></p><h1>Edit flight \(id)</h1>"
        body += "<p class=\"muted\">\(flight.localDate) \(flight.localTakeoff.hourMinute) · \(hoursMinutes(flight.duration)). "
            + "Times, places on the track and the track itself are recorded facts and cannot be edited.</p>"
        if let error { body += "<p class=\"error\" role=\"alert\">\(esc(error))</p>" }
        body += """
            <form class="grid" method="post" action="/flights/\(id)/edit">
            <input type="hidden" name="csrf" value="\(csrfToken)">
            \(text("pilot", "Pilot"))
            \(select("role", "Second person", [("", "Nobody")] + SecondPersonRole.allCases.map { ($0.rawValue, $0.rawValue.capitalized) }))
            \(text("secondPerson", "Second person’s name"))
            \(text("plane", "Glider type", hint: "ASK 21"))\(text("registration", "Registration", hint: "D-1234"))
            \(text("competitionId", "Competition id"))
            \(select("launch", "Launch", LaunchMethod.allCases.map { ($0.rawValue, $0.label) }))
            \(text("releaseHeight", "Release height (m)", mode: "numeric"))
            \(text("takeoffPlace", "Takeoff place"))\(text("landingPlace", "Landing place"))
            <label style="grid-column:1/-1">Remarks<textarea name="remarks" maxlength="\(WebLimits.maxRemarksCharacters)">\
            \(esc(values["remarks"] ?? ""))</textarea></label>
            <div class="actions"><button type="submit">Save</button><a class="button secondary" href="/flights/\(id)">Cancel</a></div>
            </form>
            """
        return page(title: "Edit flight \(id)", current: "", loggedIn: true, body: body)
    }
}

/// The edit form's fields ↔ `FlightDetails`, with the same rules as `flightlog edit`.
enum DetailsForm {
    static func values(_ d: FlightDetails) -> [String: String] {
        [
            "pilot": d.pilot ?? "", "role": d.secondPersonRole?.rawValue ?? "", "secondPerson": d.secondPerson ?? "",
            "plane": d.gliderType ?? "", "registration": d.registration ?? "", "competitionId": d.competitionId ?? "",
            "launch": d.launchMethod.rawValue, "releaseHeight": d.releaseHeight.map { decimal($0, 0) } ?? "",
            "takeoffPlace": d.takeoffPlace ?? "", "landingPlace": d.landingPlace ?? "", "remarks": d.remarks ?? "",
        ]
    }

    /// The new details from the form. Empty fields clear a value.
    /// - Throws: `ServerError` naming the field: too long, control characters, a role without a name (or a name
    ///   without a role), an unknown launch, a release height outside 0…5000 m.
    static func details(from form: [String: String]) throws(ServerError) -> FlightDetails {
        func clean(_ name: String, _ label: String, limit: Int = WebLimits.maxFieldCharacters, multiline: Bool = false)
            throws(ServerError) -> String?
        {
            let value = (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard value.count <= limit else { throw ServerError("\(label): at most \(limit) characters") }
            let allowed: Set<UInt32> = multiline ? [9, 10, 13] : []
            if value.unicodeScalars.contains(where: { ($0.value < 32 && !allowed.contains($0.value)) || $0.value == 127 }) {
                throw ServerError("\(label): no control characters")
            }
            return value.isEmpty ? nil : value
        }
        var d = FlightDetails()
        d.pilot = try clean("pilot", "Pilot")
        let person = try clean("secondPerson", "Second person’s name")
        switch try clean("role", "Second person") {
        case nil:
            if person != nil { throw ServerError("Second person: choose instructor, student, guest or crew for \(person!)") }
        case let role?:
            guard let role = SecondPersonRole(rawValue: role) else { throw ServerError("Second person: unknown role \(role)") }
            guard let person else { throw ServerError("Second person’s name: needed for the \(role.rawValue) (or choose Nobody)") }
            d.secondPerson = person
            d.secondPersonRole = role
        }
        d.gliderType = try clean("plane", "Glider type")
        d.registration = try clean("registration", "Registration")?.uppercased()
        d.competitionId = try clean("competitionId", "Competition id")
        let launch = try clean("launch", "Launch") ?? "unknown"
        guard let method = LaunchMethod(rawValue: launch) else { throw ServerError("Launch: unknown method \(launch)") }
        d.launchMethod = method
        if let text = try clean("releaseHeight", "Release height") {
            guard let meters = Double(text.replacingOccurrences(of: ",", with: ".")), (0...5000).contains(meters) else {
                throw ServerError("Release height: a number of metres between 0 and 5000")
            }
            d.releaseHeight = meters
        }
        d.takeoffPlace = try clean("takeoffPlace", "Takeoff place")
        d.landingPlace = try clean("landingPlace", "Landing place")
        d.remarks = try clean("remarks", "Remarks", limit: WebLimits.maxRemarksCharacters, multiline: true)
        return d
    }
}
