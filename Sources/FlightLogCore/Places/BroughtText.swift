/// The text of a file a pilot brings from another program (a SeeYou CUP waypoint file, an OpenAir airspace file):
/// one decoding, one way to split lines, one warning shape for the tolerant readers of such files.
package enum BroughtText {
    /// UTF-8 when the bytes are valid UTF-8, else ISO-8859-1 (Windows programs write their code page), without a
    /// leading byte-order mark.
    package static func decode(_ bytes: [UInt8]) -> String {
        var text = String(validating: bytes, as: UTF8.self) ?? IGCText.latin1(bytes)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
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
