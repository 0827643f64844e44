/// A flight entered by hand (`flightlog add`): a line of last season's paper logbook or a flight flown without
/// the recorder. It has no track; its times are the local times the pilot wrote down.
package enum ManualFlight {
    /// A place of a hand-entered flight: the field found by name or code (coordinates, zone), or free text.
    package struct Place: Sendable {
        package var text: String
        package var field: Airfield?

        package init(text: String, field: Airfield?) {
            self.text = text
            self.field = field
        }
    }

    package enum Problem: Error, Equatable, CustomStringConvertible {
        case landingNotAfterTakeoff
        case badTime(String)
        case badOffset(String)
        case needsOffset
        /// The date gives UTC times outside those the logbook keeps.
        case dateOutOfRange(CivilDate)

        package var description: String {
            switch self {
            case .landingNotAfterTakeoff:
                "the landing time must be after the take-off time (a flight over midnight: enter it as two flights)"
            case .badTime(let text): "'\(text)' is not a time: write HH:MM, e.g. 14:05"
            case .badOffset(let text): "'\(text)' is not a UTC offset: write +02:00 or -05:30"
            case .needsOffset:
                "no known airfield gives the time zone: give --utc-offset (e.g. +02:00) or a place flightlog knows (ICAO code or name)"
            case .dateOutOfRange(let date):
                "\(date): its UTC times fall outside those a logbook keeps (1970-01-01 to 2199-12-31): check the year"
            }
        }
    }

    /// The UTC times a flight may have: those the store reads back as they are (1970-01-01 … 2200-01-01, ms), so a
    /// line typed with a wrong year (0001, 9999) is refused here rather than kept and then shown as unknown.
    package static let storableTimes: ClosedRange<UTCMillis> = 0...7_258_118_400_000

    /// `HH:MM` (or `H:MM`) as minutes after midnight.
    package static func minutes(_ text: String) throws(Problem) -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), parts[1].count == 2,
            (0...23).contains(h), (0...59).contains(m)
        else { throw .badTime(text) }
        return h * 60 + m
    }

    /// `--utc-offset`: `+02:00`, `-05:30`, `+2`, `0` or `Z` as seconds east of UTC (whole, half and three-quarter
    /// hours up to 14; spaces or tabs around it ignored).
    package static func offsetSeconds(_ text: String) throws(Problem) -> Int {
        let scalars = text.unicodeScalars
        let isSpace = { (c: Unicode.Scalar) in c == "\t" || c.properties.generalCategory == .spaceSeparator }
        let t = String(
            String.UnicodeScalarView(scalars.drop(while: isSpace).reversed().drop(while: isSpace).reversed()))
        if t == "Z" || t == "0" { return 0 }
        let sign = t.hasPrefix("-") ? -1 : 1
        let body = t.hasPrefix("+") || t.hasPrefix("-") ? t.dropFirst() : Substring(t)
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let h = Int(parts[0]), (0...14).contains(h),
            let m = parts.count == 2 ? Int(parts[1]) : 0, [0, 30, 45].contains(m), t.first == "+" || t.first == "-"
        else { throw .badOffset(text) }
        return sign * (h * 3600 + m * 60)
    }

    /// The flight from local date and times. Each time's UTC offset is the zone's at that moment (`zone`, e.g. the
    /// takeoff field's rules), else the fixed `utcOffsetSeconds`.
    package static func make(
        date: CivilDate, takeoffMinutes: Int, landingMinutes: Int, takeoff: Place?, landing: Place?,
        zone: TimeZoneRules?, utcOffsetSeconds: Int?, details: FlightDetails
    ) throws(Problem) -> Flight {
        guard landingMinutes > takeoffMinutes else { throw .landingNotAfterTakeoff }
        let localTakeoff = date.utcMidnight + Int64(takeoffMinutes) * 60_000
        let localLanding = date.utcMidnight + Int64(landingMinutes) * 60_000
        /// The offset in force at a local time: guess with the offset at the same wall-clock time in UTC, then once
        /// more from the instant that gives (right outside the hour of a DST change).
        func inForce(atLocal local: UTCMillis, _ zone: TimeZoneRules) -> Int {
            zone.offsetSeconds(at: local - Int64(zone.offsetSeconds(at: local)) * 1000)
        }
        let offset: Int
        let landingOffset: Int
        if let zone {
            // Each time at its own offset: over a DST change a flight lasts what the clocks say less (or plus) the hour.
            offset = inForce(atLocal: localTakeoff, zone)
            landingOffset = inForce(atLocal: localLanding, zone)
        } else if let utcOffsetSeconds {
            offset = utcOffsetSeconds
            landingOffset = utcOffsetSeconds
        } else {
            throw .needsOffset
        }
        let takeoffTime = localTakeoff - Int64(offset) * 1000
        let landingTime = localLanding - Int64(landingOffset) * 1000
        guard landingTime > takeoffTime else { throw .landingNotAfterTakeoff }
        guard storableTimes.contains(takeoffTime), storableTimes.contains(landingTime) else {
            throw .dateOutOfRange(date)
        }
        let origin = Coordinate(latitude: 0, longitude: 0)
        var d = details
        d.takeoffPlace = takeoff?.text ?? d.takeoffPlace
        d.landingPlace = landing?.text ?? takeoff?.text ?? d.landingPlace
        let landingField = landing == nil ? takeoff?.field : landing?.field
        var flight = Flight(
            takeoffTime: takeoffTime, landingTime: landingTime,
            takeoffCoordinate: takeoff?.field?.coordinate ?? origin,
            landingCoordinate: landingField?.coordinate ?? takeoff?.field?.coordinate ?? origin,
            details: d, source: .manual, takeoffAltitude: takeoff?.field?.elevation, hasBarometer: false,
            timeZoneIdentifier: zone?.identifier, utcOffsetSeconds: offset)
        flight.takeoffLocation = takeoff?.field.map(Self.location)
        flight.landingLocation = landingField.map(Self.location)
        return flight
    }

    private static func location(_ field: Airfield) -> FlightPlace {
        FlightPlace(
            code: field.code, name: field.name, distance: 0, bearing: 0, isOutlanding: false,
            zoneIdentifier: field.zoneIdentifier)
    }
}
