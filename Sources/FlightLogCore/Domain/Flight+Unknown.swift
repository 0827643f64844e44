/// A recorded number of a flight that the logbook can hold as unknown: the database is outside input (an older
/// version, a club sync, a hand edit), and a stored value outside its plausible range is not used. The flight then
/// carries the neutral value the store put in its place only so that nothing traps; every view asks here and shows
/// the fact as unknown instead.
package enum FlightFact: String, CaseIterable, Sendable, Hashable {
    case takeoffTime, landingTime, utcOffset, takeoffPosition, landingPosition, releaseTime
    case maxAltitude, takeoffAltitude, maxDistance, pathLength, releaseHeight, launches

    /// What only a recorded track tells: unknown for a flight entered by hand.
    package static let fromTrack: Set<FlightFact> = [
        .takeoffPosition, .landingPosition, .maxAltitude, .takeoffAltitude, .maxDistance, .pathLength,
    ]
}

/// The one owner of how an unknown value reads: "—" in text (terminal, PDF, phone), `null` in JSON and an empty
/// field in CSV (via ``Flight/known(_:_:)``). A flight time or launch count that is unknown counts in no sum.
extension Flight {
    package static let unknownText = "—"

    /// `text()`, or ``unknownText`` when any of `facts` is unknown.
    package func text(_ facts: FlightFact..., known text: () -> String) -> String {
        facts.contains(where: unknown.contains) ? Self.unknownText : text()
    }

    /// `value`, or nil when `fact` is unknown (JSON `null`, an empty CSV field).
    package func known<T>(_ fact: FlightFact, _ value: T) -> T? { unknown.contains(fact) ? nil : value }

    /// `value`, or nil when `a` or `b` is unknown.
    package func known<T>(_ a: FlightFact, _ b: FlightFact, _ value: T) -> T? {
        unknown.contains(a) || unknown.contains(b) ? nil : value
    }

    /// Takeoff and landing time are both known, so the flight time is.
    package var flightTimeKnown: Bool { !unknown.contains(.takeoffTime) && !unknown.contains(.landingTime) }

    /// The flight time as every view prints it (`h:mm`, seconds dropped), or "—".
    package var flightTimeText: String { text(.takeoffTime, .landingTime) { hoursMinutes(duration) } }

    /// Local time of `end` (takeoff or landing) in `format`, or "—" when the time or the UTC offset is unknown.
    package func localText(_ end: FlightFact, _ format: (CivilDateTime) -> String) -> String {
        text(end, .utcOffset) {
            format(CivilDateTime(utc: end == .landingTime ? landingTime : takeoffTime, offsetSeconds: utcOffsetSeconds))
        }
    }

    /// UTC time of `end` (takeoff or landing) in `format`, or "—" when unknown.
    package func utcText(_ end: FlightFact, _ format: (UTCMillis) -> String) -> String {
        text(end) { format(end == .landingTime ? landingTime : takeoffTime) }
    }

    /// The logbook date; "—" when the takeoff time is unknown (with an unknown UTC offset it is the UTC date).
    package var dateText: String { text(.takeoffTime) { localDate.description } }

    /// `UTC+02:00`, or `UTC offset unknown`.
    package var offsetLabel: String {
        unknown.contains(.utcOffset) ? "UTC offset unknown" : "UTC" + offsetText(utcOffsetSeconds)
    }

    /// Where a map marks takeoff and landing: the stored positions, or the first and last of `track` (positioned
    /// fixes, in order) for one that is unknown.
    package func mapEnds(_ track: [Coordinate]) -> (takeoff: Coordinate, landing: Coordinate) {
        (
            known(.takeoffPosition, takeoffCoordinate) ?? track.first ?? takeoffCoordinate,
            known(.landingPosition, landingCoordinate) ?? track.last ?? landingCoordinate
        )
    }

    /// The flight leaves its time or launches out of every sum (one of them is unknown).
    package var leftOutOfSums: Bool { !flightTimeKnown || unknown.contains(.launches) }

    /// The note under totals that leave such flights out; nil when none does.
    package static func leftOutNote(_ flights: some Sequence<Flight>) -> String? {
        let count = flights.reduce(0) { $0 + ($1.leftOutOfSums ? 1 : 0) }
        guard count > 0 else { return nil }
        return "\(count) flight\(count == 1 ? " has" : "s have") an unknown flight time or launch count (a value "
            + "in the database out of range): left out of these totals."
    }
}
