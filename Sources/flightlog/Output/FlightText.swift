import FlightLogCore

/// How a flight's facts read on a terminal, in CSV and JSON.
extension Flight {
    var localTakeoff: CivilDateTime { CivilDateTime(utc: takeoffTime, offsetSeconds: utcOffsetSeconds) }
    var localLanding: CivilDateTime { CivilDateTime(utc: landingTime, offsetSeconds: utcOffsetSeconds) }

    /// The zone label printed next to local times, e.g. `UTC+02:00`. Only the offset: the zone name comes from
    /// the nearest tz principal city, which near a border can be the neighbour's (Brussels for Aachen).
    var zoneLabel: String { "UTC" + offsetText(utcOffsetSeconds) }

    var secondPersonText: String {
        guard let name = details.secondPerson, !name.isEmpty else { return "" }
        guard let role = details.secondPersonRole else { return name }
        return "\(name) (\(role.rawValue))"
    }

    var takeoffPlaceText: String { details.takeoffPlace ?? takeoffCoordinate.shortText }
    var landingPlaceText: String { details.landingPlace ?? landingCoordinate.shortText }
}

/// RFC 4180 CSV field (control characters other than line ends escaped: the CSV often goes to a terminal).
func csvField(_ text: String) -> String {
    let text = terminalSafe(text, keepNewlines: true)
    if text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    return text
}
