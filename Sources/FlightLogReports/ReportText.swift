import FlightLogCore
import Foundation

/// Wording shared by the logbook and the flight report.
enum ReportText {
    /// A place name, or the coordinate when the place has no name (`50.1234° N 8.6543° E`; "—" when unknown).
    static func place(_ name: String?, _ at: Coordinate?) -> String {
        if let name, !name.trimmingCharacters(in: .whitespaces).isEmpty { return name }
        return at.map(coordinate) ?? Flight.unknownText
    }

    static func coordinate(_ c: Coordinate) -> String {
        let lat = "\(fixed(abs(c.latitude), 4))° \(c.latitude < 0 ? "S" : "N")"
        let lon = "\(fixed(abs(c.longitude), 4))° \(c.longitude < 0 ? "W" : "E")"
        return "\(lat) \(lon)"
    }

    /// `value` rounded to `decimals` places, as text (no `String(format:)` needed).
    static func fixed(_ value: Double, _ decimals: Int) -> String { decimal(value, decimals) }

    /// Local `HH:MM` of an instant for a flight.
    static func localTime(_ t: UTCMillis, _ flight: Flight) -> String {
        CivilDateTime(utc: t, offsetSeconds: flight.utcOffsetSeconds).hourMinute
    }

    static func utcTime(_ t: UTCMillis) -> String { CivilDateTime(utc: t).hourMinute }

    static func role(_ role: SecondPersonRole?) -> String {
        switch role {
        case .instructor: "Instructor"
        case .student: "Student"
        case .guest: "Passenger"
        case .crew: "Crew"
        case nil: ""
        }
    }

    /// Whole minutes of a flight as the logbook counts them (truncated, like ``hoursMinutes(_:)``).
    static func minutes(_ flight: Flight) -> Int64 { flight.flightMinutes }

    static func metres(_ m: Double) -> String { "\(Int(m.rounded())) m" }

    static func kilometres(_ m: Double) -> String { "\(fixed(m / 1000, 1)) km" }

    static func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return s
    }
}
