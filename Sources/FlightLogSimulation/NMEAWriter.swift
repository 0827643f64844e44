import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns fixes into an NMEA 0183 log that gpsd (fed by gpsfake) turns back into the same fixes.
///
/// One epoch per fix: RMC + GGA + GSA, CRLF, `*XX` checksums. A valid fix gives RMC status `A`, GGA quality 1
/// and GSA mode 3 (2 without GNSS altitude); an invalid one gives `V` / quality 0 / mode 1 without a position,
/// which gpsd reports as a TPV with mode 1 and no time (docs/SENSOR-INTERFACES.md). GGA carries altitude above MSL plus
/// the geoid separation, so gpsd reconstructs `altHAE` = MSL + separation = the fix's GNSS altitude exactly.
package enum NMEAWriter {
    /// gpsd moves NMEA times before 2017-01-01 forward by 1024 weeks (its week-rollover fix): logs must not
    /// be dated earlier.
    package static let earliestYear = 2017
    /// 28 Gregorian years between 1901 and 2099 = 10 227 days = 1461 weeks: weekdays, leap days and month
    /// lengths all stay the same, so shifted dates are real dates with the same calendar.
    package static let shiftCycle: Int64 = 10_227 * Time.millisPerDay

    /// The shift (a whole number of 28-year cycles, ms) that dates `fixes` in 2017 or later; 0 if they are.
    /// Add it to every time when writing; subtract it from gpsd's times to get the original times back.
    package static func dateShift(for fixes: [Fix]) -> Int64 {
        guard let first = fixes.map(\.time).min() else { return 0 }
        let earliest = CivilDate(year: earliestYear, month: 1, day: 1).utcMidnight
        guard first < earliest else { return 0 }
        let cycles = (earliest - first + shiftCycle - 1) / shiftCycle
        return cycles * shiftCycle
    }

    /// The whole log: one epoch per fix, times moved by `dateShift` ms.
    /// - Parameter geoidSeparation: geoid height above the ellipsoid written into GGA, metres (one decimal).
    package static func log(_ fixes: [Fix], dateShift: Int64 = 0, geoidSeparation: Meters = 48) -> String {
        var text = ""
        var previous: Fix?
        for fix in fixes {
            for line in epoch(fix, previous: previous, dateShift: dateShift, geoidSeparation: geoidSeparation) {
                text += line
            }
            previous = fix
        }
        return text
    }

    /// The three sentences of one fix, each ending in CRLF. Speed and course come from `previous`.
    package static func epoch(_ fix: Fix, previous: Fix?, dateShift: Int64 = 0, geoidSeparation: Meters = 48)
        -> [String]
    {
        let utc = CivilDateTime(utc: fix.time + dateShift)
        let time = "\(utc.hourMinuteSecond.filter { $0 != ":" }).\(pad(utc.millisecond, 3))"
        let date = "\(pad(utc.date.day, 2))\(pad(utc.date.month, 2))\(pad(utc.date.year % 100, 2))"
        guard fix.isValid else {
            return [
                sentence("GPRMC,\(time),V,,,,,,,\(date),,,N"),
                sentence("GPGGA,\(time),,,,,0,00,99.99,,,,,,"),
                sentence("GPGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99"),
            ]
        }
        let position =
            "\(angle(fix.latitudeE7, degreeDigits: 2, "N", "S")),\(angle(fix.longitudeE7, degreeDigits: 3, "E", "W"))"
        let (knots, course) = previous.map { motion(from: $0, to: fix) } ?? (0, 0)
        let separationDm = Int((geoidSeparation * 10).rounded())
        let altitude = fix.gnssAltitudeDm.map {
            "\(decimetres(Int($0) - separationDm)),M,\(decimetres(separationDm)),M"
        }
        let mode = altitude == nil ? 2 : 3
        return [
            sentence("GPRMC,\(time),A,\(position),\(fixed(knots, 2)),\(fixed(course, 1)),\(date),,,A"),
            sentence("GPGGA,\(time),\(position),1,09,1.0,\(altitude ?? ",,,"),,"),
            sentence("GPGSA,A,\(mode),02,05,07,09,13,15,18,20,27,,,,1.8,1.0,1.5"),
        ]
    }

    /// `$BODY*XX\r\n`.
    package static func sentence(_ body: String) -> String { "$\(body)*\(checksum(body))\r\n" }

    /// XOR of the bytes between `$` and `*`, two upper-case hex digits.
    package static func checksum(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0), ^)
        let hex = Array("0123456789ABCDEF")
        return String([hex[Int(sum >> 4)], hex[Int(sum & 15)]])
    }

    /// `ddmm.mmmmmm,N` (or `dddmm…,E`): 6 decimals of minutes round back to the same 1e-7 degree.
    private static func angle(_ e7: Int32, degreeDigits: Int, _ positive: String, _ negative: String) -> String {
        let magnitude = Int64(e7.magnitude)
        let degrees = magnitude / 10_000_000
        let microMinutes = ((magnitude % 10_000_000) * 60 + 5) / 10  // < 60 000 000: no carry into degrees
        return
            "\(pad(Int(degrees), degreeDigits))\(pad(Int(microMinutes / 1_000_000), 2)).\(pad(Int(microMinutes % 1_000_000), 6)),"
            + (e7 < 0 ? negative : positive)
    }

    /// Ground speed (knots) and true course (degrees) between two fixes; flat-earth, good for seconds apart.
    private static func motion(from a: Fix, to b: Fix) -> (knots: Double, course: Double) {
        let seconds = Double(b.time - a.time) / 1000
        guard seconds > 0 else { return (0, 0) }
        let radius = 6_371_000.0
        let north = (b.latitude - a.latitude) * .pi / 180 * radius
        let east =
            Geodesy.headingChange(from: a.longitude, to: b.longitude) * .pi / 180 * radius
            * cos((a.latitude + b.latitude) / 2 * .pi / 180)  // across 180° too
        let course = atan2(east, north) * 180 / .pi
        return ((north * north + east * east).squareRoot() / seconds / 0.514444, course < 0 ? course + 360 : course)
    }

    private static func decimetres(_ dm: Int) -> String {
        "\(dm < 0 ? "-" : "")\(dm.magnitude / 10).\(dm.magnitude % 10)"
    }

    /// `value` with `decimals` fixed decimals (non-negative values).
    private static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * Double(scale)).rounded())
        return "\(scaled / scale).\(pad(scaled % scale, decimals))"
    }
}
