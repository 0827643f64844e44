import Testing

@testable import FlightLogCore

/// The fixed-width date and time texts are written digit by digit; checked against plain Swift formatting.
@Suite struct CivilTimeTextTests {
    /// Zero padding by the definition: the decimal digits, left-filled with zeros to `width`, a minus in front.
    static func referencePad(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let body = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + body : body
    }

    @Test func padMatchesItsDefinition() {
        let values = [0, 1, 7, 9, 10, 59, 99, 100, 999, 1000, 12_345, -1, -42, -100_000, Int.max, Int.min]
        for value in values {
            for width in 0...6 {
                #expect(pad(value, width) == Self.referencePad(value, width), "pad(\(value), \(width))")
            }
        }
    }

    @Test func datesAndTimesOfDay() {
        // 2024-02-29 23:59:58.250 UTC (a leap day, one tick before midnight).
        let time: UTCMillis = 1_709_251_198_250
        let utc = CivilDateTime(utc: time)
        #expect(utc.date.description == "2024-02-29")
        #expect(utc.hourMinute == "23:59")
        #expect(utc.hourMinuteSecond == "23:59:58")
        #expect(iso8601UTC(time) == "2024-02-29T23:59:58.250Z")
        // Two hours east of UTC it is already March.
        let local = CivilDateTime(utc: time, offsetSeconds: 7200)
        #expect(local.date.description == "2024-03-01")
        #expect(local.hourMinuteSecond == "01:59:58")
        #expect(CivilDateTime(utc: 0).date.description == "1970-01-01")
        #expect(CivilDateTime(utc: 0).hourMinuteSecond == "00:00:00")
        // Before 1970 and beyond year 9999 (the slow path).
        #expect(CivilDateTime(utc: -1000).hourMinuteSecond == "23:59:59")
        #expect(CivilDateTime(utc: -1000).date.description == "1969-12-31")
        #expect(CivilDate(daysSinceEpoch: 2_932_897 as Int64).description == "10000-01-01")
    }

    @Test func offsetsAndDurations() {
        #expect(offsetText(0) == "+00:00")
        #expect(offsetText(7200) == "+02:00")
        #expect(offsetText(-12_600) == "-03:30")
        #expect(offsetText(45 * 60 + 5 * 3600) == "+05:45")
        #expect(offsetText(-50 * 3600) == "-50:00")
        #expect(offsetText(123 * 3600) == "+123:00")
        #expect(hoursMinutes(0) == "0:00")
        #expect(hoursMinutes(10 * 3_600_000 + 47 * 60_000 + 59_999) == "10:47")
        #expect(hoursMinutes(-5) == "0:00")
    }
}
