#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TZif file (RFC 8536) or POSIX TZ string that cannot be used.
package struct TimeZoneError: Error, CustomStringConvertible, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// The UTC offsets of one IANA time zone over time, from its compiled TZif file (no I/O here: the caller
/// passes the bytes, e.g. of `/usr/share/zoneinfo/Europe/Berlin`).
package struct TimeZoneRules: Sendable, Hashable {
    /// A local time type of the zone: offset east of UTC in seconds, DST flag, abbreviation (`CEST`).
    struct LocalTimeType: Sendable, Hashable {
        var offset: Int
        var isDST: Bool
        var abbreviation: String
    }

    package let identifier: String
    /// Transition instants (seconds since 1970, UTC), ascending, and the type in force from each one.
    let transitions: [Int64]
    let transitionTypes: [Int]
    let types: [LocalTimeType]
    /// The footer rule (TZif v2+), for instants after the last transition.
    let footer: PosixTimeZone?

    /// Parses a TZif file (v1, v2 or v3; v2+ uses the 64-bit section and the footer).
    package init(identifier: String, tzif: [UInt8]) throws(TimeZoneError) {
        var reader = TZifReader(bytes: tzif, identifier: identifier)
        let first = try reader.block(timeSize: 4)
        if first.version >= 2 {
            let second = try reader.block(timeSize: 8)
            transitions = second.transitions
            transitionTypes = second.transitionTypes
            types = second.types
            footer = try reader.footer()
        } else {
            transitions = first.transitions
            transitionTypes = first.transitionTypes
            types = first.types
            footer = nil
        }
        self.identifier = identifier
    }

    /// A zone with one constant offset (e.g. the solar-time fallback `UTC+11`).
    package static func fixed(identifier: String, offsetSeconds: Int) -> TimeZoneRules {
        TimeZoneRules(
            identifier: identifier, transitions: [], transitionTypes: [],
            types: [LocalTimeType(offset: offsetSeconds, isDST: false, abbreviation: identifier)], footer: nil)
    }

    private init(
        identifier: String, transitions: [Int64], transitionTypes: [Int], types: [LocalTimeType], footer: PosixTimeZone?
    ) {
        self.identifier = identifier
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.footer = footer
    }

    /// UTC offset in seconds east of UTC at `time`.
    package func offsetSeconds(at time: UTCMillis) -> Int { localTimeType(at: time).offset }

    /// The abbreviation in force at `time` (`CEST`, `NZDT`, or e.g. `+11` where tzdata has no letters).
    package func abbreviation(at time: UTCMillis) -> String { localTimeType(at: time).abbreviation }

    func localTimeType(at time: UTCMillis) -> LocalTimeType {
        let second = time >= 0 ? time / 1000 : (time - 999) / 1000
        if let last = transitions.last, second >= last, let footer {
            return footer.localTimeType(at: second)
        }
        if transitions.isEmpty, let footer { return footer.localTimeType(at: second) }
        // Last transition at or before `second`; before the first one, type 0 (RFC 8536 §3.2).
        var low = 0, high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= second { low = mid + 1 } else { high = mid }
        }
        let index = low == 0 ? 0 : transitionTypes[low - 1]
        return types.indices.contains(index)
            ? types[index] : LocalTimeType(offset: 0, isDST: false, abbreviation: "UTC")
    }
}

/// Reads the blocks of a TZif file.
private struct TZifReader {
    struct Block {
        var version: Int
        var transitions: [Int64]
        var transitionTypes: [Int]
        var types: [TimeZoneRules.LocalTimeType]
    }

    let bytes: [UInt8]
    let identifier: String
    var position = 0

    init(bytes: [UInt8], identifier: String) {
        self.bytes = bytes
        self.identifier = identifier
    }

    func error(_ what: String) -> TimeZoneError {
        TimeZoneError("time zone file for \(identifier) is not usable TZif data: \(what); reinstall tzdata")
    }

    mutating func integer(_ size: Int) throws(TimeZoneError) -> Int64 {
        guard position + size <= bytes.count else { throw error("it ends early") }
        var value: UInt64 = 0
        for byte in bytes[position..<(position + size)] { value = value << 8 | UInt64(byte) }
        position += size
        // Sign-extend 32-bit values.
        return size == 4 ? Int64(Int32(bitPattern: UInt32(value))) : Int64(bitPattern: value)
    }

