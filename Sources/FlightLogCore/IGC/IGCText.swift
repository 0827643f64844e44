/// Text helpers for IGC files: decoding header bytes and folding text to the characters IGC allows.
enum IGCText {
    /// Header text: UTF-8 when the bytes are valid UTF-8, else ISO-8859-1 (every byte valid); trimmed.
    static func decode<C: Collection<UInt8>>(_ bytes: C) -> String {
        let text = String(validating: bytes, as: UTF8.self) ?? latin1(bytes)
        return trimmed(text)
    }

    /// ISO-8859-1: each byte is the Unicode scalar of the same value.
    static func latin1<C: Collection<UInt8>>(_ bytes: C) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Whether IGC allows `byte` in a record: 0x20–0x7E except the reserved `! $ * \ ^ ~` (spec A6).
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "*"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
            UInt8(ascii: "~"):
            false
        default: byte >= 0x20 && byte <= 0x7E
        }
    }

    /// `text` as allowed IGC bytes: accents folded (`Müller` → `Muller`, `Ø` → `O`, `Æ` → `AE`, `ß` → `ss`),
    /// Greek and Cyrillic transliterated, typographic quotes and dashes made plain, everything else dropped.
    static func fold(_ text: String) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                if isAllowed(byte) { out.append(byte) } else if byte == 0x09 { out.append(0x20) }
                continue
            }
            out += Array(transliteration(of: value).utf8)
        }
        return out
    }

    /// ASCII for one non-ASCII scalar ("" when there is none).
    private static func transliteration(of value: UInt32) -> String {
        switch value {
        case 0xC0...0xFF: return latin1Supplement[Int(value - 0xC0)]
        case 0x100...0x17F: return latinExtendedA[Int(value - 0x100)]
        case 0x391...0x3A9: return greekUpper[Int(value - 0x391)]
        case 0x3B1...0x3C9: return greekUpper[Int(value - 0x3B1)].lowercased()
        case 0x386: return "A"
        case 0x388: return "E"
        case 0x389, 0x38A: return "I"
        case 0x38C, 0x38F: return "O"
        case 0x38E: return "Y"
        case 0x3AC: return "a"
        case 0x3AD: return "e"
        case 0x3AE, 0x3AF, 0x3CA, 0x390: return "i"
        case 0x3CC, 0x3CE: return "o"
        case 0x3CD, 0x3CB, 0x3B0: return "y"
        case 0x410...0x42F: return cyrillicUpper[Int(value - 0x410)]
        case 0x430...0x44F: return cyrillicUpper[Int(value - 0x430)].lowercased()
        case 0x401, 0x404: return "E"
        case 0x451, 0x454: return "e"
        case 0x406, 0x407: return "I"
        case 0x456, 0x457: return "i"
        case 0x490: return "G"
        case 0x491: return "g"
        case 0x2018, 0x2019, 0x201A, 0x2032: return "'"
        case 0x201C, 0x201D, 0x201E, 0x2033: return "\""
        case 0x2010...0x2015, 0x2212: return "-"
        case 0x00A0, 0x2000...0x200A, 0x202F: return " "
        case 0x2026: return "..."
        case 0x00B0: return "deg"
        default: return ""  // combining marks (U+0300…U+036F) and anything else are dropped
        }
    }

    /// U+00C0…U+00FF.
    private static let latin1Supplement: [String] = [
        "A", "A", "A", "A", "A", "A", "AE", "C", "E", "E", "E", "E", "I", "I", "I", "I",
        "D", "N", "O", "O", "O", "O", "O", "x", "O", "U", "U", "U", "U", "Y", "TH", "ss",
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",
    ]

    /// U+0100…U+017F.
    private static let latinExtendedA: [String] = {
        let groups: [(String, Int)] = [
            ("Aa", 3), ("Cc", 4), ("Dd", 2), ("Ee", 5), ("Gg", 4), ("Hh", 2), ("Ii", 5), ("IJij", 1), ("Jj", 1),
            ("Kkk", 1), ("Ll", 5), ("NnNnNnnNn", 1), ("Oo", 3), ("OEoe", 1), ("Rr", 3), ("Ss", 4), ("Tt", 3),
            ("Uu", 6), ("Ww", 1), ("YyY", 1), ("Zz", 3), ("s", 1),
        ]
        var table = [String]()
        for (letters, repeats) in groups {
            let pieces: [String] =
                letters.count == 4 && letters.hasPrefix("IJ")
                ? ["IJ", "ij"]
                : letters.count == 4 && letters.hasPrefix("OE") ? ["OE", "oe"] : letters.map(String.init)
            for _ in 0..<repeats { table += pieces }
        }
        return table
    }()

    /// U+0391…U+03A9 (U+03A2 is unassigned; final sigma U+03C2 maps through it to "s").
    private static let greekUpper: [String] = [
        "A", "B", "G", "D", "E", "Z", "I", "Th", "I", "K", "L", "M", "N", "X", "O", "P", "R", "S", "S", "T",
        "Y", "F", "Ch", "Ps", "O",
    ]

    /// U+0410…U+042F.
    private static let cyrillicUpper: [String] = [
        "A", "B", "V", "G", "D", "E", "Zh", "Z", "I", "Y", "K", "L", "M", "N", "O", "P", "R", "S", "T", "U",
        "F", "Kh", "Ts", "Ch", "Sh", "Shch", "", "Y", "", "E", "Yu", "Ya",
    ]
}
