/// The text of a file a pilot brings from another program (a SeeYou CUP waypoint file, an OpenAir airspace file):
/// one decoding, one way to split lines, one warning shape for the tolerant readers of such files.
package enum BroughtText {
    /// UTF-16 when it starts with its byte-order mark (or, without one, every other byte of its first line is
    /// zero), else each line by itself: UTF-8 when the line is valid UTF-8, else ISO-8859-1 (Windows programs
    /// write their code page; a file pieced together from two sources mixes both). Without a leading byte-order mark.
    package static func decode(_ bytes: [UInt8]) -> String {
        var text: String
        if let order = utf16Order(bytes) {
            text = utf16(bytes, bigEndian: order)
        } else if let valid = String(validating: bytes, as: UTF8.self) {
            text = valid
        } else {
            text = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
                String(validating: line, as: UTF8.self) ?? IGCText.latin1(line)
            }.joined(separator: "\n")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }

    /// The file's encoding in words, for a message about a file that held nothing readable: "UTF-16", "UTF-8",
    /// "ISO-8859-1 (Latin-1)" or "binary (not text)".
    package static func encodingName(_ bytes: [UInt8]) -> String {
        if utf16Order(bytes) != nil { return "UTF-16" }
        if bytes.prefix(4096).contains(0) { return "binary (not text)" }
        return String(validating: bytes, as: UTF8.self) != nil ? "UTF-8" : "ISO-8859-1 (Latin-1)"
    }

    /// Big-endian (true) or little-endian (false) UTF-16, or nil when the bytes are not UTF-16: a byte-order mark,
    /// or without one ASCII text whose first 64 characters each carry a zero byte on the same side.
    static func utf16Order(_ bytes: [UInt8]) -> Bool? {
        if bytes.starts(with: [0xFE, 0xFF]) { return true }
        if bytes.starts(with: [0xFF, 0xFE]) { return false }
        let head = Array(bytes.prefix(128))
        guard head.count >= 4, head.count % 2 == 0 else { return nil }
        let pairs = stride(from: 0, to: head.count, by: 2).map { (head[$0], head[$0 + 1]) }
        if pairs.allSatisfy({ $0.0 == 0 && $0.1 != 0 }) { return true }
        if pairs.allSatisfy({ $0.1 == 0 && $0.0 != 0 }) { return false }
        return nil
    }

    /// The bytes as UTF-16 (an odd last byte dropped, broken surrogates replaced by U+FFFD).
    static func utf16(_ bytes: [UInt8], bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        for i in stride(from: 0, to: bytes.count - 1, by: 2) {
            let high = UInt16(bytes[bigEndian ? i : i + 1]), low = UInt16(bytes[bigEndian ? i + 1 : i])
            units.append(high << 8 | low)
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The lines of `text`, ended by LF, CR LF or a lone CR (Swift reads CR LF as one Character, never equal to
    /// "\n": split on all three); the first is line 1.
    package static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { "\n\r\n\r".contains($0) })
    }

    /// A line a tolerant reader skipped: its 1-based number and why.
    package struct LineWarning: Sendable, Equatable, CustomStringConvertible {
        package var line: Int
        package var message: String
        package init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
        package var description: String { "line \(line): \(message)" }
    }
}

extension Character {
    /// 0–9 only (not the other scripts' digits `isWholeNumber` accepts).
    package var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    package var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