    mutating func block(timeSize: Int) throws(TimeZoneError) -> Block {
        guard position + 44 <= bytes.count, Array(bytes[position..<(position + 4)]) == Array("TZif".utf8) else {
            throw error("no TZif header")
        }
        let versionByte = bytes[position + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - 0x30
        position += 20
        let isUTCCount = Int(try integer(4)), isStdCount = Int(try integer(4)), leapCount = Int(try integer(4))
        let timeCount = Int(try integer(4)), typeCount = Int(try integer(4)), charCount = Int(try integer(4))
        guard typeCount > 0, [isUTCCount, isStdCount, leapCount, timeCount, charCount].allSatisfy({ $0 >= 0 }) else {
            throw error("bad counts")
        }
        let size =
            timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4) + isStdCount
            + isUTCCount
        guard position + size <= bytes.count else { throw error("it ends early") }
        var transitions: [Int64] = []
        for _ in 0..<timeCount { transitions.append(try integer(timeSize)) }
        let transitionTypes = bytes[position..<(position + timeCount)].map(Int.init)
        position += timeCount
        var raw: [(offset: Int, isDST: Bool, index: Int)] = []
        for _ in 0..<typeCount {
            let offset = Int(try integer(4))
            raw.append((offset, bytes[position] != 0, Int(bytes[position + 1])))
            position += 2
        }
        let chars = Array(bytes[position..<(position + charCount)])
        position += charCount + leapCount * (timeSize + 4) + isStdCount + isUTCCount
        let types = raw.map { type in
            let start = min(type.index, chars.count)
            let end = chars[start...].firstIndex(of: 0) ?? chars.count
            return TimeZoneRules.LocalTimeType(
                offset: type.offset, isDST: type.isDST,
                abbreviation: String(decoding: chars[start..<end], as: UTF8.self))
        }
        return Block(version: version, transitions: transitions, transitionTypes: transitionTypes, types: types)
    }

    /// `\n<POSIX TZ>\n` after the v2+ block; nil when empty.
    mutating func footer() throws(TimeZoneError) -> PosixTimeZone? {
        guard position < bytes.count, bytes[position] == 0x0A else { return nil }
        let rest = bytes[(position + 1)...]
        guard let end = rest.firstIndex(of: 0x0A) else { return nil }
        let text = String(decoding: rest[..<end], as: UTF8.self)
        guard !text.isEmpty else { return nil }
        guard let rule = PosixTimeZone(text) else { throw error("footer \(text.debugDescription) not understood") }
        return rule
    }
}

/// A POSIX TZ string such as `CET-1CEST,M3.5.0,M10.5.0/3` (POSIX offsets count west; stored here east).
struct PosixTimeZone: Sendable, Hashable {
    /// A transition date: `Mm.w.d` (month, week 1–5 with 5 = last, weekday 0 = Sunday), `Jn` (1–365, no
    /// Feb 29) or `n` (0–365).
    enum DateRule: Sendable, Hashable {
        case monthWeekDay(month: Int, week: Int, weekday: Int)
        case julianNoLeap(Int)
        case zeroBased(Int)

        func date(year: Int) -> CivilDate {
            switch self {
            case let .monthWeekDay(month, week, weekday):
                let first = CivilDate(year: year, month: month, day: 1)
                let firstWeekday = Int(((first.daysSinceEpoch + 4) % 7 + 7) % 7)  // 1970-01-01 was a Thursday
                var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                while day > CivilDate.daysInMonth(year: year, month: month) { day -= 7 }
                return CivilDate(year: year, month: month, day: day)
            case let .julianNoLeap(n):
                let jan1 = CivilDate(year: year, month: 1, day: 1)
                let leap = CivilDate.daysInMonth(year: year, month: 2) == 29
                return jan1.adding(days: n - 1 + (leap && n >= 60 ? 1 : 0))
            case let .zeroBased(n):
                return CivilDate(year: year, month: 1, day: 1).adding(days: n)
            }
        }
    }

    struct Transition: Sendable, Hashable {
        var date: DateRule
        /// Local wall-clock seconds after midnight (may be negative or above 24 h in TZif v3).
        var time: Int
    }

    var standard: TimeZoneRules.LocalTimeType
    var daylight: TimeZoneRules.LocalTimeType?
    var start: Transition?
    var end: Transition?

    init?(_ text: String) {
        var scanner = PosixScanner(Array(text.utf8))
        guard let standardName = scanner.name(), let standardOffset = scanner.offset() else { return nil }
        standard = .init(offset: -standardOffset, isDST: false, abbreviation: standardName)
        guard !scanner.atEnd else { return }
        guard let daylightName = scanner.name() else { return nil }
        let daylightOffset = scanner.peekIsOffset ? scanner.offset() : standardOffset - 3600
        guard let daylightOffset else { return nil }
        daylight = .init(offset: -daylightOffset, isDST: true, abbreviation: daylightName)
        guard scanner.take(","), let start = scanner.transition(), scanner.take(","), let end = scanner.transition(),
            scanner.atEnd
        else { return nil }
        self.start = start
        self.end = end
    }

    func localTimeType(at second: Int64) -> TimeZoneRules.LocalTimeType {
        guard let daylight, let start, let end else { return standard }
        let year = CivilDateTime(utc: second * 1000).date.year
        // The start is written in standard local time, the end in daylight local time.
        let startUTC = start.date.date(year: year).daysSinceEpoch * 86_400 + Int64(start.time - standard.offset)
        let endUTC = end.date.date(year: year).daysSinceEpoch * 86_400 + Int64(end.time - daylight.offset)
        let inDaylight =
            startUTC < endUTC
            ? second >= startUTC && second < endUTC
            : !(second >= endUTC && second < startUTC)  // southern hemisphere: DST spans the new year
        return inDaylight ? daylight : standard
    }
}

