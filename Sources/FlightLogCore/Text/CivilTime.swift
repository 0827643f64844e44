/// A calendar date (proleptic Gregorian), e.g. the local date of a takeoff.
package struct CivilDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package var year: Int
    package var month: Int
    package var day: Int

    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`; `nil` for anything else or an impossible date (`2025-02-30`).
    package init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), d >= 1, d <= CivilDate.daysInMonth(year: y, month: m)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Days since 1970-01-01 (negative before). Howard Hinnant's `days_from_civil`.
    package var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = Int64((month + 9) % 12)
        let doy = (153 * mp + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01. Howard Hinnant's `civil_from_days`.
    package init(daysSinceEpoch days: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), month: Int(m), day: Int(d))
    }

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// UTC midnight at the start of this date.
    package var utcMidnight: UTCMillis { daysSinceEpoch * Time.millisPerDay }

    package func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + Int64(days)) }

    package static func < (a: CivilDate, b: CivilDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

    /// `YYYY-MM-DD`.
    package var description: String {
        guard (0...9999).contains(year) else { return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }
        return asciiDigits(10) { b in
            b.put(year, 4, at: 0)
            b[4] = UInt8(ascii: "-")
            b.put(month, 2, at: 5)
            b[7] = UInt8(ascii: "-")
            b.put(day, 2, at: 8)
        }
    }
}

/// A wall-clock instant: a date plus time of day, in UTC or at some fixed UTC offset.
package struct CivilDateTime: Sendable, Hashable {
    package var date: CivilDate
    package var hour: Int
    package var minute: Int
    package var second: Int
    package var millisecond: Int

    /// The wall-clock time of `utc` at `offsetSeconds` east of UTC.
    package init(utc: UTCMillis, offsetSeconds: Int = 0) {
        let local = utc + Int64(offsetSeconds) * 1000
        let days = local >= 0 ? local / Time.millisPerDay : (local - Time.millisPerDay + 1) / Time.millisPerDay
        let ms = local - days * Time.millisPerDay
        date = CivilDate(daysSinceEpoch: days)
        hour = Int(ms / 3_600_000)
        minute = Int(ms / 60_000 % 60)
        second = Int(ms / 1000 % 60)
        millisecond = Int(ms % 1000)
    }

    /// `HH:MM`.
    package var hourMinute: String {
        asciiDigits(5) { b in
            b.put(hour, 2, at: 0)
            b[2] = UInt8(ascii: ":")
            b.put(minute, 2, at: 3)
        }
    }
    /// `HH:MM:SS`.
    package var hourMinuteSecond: String {
        asciiDigits(8) { b in
            b.put(hour, 2, at: 0)
            b[2] = UInt8(ascii: ":")
            b.put(minute, 2, at: 3)
            b[5] = UInt8(ascii: ":")
            b.put(second, 2, at: 6)
        }
    }
}

/// ISO-8601 UTC text with a `Z`, e.g. `2024-07-15T09:30:05Z` (milliseconds only when not zero).
package func iso8601UTC(_ time: UTCMillis) -> String {
    let c = CivilDateTime(utc: time)
    let ms = c.millisecond == 0 ? "" : ".\(pad(c.millisecond, 3))"
    return "\(c.date)T\(c.hourMinuteSecond)\(ms)Z"
}

/// The one rule for flight time wherever a pilot reads it (list, show, stats, PDF, phone): each flight counts its
/// whole minutes, seconds dropped (``Flight/flightMinutes``), and a total is the sum of those minutes, so a total
/// always equals the sum of the lines printed above it. Summing milliseconds first would give more (74:55 for
/// lines that add up to 74:47).
package func totalMinutes(_ flights: some Sequence<Flight>) -> Int64 {
    flights.reduce(0) { $0 + $1.flightMinutes }
}

extension Flight {
    /// The flight time in whole minutes (takeoff to landing, seconds dropped), as every view prints it.
    /// 0 when the flight time is unknown (``flightTimeKnown``): such a flight counts in no sum.
    package var flightMinutes: Int64 { flightTimeKnown ? max(0, duration) / 60_000 : 0 }
}

/// A duration as `H:MM` (hours not padded, may exceed 24), e.g. `10:47`; the seconds are dropped.
package func hoursMinutes(_ millis: Int64) -> String {
    let minutes = max(0, millis) / 60_000
    return "\(minutes / 60):\(pad(Int(minutes % 60), 2))"
}

/// A UTC offset as `+HH:MM` / `-HH:MM`.
package func offsetText(_ seconds: Int) -> String {
    let m = abs(seconds) / 60
    guard m / 60 < 100 else { return (seconds < 0 ? "-" : "+") + "\(pad(m / 60, 2)):\(pad(m % 60, 2))" }
    return asciiDigits(6) { b in
        b[0] = UInt8(ascii: seconds < 0 ? "-" : "+")
        b.put(m / 60, 2, at: 1)
        b[3] = UInt8(ascii: ":")
        b.put(m % 60, 2, at: 4)
    }
}

/// Zero-pads a non-negative number to `width` digits (FoundationEssentials has no `String(format:)`).
package func pad(_ value: Int, _ width: Int) -> String {
    var digitCount = 1
    var rest = value.magnitude
    while rest >= 10 {
        rest /= 10
        digitCount += 1
    }
    let sign = value < 0 ? 1 : 0
    let count = sign + max(width, digitCount)
    return String(unsafeUninitializedCapacity: count) { b in
        b.put(value.magnitude, count - sign, at: sign)
        if sign == 1 { b[0] = UInt8(ascii: "-") }
        return count
    }
}

/// ASCII text of exactly `count` bytes written in place by `write` (times and dates are printed thousands of times
/// by `list`; string interpolation of padded parts cost ~1,500 instructions each).
private func asciiDigits(_ count: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> String {
    String(unsafeUninitializedCapacity: count) { b in
        write(b)
        return count
    }
}

extension UnsafeMutableBufferPointer<UInt8> {
    /// Writes the last `width` decimal digits of `value` (≥ 0), zero-padded, from `start`. Shared by the date and
    /// time texts, `pad` and the IGC writer's B records.
    @inline(__always)
    func put(_ value: Int, _ width: Int, at start: Int) { put(UInt(value), width, at: start) }

    @inline(__always)
    func put(_ value: UInt, _ width: Int, at start: Int) {
        var rest = value
        for i in stride(from: start + width - 1, through: start, by: -1) {
            self[i] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
    }
}
