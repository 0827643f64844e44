import FlightLogCore
import FlightLogSecurity

/// The edit form of a flight's logbook details. The track and the recorded facts are not on it.
package struct EditPage {
    var flight: Flight
    /// The values to show: the stored details, or what the pilot sent when it was refused.
    var values: [String: String]
    var csrfToken: String
    var error: String?
    /// ``DetailsForm/version(of:)`` of the details the form was made from; a save checks it is still current.
    var version = ""
    /// A refused stale save: each field that differs, as (label, what the form wanted, what the flight holds now).
    var conflicts: [(label: String, wanted: String, now: String)] = []

    package func render() -> String {
        let id = flight.id ?? 0
        func text(_ name: String, _ label: String, hint: String = "", mode: String = "text") -> String {
            let value = values[name] ?? ""
            return "<label>\(label)<input type=\"text\" inputmode=\"\(mode)\" name=\"\(name)\" value=\"\(esc(value))\" "
                + "maxlength=\"\(DetailsForm.maxLength(value, WebLimits.maxFieldCharacters))\""
                + "\(hint.isEmpty ? "" : " placeholder=\"\(hint)\"")></label>"
        }
        func select(_ name: String, _ label: String, _ options: [(String, String)]) -> String {
            "<label>\(label)<select name=\"\(name)\">"
                + options.map {
                    "<option value=\"\($0.0)\"\(values[name] == $0.0 ? " selected" : "")>\($0.1)</option>"
                }.joined() + "</select></label>"
        }
        var body = "<p><a href=\"/flights/\(id)\">← Flight \(id)</a></p><h1>Edit flight \(id)</h1>"
        let when = "\(flight.dateText) \(flight.localText(.takeoffTime, \.hourMinute))"
        body +=
            "<p class=\"muted\">\(when) · \(flight.flightTimeText). "
            + "The times and the track are recorded facts and cannot be edited; everything below can. A place takes "
            + "a field’s code or name, or = and your own text. The owner’s role and the number of launches are "
            + "edited with <code>flightlog edit</code>.</p>"
        if let error { body += "<p class=\"error\" role=\"alert\">\(esc(error))</p>" }
        if !conflicts.isEmpty {
            body +=
                "<table><tr><th>Field</th><th>Your form</th><th>Now in the logbook</th></tr>"
                + conflicts.map {
                    "<tr><td>\(esc($0.label))</td><td>\(esc($0.wanted))</td><td>\(esc($0.now))</td></tr>"
                }
                .joined()
                + "</table>"
        }
        body += """
            <form class="grid" method="post" action="/flights/\(id)/edit">
            <input type="hidden" name="csrf" value="\(csrfToken)"><input type="hidden" name="version" value="\(esc(version))">
            \(text("pilot", "Pilot"))
            \(select("role", "Second person", [("", "Nobody")] + SecondPersonRole.allCases.map { ($0.rawValue, $0.rawValue.capitalized) }))
            \(text("secondPerson", "Second person’s name"))
            \(text("plane", "Glider type", hint: "ASK 21"))\(text("registration", "Registration", hint: "D-1234"))
            \(text("competitionId", "Competition id"))
            \(select("launch", "Launch", LaunchMethod.allCases.map { ($0.rawValue, $0.label) }))
            \(text("releaseHeight", "Release height (m)", mode: "numeric"))
            \(text("takeoffPlace", "Take-off place", hint: "EDKA, Merzbrück or =own place"))\
            \(text("landingPlace", "Landing place", hint: "EDKA, Merzbrück or =own place"))
            <label style="grid-column:1/-1">Remarks<textarea name="remarks" maxlength="\(DetailsForm.maxLength(values["remarks"] ?? "", WebLimits.maxRemarksCharacters))">\
            \(esc(values["remarks"] ?? ""))</textarea></label>
            <div class="actions"><button type="submit">Save</button><a class="button secondary" href="/flights/\(id)">Cancel</a></div>
            </form>
            """
        return page(title: "Edit flight \(id)", current: "", loggedIn: true, body: body)
    }
}

extension EditPage {
    /// The form of `flight`'s details as the logbook holds them.
    package init(stored flight: Flight, csrfToken: String) {
        self.init(
            flight: flight, values: DetailsForm.values(flight.details), csrfToken: csrfToken,
            version: DetailsForm.version(of: flight.details))
    }

