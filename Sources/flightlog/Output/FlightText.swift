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

extension Coordinate {
    /// `51.1000N 6.4000E`: 4 decimals ≈ 10 m, enough to find a field.
    var shortText: String {
        "\(decimal(abs(latitude), 4))\(latitude < 0 ? "S" : "N") \(decimal(abs(longitude), 4))\(longitude < 0 ? "W" : "E")"
    }
}

/// A number with a fixed count of decimals (FoundationEssentials has no `String(format:)`).
func decimal(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((abs(value) * scale).rounded())
    let whole = scaled / Int64(scale)
    let fraction = scaled % Int64(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    return decimals == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(pad(Int(fraction), decimals))"
}

/// RFC 4180 CSV field.
func csvField(_ text: String) -> String {
    if text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    return text
}
