import FlightLogCore

/// How a flight's facts read on the web pages.
extension Flight {
    var localTakeoff: CivilDateTime { CivilDateTime(utc: takeoffTime, offsetSeconds: utcOffsetSeconds) }
    var localLanding: CivilDateTime { CivilDateTime(utc: landingTime, offsetSeconds: utcOffsetSeconds) }

    /// e.g. `Europe/Berlin, UTC+02:00`.
    var zoneLabel: String {
        let offset = "UTC" + offsetText(utcOffsetSeconds)
        guard let timeZoneIdentifier, !timeZoneIdentifier.hasPrefix("UTC") else { return offset }
        return "\(timeZoneIdentifier), \(offset)"
    }

    var secondPersonText: String? {
        guard let name = details.secondPerson, !name.isEmpty else { return nil }
        guard let role = details.secondPersonRole else { return name }
        return "\(name) (\(role.rawValue))"
    }

    var gliderText: String {
        [details.gliderType, details.registration, details.competitionId.map { "“\($0)”" }].compactMap { $0 }
            .joined(separator: " · ")
    }

    var takeoffPlaceText: String { details.takeoffPlace ?? takeoffCoordinate.shortText }
    var landingPlaceText: String { details.landingPlace ?? landingCoordinate.shortText }
}

extension LaunchMethod {
    var label: String {
        switch self {
        case .winch: "Winch"
        case .aerotow: "Aerotow"
        case .self: "Self-launch"
        case .unknown: "Unknown"
        }
    }
}

extension Coordinate {
    /// `51.1000N 6.4000E` (4 decimals ≈ 10 m).
    var shortText: String {
        "\(fixed(abs(latitude), 4))\(latitude < 0 ? "S" : "N") \(fixed(abs(longitude), 4))\(longitude < 0 ? "W" : "E")"
    }
}

/// `value` with a fixed number of decimals.
func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((abs(value) * scale).rounded())
    let whole = scaled / Int64(scale)
    let fraction = scaled % Int64(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    return decimals == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(pad(Int(fraction), decimals))"
}

/// `12.3 km` or `850 m`.
func distanceText(_ meters: Double) -> String {
    meters >= 10_000 ? "\(fixed(meters / 1000, 0)) km" : meters >= 1000 ? "\(fixed(meters / 1000, 1)) km" : "\(fixed(meters, 0)) m"
}