    /// A save refused because `flight` changed after the form was made: the form again with what the logbook
    /// holds now, and a table of what the sent `form` wanted instead.
    package init(stale flight: Flight, form: [String: String], csrfToken: String) {
        self.init(stored: flight, csrfToken: csrfToken)
        error =
            "Not saved: this flight was changed elsewhere after you opened the form. The form now shows "
            + "what the logbook holds; the table shows what your form wanted. Make your change again and save."
        conflicts = DetailsForm.differences(wanted: form, now: flight.details)
    }

    /// A save refused for `error`: the sent `form` again, to correct, over `flight` as the logbook holds it.
    package init(refused form: [String: String], flight: Flight, csrfToken: String, error: String) {
        self.init(
            flight: flight, values: form, csrfToken: csrfToken, error: error,
            version: DetailsForm.version(of: flight.details))
    }
}

/// The edit form's fields ↔ `FlightDetails`, with the same rules as `flightlog edit`.
///
/// The form round-trips every value the logbook holds: a field sent back unchanged is kept as stored, even when an
/// import put in a longer value than a typed one may be (the length limit is for new text only), and the details
/// not on the form (owner role, launches) stay as they are.
package enum DetailsForm {
    /// The form's fields with their labels, in the form's order.
    static let fields = LogbookField.allCases.flatMap(inputs)

    /// The form's inputs for a logbook field: the second person's role is chosen before their name is typed; the
    /// owner role and the launches are not on the form.
    static func inputs(_ field: LogbookField) -> [(name: String, label: String)] {
        switch field {
        case .pilot: [("pilot", "Pilot")]
        case .secondPerson: [("role", "Second person"), ("secondPerson", "Second person’s name")]
        case .secondPersonRole: []  // with the name
        case .gliderType: [("plane", "Glider type")]
        case .registration: [("registration", "Registration")]
        case .competitionId: [("competitionId", "Competition id")]
        case .launchMethod: [("launch", "Launch")]
        case .releaseHeight: [("releaseHeight", "Release height (m)")]
        case .takeoffPlace: [("takeoffPlace", "Take-off place")]
        case .landingPlace: [("landingPlace", "Landing place")]
        case .remarks: [("remarks", "Remarks")]
        case .ownerRole, .launches: []
        }
    }

    /// The `maxlength` of an input holding `value` (UTF-16 units, as browsers count): the limit for typed text, or
    /// the stored value's own length when an import made it longer, so the browser neither cuts nor blocks it.
    static func maxLength(_ value: String, _ limit: Int) -> Int { max(limit, value.utf16.count) }

    /// A fingerprint of the form's values for `details`: the form carries the one it was made from, and a save is
    /// refused when the flight's is different by then (someone changed the flight in between).
    package static func version(of details: FlightDetails) -> String {
        let values = values(details)
        let text = fields.map { "\($0.name)\u{1F}\(values[$0.name] ?? "")" }.joined(separator: "\u{1E}")
        return String(Digest.sha256Hex(Array(text.utf8)).prefix(32))
    }

    /// The fields whose values differ between what a form wanted and what the flight holds now (raw form text).
    package static func differences(wanted form: [String: String], now details: FlightDetails)
        -> [(label: String, wanted: String, now: String)]
    {
        let now = values(details)
        return fields.compactMap { field in
            let wanted = (form[field.name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let held = now[field.name] ?? ""
            return wanted == held ? nil : (field.label, wanted, held)
        }
    }

    package static func values(_ d: FlightDetails) -> [String: String] {
        [
            "pilot": d.pilot ?? "", "role": d.secondPersonRole?.rawValue ?? "", "secondPerson": d.secondPerson ?? "",
            "plane": d.gliderType ?? "", "registration": d.registration ?? "", "competitionId": d.competitionId ?? "",
            "launch": d.launchMethod.rawValue, "releaseHeight": d.releaseHeight.map { decimal($0, 0) } ?? "",
            "takeoffPlace": d.takeoffPlace ?? "", "landingPlace": d.landingPlace ?? "", "remarks": d.remarks ?? "",
        ]
    }

    /// The new details from the form over `base` (the stored details). Empty fields clear a value. A changed place
    /// reads as on the command line (``PlaceEntry``): the field it names becomes the field's label when `airfields`
    /// gives the index, `=` first keeps the rest as the pilot's own text.
    /// - Throws: `ServerError` naming the field: too long, control characters, a role without a name (or a name
    ///   without a role), an unknown launch, a release height outside 0…5000 m, a place several fields match.
    package static func details(
        from form: [String: String], base: FlightDetails = FlightDetails(), airfields: () -> AirfieldIndex? = { nil }
    ) throws(ServerError) -> FlightDetails {
        try detailsAndLandingField(from: form, base: base, airfields: airfields).details
    }

    /// ``details(from:base:airfields:)``, and the known field a changed landing place names (for
    /// ``FarLandingField``'s warning); nil when the place is unchanged, the pilot's own text or no field.
    package static func detailsAndLandingField(
        from form: [String: String], base: FlightDetails = FlightDetails(), airfields: () -> AirfieldIndex? = { nil }
    ) throws(ServerError) -> (details: FlightDetails, landingField: Airfield?) {
        let stored = values(base)
        var landingField: Airfield?
        func clean(_ name: String, _ label: String, limit: Int = WebLimits.maxFieldCharacters, multiline: Bool = false)
            throws(ServerError) -> String?
        {
            let value = (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if let held = stored[name], !held.isEmpty, value == held.trimmingCharacters(in: .whitespacesAndNewlines) {
                return held  // unchanged: kept as stored
            }
            guard value.count <= limit else {
                throw ServerError(
                    "\(label): at most \(limit) characters (this is \(value.count)); shorten it and save again")
            }
            let allowed: Set<UInt32> = multiline ? [9, 10, 13] : []
            if value.unicodeScalars.contains(where: {
                ($0.value < 32 && !allowed.contains($0.value)) || $0.value == 127
            }) {
                throw ServerError("\(label): no control characters")
            }
            return value.isEmpty ? nil : value
        }
        var d = base
        d.pilot = try clean("pilot", "Pilot")
        let person = try clean("secondPerson", "Second person’s name")
        switch try clean("role", "Second person") {
        case nil:
            if person != nil {
                throw ServerError("Second person: choose instructor, student, guest or crew for \(person!)")
            }
            d.secondPerson = nil
            d.secondPersonRole = nil
        case let role?:
            guard let role = SecondPersonRole(rawValue: role) else {
                throw ServerError("Second person: unknown role \(role)")
            }
            guard let person else {
                throw ServerError("Second person’s name: needed for the \(role.rawValue) (or choose Nobody)")
            }
            d.secondPerson = person
            d.secondPersonRole = role
        }
        d.gliderType = try clean("plane", "Glider type")
        let registration = try clean("registration", "Registration")
        d.registration = registration == base.registration ? registration : registration?.uppercased()
        d.competitionId = try clean("competitionId", "Competition id")
        let launch = try clean("launch", "Launch") ?? "unknown"
        guard let method = LaunchMethod(rawValue: launch) else { throw ServerError("Launch: unknown method \(launch)") }
        d.launchMethod = method
        d.releaseHeight = nil
        if let text = try clean("releaseHeight", "Release height"), text == stored["releaseHeight"] {
            d.releaseHeight = base.releaseHeight  // unchanged: the stored value, not its rounded text
        } else if let text = try clean("releaseHeight", "Release height") {
            guard let meters = Double(text.replacingOccurrences(of: ",", with: ".")), (0...5000).contains(meters) else {
                throw ServerError("Release height: a number of metres between 0 and 5000")
            }
            d.releaseHeight = meters
        }
        var index: AirfieldIndex??  // loaded once, only for a changed place
        func place(_ name: String, _ label: String) throws(ServerError) -> String? {
            guard let value = try clean(name, label) else { return nil }
            if value == stored[name] { return value }  // unchanged
            if value.hasPrefix(PlaceEntry.ownTextPrefix) {
                let own = String(value.dropFirst()).trimmingCharacters(in: .whitespaces)
                return own.isEmpty ? nil : own
            }
            if index == nil { index = .some(airfields()) }
            guard let airfields = index ?? nil else { return value }  // no airfield data: the text as typed
            let entry = PlaceEntry(value, in: airfields)
            switch entry {
            case .field(let field):
                if name == "landingPlace" { landingField = field }
                return field.label
            case .ownText(let text): return text.isEmpty ? nil : text
            case .ambiguous: throw ServerError(entry.ambiguityMessage(label)!)
            }
        }
        d.takeoffPlace = try place("takeoffPlace", "Take-off place")
        d.landingPlace = try place("landingPlace", "Landing place")
        d.remarks = try clean("remarks", "Remarks", limit: WebLimits.maxRemarksCharacters, multiline: true)
        return (d, landingField)
    }
}
