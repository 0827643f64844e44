import FlightLogCore
import Foundation

/// How a flight's facts read on the web pages.
extension Flight {
    var localTakeoff: CivilDateTime { CivilDateTime(utc: takeoffTime, offsetSeconds: utcOffsetSeconds) }
    var localLanding: CivilDateTime { CivilDateTime(utc: landingTime, offsetSeconds: utcOffsetSeconds) }

    /// e.g. `Europe/Berlin, UTC+02:00`.
    var zoneLabel: String {
        let offset = offsetLabel
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

    var takeoffPlaceText: String {
        details.takeoffPlace ?? (hasTrack ? text(.takeoffPosition) { takeoffCoordinate.shortText } : Self.unknownText)
    }
    var landingPlaceText: String {
        landingPlaceLabel ?? (hasTrack ? text(.landingPosition) { landingCoordinate.shortText } : Self.unknownText)
    }
}

/// `12.3 km` or `850 m`.
func distanceText(_ meters: Double) -> String {
    meters >= 10_000
        ? "\(decimal(meters / 1000, 0)) km"
        : meters >= 1000 ? "\(decimal(meters / 1000, 1)) km" : "\(decimal(meters, 0)) m"
}

/// Where a flight went, as HTML for the list and the flight page: `Aachen-Merzbrück → Düren`, the landing place
/// only when it differs from the takeoff place, and an `outlanding` badge (an outlanding's place reads
/// `12 km NE of Wershofen (EDRV)` beside it) or a `recording ended in flight` one.
func placesHTML(_ flight: Flight) -> String {
    /// A place without the `outlanding, ` its description starts with (the badge says it).
    func bare(_ text: String) -> String {
        text.lowercased().hasPrefix("outlanding, ") ? String(text.dropFirst("outlanding, ".count)) : text
    }
    let from = flight.takeoffPlaceText
    var html = esc(from)
    if let to = flight.details.landingPlace?.trimmingCharacters(in: .whitespaces), !to.isEmpty,
        searchKey(bare(to)) != searchKey(bare(from))
    {
        html += " → " + esc(flight.isOutlanding ? bare(to) : to)
    }
    if flight.isOutlanding { html += " <b class=\"badge out\">outlanding</b>" }
    if flight.endedInFlight { html += " <b class=\"badge\">\(Flight.endedInFlightLabel)</b>" }
    return html + weglideBadge(flight.weglide)
}

/// ` WeGlide` (green) for a flight on WeGlide, ` WeGlide?` (warning) for an upload whose answer never arrived.
func weglideBadge(_ state: WeGlideState) -> String {
    switch state {
    case .notUploaded: ""
    case .uploaded: " <b class=\"badge ok\" title=\"On WeGlide\">WeGlide</b>"
    case .uncertain: " <b class=\"badge out\" title=\"May be on WeGlide: its upload got no answer\">WeGlide?</b>"
    }
}