private struct PosixScanner {
    let bytes: [UInt8]
    var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[index] }
    var peekIsOffset: Bool {
        guard let peek else { return false }
        return peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") || (0x30...0x39).contains(peek)
    }

    mutating func take(_ character: Character) -> Bool {
        guard let peek, peek == character.asciiValue else { return false }
        index += 1
        return true
    }

    /// `CET` or `<+11>`.
    mutating func name() -> String? {
        let start = index
        if take("<") {
            while let peek, peek != UInt8(ascii: ">") { index += 1 }
            guard take(">") else { return nil }
            return String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
        }
        while let peek, (0x41...0x5A).contains(peek) || (0x61...0x7A).contains(peek) { index += 1 }
        return index - start >= 3 ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    /// Decimal digits; `nil` beyond 6 digits (no field of a TZ string has more: a corrupt file, not an overflow).
    mutating func number() -> Int? {
        let start = index
        var value = 0
        while let peek, (0x30...0x39).contains(peek) {
            guard index - start < 6 else { return nil }
            value = value * 10 + Int(peek - 0x30)
            index += 1
        }
        return index > start ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds.
    mutating func offset() -> Int? {
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let hours = number() else { return nil }
        var seconds = hours * 3600
        if take(":") {
            guard let minutes = number() else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let secs = number() else { return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    /// `date[/time]`; the default time is 02:00.
    mutating func transition() -> PosixTimeZone.Transition? {
        let date: PosixTimeZone.DateRule
        if take("M") {
            guard let month = number(), take("."), let week = number(), take("."), let weekday = number(),
                (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday)
            else { return nil }
            date = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else if take("J") {
            guard let n = number(), (1...365).contains(n) else { return nil }
            date = .julianNoLeap(n)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            date = .zeroBased(n)
        }
        var time = 7200
        if take("/") {
            guard let seconds = offset() else { return nil }
            time = seconds
        }
        return .init(date: date, time: time)
    }
}

/// Finds the IANA zone of a place: the zone whose principal location in `zone1970.tab` is nearest.
/// Near borders this can name a neighbouring zone (western Germany gets `Europe/Brussels`), which has the same
/// offsets there in practice.
package struct TimeZoneLocator: Sendable {
    struct Entry: Sendable {
        var identifier: String
        var coordinate: Coordinate
    }

    let entries: [Entry]

    /// `zone1970Tab`: the text of tzdata's `zone1970.tab` (country codes, `±DDMM±DDDMM[SS]`, zone, comment).
    package init(zone1970Tab: String) {
        entries = zone1970Tab.split(separator: "\n").compactMap { line -> Entry? in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let coordinate = Self.coordinate(fields[1]) else { return nil }
            return Entry(identifier: String(fields[2]), coordinate: coordinate)
        }
    }

    /// The zone identifier nearest to `coordinate`, or nil when the table is empty.
    package func identifier(near coordinate: Coordinate) -> String? {
        entries.min { centralAngle(coordinate, $0.coordinate) < centralAngle(coordinate, $1.coordinate) }?.identifier
    }

    /// ISO 6709 `±DDMM±DDDMM` or `±DDMMSS±DDDMMSS`.
    static func coordinate(_ text: Substring) -> Coordinate? {
        let bytes = Array(text.utf8)
        guard
            let split = bytes.indices.dropFirst().first(where: {
                bytes[$0] == UInt8(ascii: "+") || bytes[$0] == UInt8(ascii: "-")
            }),
            let latitude = angle(bytes[..<split], degreeDigits: 2),
            let longitude = angle(bytes[split...], degreeDigits: 3)
        else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    private static func angle(_ bytes: ArraySlice<UInt8>, degreeDigits: Int) -> Degrees? {
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = bytes.dropFirst()
        guard digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4,
            digits.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        let values = digits.map { Int($0 - 0x30) }
        func number(_ range: Range<Int>) -> Int { values[range].reduce(0) { $0 * 10 + $1 } }
        var degrees = Double(number(0..<degreeDigits)) + Double(number(degreeDigits..<(degreeDigits + 2))) / 60
        if values.count == degreeDigits + 4 {
            degrees += Double(number((degreeDigits + 2)..<(degreeDigits + 4))) / 3600
        }
        return sign == UInt8(ascii: "-") ? -degrees : degrees
    }
}

/// Angle between two points on a sphere (haversine), radians; enough to rank distances.
private func centralAngle(_ a: Coordinate, _ b: Coordinate) -> Double {
    let radians = Double.pi / 180
    let dLat = (b.latitude - a.latitude) * radians
    let dLon = (b.longitude - a.longitude) * radians
    let h =
        sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2)
        * sin(dLon / 2)
    return 2 * asin(min(1, sqrt(h)))
}

/// Solar time offset, `round(longitude / 15)` hours, in seconds: the fallback without tzdata.
package func solarOffsetSeconds(longitude: Degrees) -> Int {
    Int((longitude / 15).rounded()) * 3600
}
