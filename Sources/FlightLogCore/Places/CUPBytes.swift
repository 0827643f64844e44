/// The byte-level pieces of ``CUPReader``: lines, CSV values and numbers read from the file's bytes, so that a
/// 200,000-line file makes a String only for each airfield's name and code (reading it through Character-wise
/// Strings took seconds: grapheme breaking per character, a String per value).
enum CUPBytes {
    static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t"), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    /// Each line of `bytes` (ended by LF, CR LF or a lone CR, as ``BroughtText/lines(_:)`` splits) and whether it
    /// is UTF-8, in order; `body` returns false to stop. A stretch between two LFs that is not valid UTF-8 is
    /// ISO-8859-1, as ``BroughtText/decode(_:)`` reads it; a UTF-8 byte-order mark at the start is skipped.
    static func forEachLine(_ bytes: [UInt8], _ body: (ArraySlice<UInt8>, _ utf8: Bool) -> Bool) {
        var start = 0
        var first = true
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: lf) ?? bytes.count
            var segment = bytes[start..<end]
            let utf8 = segment.allSatisfy { $0 < 0x80 } || String(validating: segment, as: UTF8.self) != nil
            if first, utf8, segment.starts(with: [0xEF, 0xBB, 0xBF]) { segment = segment.dropFirst(3) }
            first = false
            // Lone CRs split the stretch too; a CR just before its LF is part of that line end.
            if end < bytes.count, segment.last == cr { segment = segment.dropLast() }
            var lineStart = segment.startIndex
            while let crAt = segment[lineStart...].firstIndex(of: cr) {
                guard body(segment[lineStart..<crAt], utf8) else { return }
                lineStart = crAt + 1
            }
            guard body(segment[lineStart...], utf8) else { return }
            start = end + 1
        }
    }

    /// The bytes as text: UTF-8 when the line is, else ISO-8859-1.
    static func text(_ bytes: ArraySlice<UInt8>, utf8: Bool) -> String {
        utf8 ? String(decoding: bytes, as: UTF8.self) : IGCText.latin1(bytes)
    }

    /// Without leading and trailing spaces and tabs.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = bytes
        while let f = s.first, f == space || f == tab { s.removeFirst() }
        while let l = s.last, l == space || l == tab { s.removeLast() }
        return s
    }

    /// One line's CSV values, unquoted into one reused buffer (no allocation per value once it has grown):
    /// commas separate, `"…"` quotes (a `""` inside is one quote; a quote opens only a value of nothing but
    /// spaces so far); an unclosed quote runs to the end of the line.
    struct Values {
        private var bytes: [UInt8] = []
        private var ranges: [Range<Int>] = []

        var count: Int { ranges.count }

        /// Value `index` without surrounding spaces and tabs; empty past the last value.
        subscript(index: Int) -> ArraySlice<UInt8> {
            index < ranges.count ? CUPBytes.trimmed(bytes[ranges[index]]) : []
        }

        mutating func split(_ line: ArraySlice<UInt8>) {
            bytes.removeAll(keepingCapacity: true)
            ranges.removeAll(keepingCapacity: true)
            var start = 0
            var quoted = false, wasQuoted = false
            var i = line.startIndex
            while i < line.endIndex {
                let c = line[i]
                if quoted {
                    if c != quote {
                        bytes.append(c)
                    } else if i + 1 < line.endIndex && line[i + 1] == quote {
                        bytes.append(quote)
                        i += 1
                    } else {
                        quoted = false
                    }
                } else if c == comma {
                    ranges.append(start..<bytes.count)
                    start = bytes.count
                    wasQuoted = false
                } else if c == quote && !wasQuoted && bytes[start...].allSatisfy({ $0 == space }) {
                    quoted = true
                    wasQuoted = true
                    bytes.removeSubrange(start...)
                } else {
                    bytes.append(c)
                }
                i += 1
            }
            ranges.append(start..<bytes.count)
        }
    }

    /// Latitude `DDMM.mmmN` or longitude `DDDMM.mmmE` in degrees (exactly two digits of whole minutes, any
    /// hemisphere letter case, spaces around allowed); nil when malformed or out of range.
    static func angle(_ field: ArraySlice<UInt8>, degreeDigits: Int) -> Degrees? {
        let text = trimmed(field)
        guard let hemisphere = text.last, text.count >= degreeDigits + 3, text.count <= degreeDigits + 12 else {
            return nil
        }
        let sign: Double
        switch (hemisphere | 0x20, degreeDigits) {  // ASCII lower case
        case (UInt8(ascii: "n"), 2), (UInt8(ascii: "e"), 3): sign = 1
        case (UInt8(ascii: "s"), 2), (UInt8(ascii: "w"), 3): sign = -1
        default: return nil
        }
        let number = text.dropLast()
        let degreeText = number.prefix(degreeDigits), minuteText = number.dropFirst(degreeDigits)
        let point = UInt8(ascii: ".")
        guard degreeText.allSatisfy(isDigit), minuteText.allSatisfy({ isDigit($0) || $0 == point }),
            minuteText.count(where: { $0 == point }) <= 1, minuteText.prefix(while: { $0 != point }).count == 2,
            let minutes = Double(String(decoding: minuteText, as: UTF8.self)), minutes < 60
        else { return nil }
        let degrees = degreeText.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        let value = Double(degrees) + minutes / 60
        guard value <= (degreeDigits == 2 ? 90 : 180) else { return nil }
        return sign * value
    }

    /// Elevation `123.0m`, `404ft` or `123` (metres; unit in any case, spaces before it allowed) in metres; nil
    /// when empty or malformed.
    static func elevation(_ field: ArraySlice<UInt8>) -> Meters? {
        let text = trimmed(field)
        let lower = { (i: Int) in text[text.endIndex - i] | 0x20 }
        let (number, factor): (ArraySlice<UInt8>, Double) =
            text.count >= 2 && lower(2) == UInt8(ascii: "f") && lower(1) == UInt8(ascii: "t")
            ? (text.dropLast(2), 0.3048)
            : text.count >= 1 && lower(1) == UInt8(ascii: "m") ? (text.dropLast(), 1) : (text, 1)
        let digits = trimmed(number)
        guard !digits.isEmpty, digits.count <= 12,
            digits.allSatisfy({
                isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+")
            }),
            let value = Double(String(decoding: digits, as: UTF8.self)), value.isFinite,
            (-1000...10_000).contains(value * factor)
        else { return nil }
        return value * factor
    }

    /// The style column's number (its first four characters, as SeeYou writes 1-21); nil when it is none.
    static func style(_ field: ArraySlice<UInt8>) -> Int? {
        Int(String(decoding: field.prefix(4), as: UTF8.self))
    }

    /// Whether the line says the waypoints end: `-----…` or `related tasks` in any case.
    static func endsWaypoints(_ line: ArraySlice<UInt8>) -> Bool {
        if line.starts(with: "-----".utf8) { return true }
        let phrase = Array("related tasks".utf8)
        guard line.count >= phrase.count else { return false }
        var i = line.startIndex
        while i + phrase.count <= line.endIndex {
            if line[i] | 0x20 == phrase[0],
                phrase.indices.allSatisfy({ phrase[$0] == (line[i + $0] | (phrase[$0] == space ? 0 : 0x20)) })
            {
                return true
            }
            i += 1
        }
        return false
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
