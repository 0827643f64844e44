import FlightLogCore

/// How a flight's facts read on a terminal, in CSV and JSON.
package extension Flight {
    var localTakeoff: CivilDateTime { CivilDateTime(utc: takeoffTime, offsetSeconds: utcOffsetSeconds) }
    var localLanding: CivilDateTime { CivilDateTime(utc: landingTime, offsetSeconds: utcOffsetSeconds) }

    /// The zone label printed next to local times: `Europe/Berlin, UTC+02:00` for a flight placed at a field
    /// (the zone of the place); only the offset otherwise (the nearest tz principal city, which near a border can
    /// be the neighbour's).
    var zoneLabel: String {
        let offset = offsetLabel
        guard takeoffLocation != nil, let zone = timeZoneIdentifier, zone.contains("/") else { return offset }
        return "\(zone), \(offset)"
    }

    /// The list's place column: the takeoff field's code or short name (`12 km NE EDRV` away from a field),
    /// `→ outlanding` after an outlanding, `→ recording ended in flight` when it stopped in the air.
    var placeCell: String {
        let takeoff = takeoffLocation?.compactText ?? details.takeoffPlace ?? ""
        if endedInFlight { return (takeoff.isEmpty ? "" : "\(takeoff) → ") + Self.endedInFlightLabel }
        return isOutlanding ? (takeoff.isEmpty ? "outlanding" : "\(takeoff) → outlanding") : takeoff
    }

    var secondPersonText: String {
        guard let name = details.secondPerson, !name.isEmpty else { return "" }
        guard let role = details.secondPersonRole else { return name }
        return "\(name) (\(role.rawValue))"
    }

    /// The place text, else the coordinate (nothing for a flight entered by hand: it has no coordinates).
    var takeoffPlaceText: String {
        details.takeoffPlace ?? (hasTrack ? text(.takeoffPosition) { takeoffCoordinate.shortText } : "")
    }
    var landingPlaceText: String {
        landingPlaceLabel ?? (hasTrack ? text(.landingPosition) { landingCoordinate.shortText } : "")
    }

    /// A note for the landing time of a recording that ended in flight: it is the last fix's, not a landing's.
    var landingTimeNote: String { endedInFlight ? " (the last fix)" : "" }

    /// How `flightlog delete` names the flight it asks about: `flight 12 (2025-06-14 10:05, ASK 21, 1:15)`.
    func deletionName(id: Int64) -> String {
        let glider = details.gliderType ?? "glider?"
        return "flight \(id) (\(localDate) \(localTakeoff.hourMinute), \(glider), \(hoursMinutes(duration)))"
    }
}

/// RFC 4180 CSV field (control characters other than line ends escaped: the CSV often goes to a terminal), and
/// never a spreadsheet formula (``spreadsheetSafe(_:)``).
package func csvField(_ text: String) -> String {
    let text = terminalSafe(spreadsheetSafe(text), keepNewlines: true)
    if text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    return text
}
