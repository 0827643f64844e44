import FlightLogCore
import FlightLogStore
import FlightLogText
import Foundation

/// A place option's text (`--takeoff-place`, `--landing-place`) as the pilot means it (``PlaceEntry``): the field
/// it names (code, whole name or an unambiguous part of it), else the text itself; `=` first keeps the rest as
/// the pilot's own text (`--landing-place "=Bauer Meier's field"`).
/// - Throws: ``TransferRefusal`` listing the candidates when the text names several fields, unless `keepAmbiguous`
///   (then the text is kept); `extraAdvice` is added to the error (what else the caller needs for its own text).
package func lookUpPlace(
    _ text: String, option: String, in index: AirfieldIndex, keepAmbiguous: Bool = false,
    extraAdvice: String? = nil
) throws(TransferRefusal) -> ManualFlight.Place {
    let entry = PlaceEntry(text, in: index)
    switch entry {
    case .field(let field): return ManualFlight.Place(text: field.label, field: field)
    case .ownText(let own): return ManualFlight.Place(text: own, field: nil)
    case .ambiguous:
        if keepAmbiguous { return ManualFlight.Place(text: text, field: nil) }
        throw TransferRefusal(entry.ambiguityMessage(option)! + (extraAdvice.map { " \($0)" } ?? ""))
    }
}

/// `flightlog add`: a flight without a track, from the times and places the pilot typed.
package enum ManualEntry {
    /// The flight of `date`, `takeoff`–`landing` (local `HH:MM`). Places that name a known field give the time
    /// zone (summer time included); any other place needs `utcOffsetSeconds`.
    package static func flight(
        date: CivilDate, takeoff: String, landing: String, takeoffPlace: String?, landingPlace: String?,
        utcOffsetSeconds: Int?, details: FlightDetails, airfieldRadius: Meters
    ) throws(TransferRefusal) -> Flight {
        let takeoffText = takeoffPlace.flatMap(clean)
        let landingText = landingPlace.flatMap(clean)
        var takeoffPlace: ManualFlight.Place?
        var landingPlace: ManualFlight.Place?
        var zone: TimeZoneRules?
        if takeoffText != nil || landingText != nil {
            let placing: FlightPlacing
            do {
                placing = try FlightPlacing.load(radius: airfieldRadius).placing
            } catch {
                throw TransferRefusal("\(error.description) — or give --utc-offset and the places as text")
            }
            // With --utc-offset an ambiguous name can stay the pilot's own text (no field gives the zone).
            let escape = "Without a known take-off field, a place of your own needs --utc-offset too."
            if let takeoffText {
                takeoffPlace = try lookUpPlace(
                    takeoffText, option: "--takeoff-place", in: placing.index, keepAmbiguous: utcOffsetSeconds != nil,
                    extraAdvice: escape)
            }
            if let landingText {
                landingPlace = try lookUpPlace(
                    landingText, option: "--landing-place", in: placing.index, keepAmbiguous: utcOffsetSeconds != nil,
                    extraAdvice: escape)
            }
            if let field = takeoffPlace?.field ?? (takeoffPlace == nil ? landingPlace?.field : nil) {
                zone = field.zoneIdentifier.flatMap(placing.zones.rules(identifier:))
                if let zone, utcOffsetSeconds != nil {
                    throw TransferRefusal(
                        "\(field.label) gives the time zone (\(zone.identifier)); leave out --utc-offset")
                }
            }
        }
        do {
            return try ManualFlight.make(
                date: date, takeoffMinutes: try ManualFlight.minutes(takeoff),
                landingMinutes: try ManualFlight.minutes(landing), takeoff: takeoffPlace, landing: landingPlace,
                zone: zone, utcOffsetSeconds: utcOffsetSeconds, details: details)
        } catch {
            throw TransferRefusal(error.description)
        }
    }

    /// `Added flight 12: 2025-06-14 10:05–11:20 local (Europe/Berlin, UTC+02:00), 1:15, ASK 21 D-1234, winch ×1;
    /// no track`.
    package static func summary(_ flight: Flight, id: Int64, takeoff: String, landing: String) -> String {
        let d = flight.details
        let zoneText = flight.timeZoneIdentifier.map { "\($0), " } ?? ""
        let glider = [d.gliderType, d.registration].compactMap { $0 }.joined(separator: " ")
        return terminalSafe(
            "Added flight \(id): \(flight.localDate) \(takeoff)–\(landing) local "
                + "(\(zoneText)UTC\(offsetText(flight.utcOffsetSeconds))), "
                + "\(hoursMinutes(flight.duration)), \(glider.isEmpty ? "glider not set" : glider), "
                + "\(d.launchMethod.words) ×\(d.launches); no track")
    }

    private static func clean(_ s: String) -> String? {
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty ? nil : t
    }
}

extension ManualEntry {
    /// What is wrong with `add`'s times and role as typed (nil: nothing), in the words of the error.
    package static func problem(takeoff: String, landing: String, crew: CrewChoice) -> String? {
        do {
            _ = try ManualFlight.minutes(takeoff)
            _ = try ManualFlight.minutes(landing)
        } catch {
            return error.description
        }
        return crew.ownerRole == "auto" ? "--owner-role auto is for edit; leave it out." : nil
    }

    /// `add`'s flight: ``flight(date:takeoff:landing:takeoffPlace:landingPlace:utcOffsetSeconds:details:airfieldRadius:)``
    /// with the crew as typed, pilot, glider type and registration defaulting to the config file's. The config's
    /// type and registration are one glider: a typed type or registration of another glider takes neither (an
    /// `--plane "LS 8"` was stored as "LS 8 D-1234", the config's ASK 21's registration).
    package static func flight(
        date: CivilDate, takeoff: String, landing: String, utcOffsetSeconds: Int?, crew: CrewChoice,
        config: FlightLogConfig
    ) throws(TransferRefusal) -> Flight {
        let sameType = crew.plane.map { designationKey($0) == config.gliderType.map(designationKey) } ?? true
        let sameRegistration =
            crew.registration.map { registrationKey($0) == config.registration.map(registrationKey) } ?? true
        let own = sameType && sameRegistration
        var d = FlightDetails(
            pilot: config.pilot, gliderType: own ? config.gliderType : nil,
            registration: own ? config.registration : nil)
        crew.apply(to: &d, withPlaces: false)
        return try flight(
            date: date, takeoff: takeoff, landing: landing, takeoffPlace: crew.takeoffPlace,
            landingPlace: crew.landingPlace, utcOffsetSeconds: utcOffsetSeconds, details: d,
            airfieldRadius: config.airfieldRadiusMeters)
    }
}
