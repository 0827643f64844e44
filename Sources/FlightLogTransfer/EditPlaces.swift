import FlightLogAnalysis
import FlightLogCore
import FlightLogStore
import FlightLogText

/// `flightlog edit --takeoff-place/--landing-place`: a place that names a known field (code, name or a part only
/// it has) is stored as the field's label; other text stays as typed, also when the airfield data cannot be read
/// (nothing is lost).
package enum EditPlaces {
    /// Names the places of `details` that the options gave (`takeoffGiven`, `landingGiven`); `index` is read only
    /// then (nil: the airfield data cannot be read).
    /// - Returns: the known field the landing place names, if it does.
    package static func name(
        in details: inout FlightDetails, takeoffGiven: Bool, landingGiven: Bool, index: () -> AirfieldIndex?
    ) throws(TransferRefusal) -> Airfield? {
        guard
            details.takeoffPlace != nil && takeoffGiven || details.landingPlace != nil && landingGiven,
            let index = index()
        else { return nil }
        if takeoffGiven, let text = details.takeoffPlace {
            details.takeoffPlace = try lookUpPlace(text, option: "--takeoff-place", in: index).text
        }
        guard landingGiven, let text = details.landingPlace else { return nil }
        let landing = try lookUpPlace(text, option: "--landing-place", in: index)
        details.landingPlace = landing.text
        return landing.field
    }
}

/// `flightlog edit ID --OPTION…`: the typed details applied to what is stored (again when another process wrote
/// first, ``FlightStore/editDetails(id:attempts:now:_:)``), the places named, and what changed said line by line.
package enum EditRun {
    /// Edits flight `id` with `choice`. Lines to print go to `say`; a landing field far from where the track ends
    /// (a typo, or the wrong flight) goes to `warn`, with its distance (`airfieldRadius` is read only then).
    package static func run(
        id: Int64, choice: CrewChoice, store: FlightStore, airfieldRadius: () throws -> Meters,
        now: () -> UTCMillis, say: (String) -> Void, warn: (String) -> Void
    ) throws {
        var competitionClass: String?
        let (new, changes) = try store.editDetails(id: id, now: now) { stored, attempt in
            competitionClass = stored.competitionClass
            var new = stored.details
            choice.apply(to: &new)
            let landingField = try EditPlaces.name(
                in: &new, takeoffGiven: choice.takeoffPlace != nil, landingGiven: choice.landingPlace != nil,
                index: { try? AirfieldCatalog.index().index })
            if attempt == 1, let landingField,
                let far = FarLandingField(landingField, landingOf: stored, radiusMeters: try airfieldRadius())
            {
                warn(terminalSafe("Warning: flight \(id): \(far.text)"))
            }
            return (new, landingField != nil)
        }
        if changes.isEmpty { say("Flight \(id): nothing changed.") }
        for line in FieldChange.lines(changes, currentRole: new.secondPersonRole) {
            say(terminalSafe("Flight \(id): \(line.text)"))
        }
        if let type = choice.plane,
            case .ambiguous(let entries) = GliderIndex.match(type, competitionClass: competitionClass)
        {
            say(terminalSafe("Flight \(id): contest index: \(GliderIndex.ambiguity(type, entries))"))
        }
    }
}

/// `flightlog delete ID`: the flight deleted once the pilot said yes (or gave `--yes`).
package enum DeleteRun {
    /// Deletes flight `id` when `yes`, else when `ask` (the question to put; nil: no terminal to ask) answers yes.
    /// Returns the line to print (`Deleted …`, `Kept …`).
    /// - Throws: ``TransferRefusal`` without `yes` and without a terminal; the store's error for an unknown id.
    package static func run(id: Int64, store: FlightStore, yes: Bool, ask: ((String) -> Bool)?) throws -> String {
        let summary = try store.flight(id: id).deletionName(id: id)
        if !yes {
            guard let ask else {
                throw TransferRefusal("refusing to delete \(summary) without --yes: there is no terminal to ask")
            }
            guard ask("Delete \(summary)? This cannot be undone. [y/N] ") else { return "Kept \(summary)." }
        }
        try store.delete(id: id)
        return "Deleted \(summary)."
    }
}
