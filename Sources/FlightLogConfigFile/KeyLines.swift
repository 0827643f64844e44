import FlightLogCore

/// The line each key of a TOML document stands on: the 1-based line of its `key =`, or of its `[table]` header.
///
/// toml++ knows every node's source region, but TOMLKit does not pass it on, so the text is scanned once more
/// here (before toml++ sees it, for the ``hazard``s): table headers, keys (bare, quoted with escapes, dotted), and
/// each value skipped whole (all four kinds of string, arrays and inline tables over several lines, comments).
/// A key inside an inline table or an array takes the line of the key that holds it. On invalid TOML the scan
/// stops early, without trapping; its lines count only once toml++ has accepted the text.
struct KeyLines {
    private var lines: [[String]: Int] = [:]
    /// Invalid TOML on which toml++ 3.4 asserts (an abort in a debug build, undefined behaviour with NDEBUG), so
    /// toml++ must never see it: a table header with no name (`[` at the end of a line, `[&`, `[[[`), a `}` where
    /// an array wants a value (`[}`, `[1, }`), a date-time without a time (`1979-05-27T!`, `1979-05-27 1`). All
    /// were found by the config fuzz target.
    /// Also a hazard: tables, arrays and dotted keys nested deeper than ``maxDepth`` (toml++ recurses and allocates
    /// per level; flightlog's settings nest two deep).
    private(set) var hazard: ConfigError?
    static let maxDepth = 32
    static let depthAdvice = "flightlog's settings nest at most 2"

    /// The line of `path` (`["server", "port"]`), else of the nearest table or key that holds it.
    func line(of path: [String]) -> Int? {
        for count in stride(from: path.count, to: 0, by: -1) {
            if let line = lines[Array(path.prefix(count))] { return line }
        }
        return nil
    }

    /// Scans `text`, which must be valid TOML (on anything else it stops early, without trapping).
    init(_ text: String) {
        var s = Scanner(Array(text.utf8))
        if s.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { s.index = 3 }  // a byte order mark
        var table: [String] = []
        while true {
            s.skipBlankLinesAndComments()
            guard let c = s.peek else { return }
            let line = s.line
            if c == UInt8(ascii: "[") {
                s.advance()
                if s.peek == UInt8(ascii: "[") { s.advance() }  // [[array of tables]]
                s.skipSpaces()
                guard let c = s.peek, Scanner.isBareKeyByte(c) || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")
                else {
                    if s.peek != UInt8(ascii: "]") { hazard = s.error("expected a table name after '['") }
                    return
                }
                guard let path = s.keyPath() else { return }
                if path.count > Self.maxDepth {
                    hazard = s.error("tables nested more than \(Self.maxDepth) deep: \(Self.depthAdvice)")
                    return
                }
                table = path
                record(path, line: line)
                s.skipToNextLine()
            } else {
                guard let path = s.keyPath(), s.peek == UInt8(ascii: "=") else { return }
                s.advance()
                if table.count + path.count <= Self.maxDepth { record(table + path, line: line) }
                if let error = s.skipValue(depth: table.count + path.count) {
                    hazard = error
                    return
                }
            }
        }
    }

    /// The first place counts: a table made by a dotted key keeps the line of its first key.
    private mutating func record(_ path: [String], line: Int) {
        for count in path.indices {
            let prefix = Array(path.prefix(count + 1))
            if lines[prefix] == nil { lines[prefix] = line }
        }
    }
}

/// A cursor over UTF-8 bytes that counts lines as it goes.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    private(set) var line = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    /// 1-based column of the cursor, in characters (Unicode scalars), as toml++ counts.
    var column: Int {
        var start = index
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return bytes[start..<index].count { $0 & 0xC0 != 0x80 } + 1
    }

    mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    mutating func skipSpaces() {
        while let c = peek, c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") { advance() }
    }

    mutating func skipBlankLinesAndComments() {
        while let c = peek {
            if c == UInt8(ascii: "#") {
                skipComment()
            } else if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r")
                || c == UInt8(ascii: "\n")
            {
                advance()
            } else {
                return
            }
        }
    }

    mutating func skipComment() {
        while let c = peek, c != UInt8(ascii: "\n") { advance() }
    }

    mutating func skipToNextLine() {
        while let c = peek {
            advance()
            if c == UInt8(ascii: "\n") { return }
        }
    }

    /// `a`, `"a.b"`, `'a'`, `a . "b" . c`; stops before the `=` or `]`. Nil when no key is there.
    mutating func keyPath() -> [String]? {
        var path: [String] = []
        while true {
            skipSpaces()
            guard let key = key() else { return nil }
            path.append(key)
            skipSpaces()
            guard peek == UInt8(ascii: ".") else { return path }
            advance()
        }
    }

    private mutating func key() -> String? {
        guard let c = peek else { return nil }
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { return quotedKey(c) }
        let start = index
        while let c = peek, Self.isBareKeyByte(c) { advance() }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    static func isBareKeyByte(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D
    }

    /// A quoted key, its escapes decoded as toml++ decodes them (`"\u0070ort"` is `port`), and cut at a NUL as
    /// TOMLKit's C strings cut it (`"a\u0000b"` is `a`).
    private mutating func quotedKey(_ quote: UInt8) -> String? {
        advance()
        var utf8: [UInt8] = []
        while let c = peek {
            advance()
            if c == quote { return String(decoding: utf8.prefix { $0 != 0 }, as: UTF8.self) }
            guard quote == UInt8(ascii: "\""), c == UInt8(ascii: "\\"), let e = peek else {
                utf8.append(c)
                continue
            }
            advance()
            switch e {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                let count = e == UInt8(ascii: "u") ? 4 : 8
                guard index + count <= bytes.count,
                    let value = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                for _ in 0..<count { advance() }
                utf8.append(contentsOf: String(Character(scalar)).utf8)
            default: utf8.append(e)  // \" and \\
            }
        }
        return nil
    }

    /// Skips a value up to the end of its line: strings, and arrays and inline tables however many lines they take.
    /// Returns the error for a `}` that would close an array (see ``KeyLines/hazard``).
    /// `depth` is the nesting of the key the value belongs to; each array, inline table and dotted key part inside
    /// adds one, and more than ``KeyLines/maxDepth`` is an error.
    mutating func skipValue(depth: Int) -> ConfigError? {
        var open: [UInt8] = []
        var depths: [Int] = []  // the depth of each open array or inline table
        var keyDots = 0  // dots of the dotted key being read inside an inline table
        var inKey = false
        if depth > KeyLines.maxDepth {
            return error("dotted keys nested more than \(KeyLines.maxDepth) deep: \(KeyLines.depthAdvice)")
        }
        var last = UInt8(ascii: "=")  // the last byte that was not blank, a comment or inside a string
        while let c = peek {
            let valueStarts =
                last == UInt8(ascii: "=")
                || (open.last == UInt8(ascii: "[") && (last == UInt8(ascii: "[") || last == UInt8(ascii: ",")))
            if c != UInt8(ascii: " "), c != UInt8(ascii: "\t"), c != UInt8(ascii: "\r"), c != UInt8(ascii: "\n"),
                c != UInt8(ascii: "#")
            {
                last = c
            }
            if valueStarts, let error = dateTimeWithoutTime() ?? dateSpaceDigit() { return error }
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): skipString(c)
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depths.append((depths.last ?? depth) + 1 + keyDots)
                if depths[depths.count - 1] > KeyLines.maxDepth {
                    return error(
                        "arrays and tables nested more than \(KeyLines.maxDepth) deep: \(KeyLines.depthAdvice)")
                }
                open.append(c)
                keyDots = 0
                inKey = c == UInt8(ascii: "{")
                advance()
            case UInt8(ascii: "}") where open.last == UInt8(ascii: "["):
                return error("expected a value or ']' in the array, saw '}'")
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                _ = open.popLast()
                _ = depths.popLast()
                keyDots = 0
                inKey = false
                advance()
            case UInt8(ascii: ".") where inKey:
                keyDots += 1
                if (depths.last ?? depth) + keyDots > KeyLines.maxDepth {
                    return error("dotted keys nested more than \(KeyLines.maxDepth) deep: \(KeyLines.depthAdvice)")
                }
                advance()
            case UInt8(ascii: "="):
                inKey = false
                advance()
            case UInt8(ascii: ","):
                keyDots = 0
                inKey = open.last == UInt8(ascii: "{")
                advance()
            case UInt8(ascii: "#"): skipComment()
            case UInt8(ascii: "\n"):
                advance()
                if open.isEmpty { return nil }
            default: advance()
            }
        }
        return nil
    }

    /// `YYYY-MM-DDT` (or `t`) not followed by a digit, at the start of a value.
    private mutating func dateTimeWithoutTime() -> ConfigError? {
        let bytes = Array(bytes[index..<min(index + 12, bytes.count)])
        let digit = { (offset: Int) in offset < bytes.count && bytes[offset] >= 0x30 && bytes[offset] <= 0x39 }
        let peek = { (offset: Int) in offset < bytes.count ? bytes[offset] : nil }
        guard (0..<4).allSatisfy(digit), peek(4) == UInt8(ascii: "-"), digit(5), digit(6), peek(7) == UInt8(ascii: "-"),
            digit(8), digit(9), peek(10) == UInt8(ascii: "T") || peek(10) == UInt8(ascii: "t"), !digit(11)
        else { return nil }
        for _ in 0..<11 { advance() }
        return error("expected a time (HH:MM:SS) after the date's 'T'")
    }

    /// `YYYY-MM-DD 1` and no second digit: toml++ takes it for a date-time with a space for the `T` and asserts
    /// when the value ends there (a space, `]`, even U+FEFF). Refused wider than that: ten characters (`_` not
    /// counted) with `-` fifth and eighth, a space and a digit are a date-time in valid TOML, and so need an hour
    /// of two digits.
    private mutating func dateSpaceDigit() -> ConfigError? {
        let terminators: [UInt8] = Array(" \t\r\n]},#".utf8)
        var end = index
        while end < bytes.count, !terminators.contains(bytes[end]) { end += 1 }
        let token = Array(String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.filter { $0 != "_" })
        let bytes = bytes
        let isDigit = { (i: Int) in i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        guard token.count == 10, token[4] == "-", token[7] == "-", end < bytes.count, bytes[end] == UInt8(ascii: " "),
            isDigit(end + 1), !isDigit(end + 2)
        else { return nil }
        while index < end + 2 { advance() }
        return error("expected a time (HH:MM:SS) after the date")
    }

    /// A syntax error at the cursor.
    func error(_ message: String) -> ConfigError {
        ConfigError(line: line, column: column, "syntax error: \(message)")
    }

    /// `"…"`, `'…'`, `"""…"""` or `'''…'''` (a multi-line string may end in up to two more quotes).
    private mutating func skipString(_ quote: UInt8) {
        let multiLine = peek(1) == quote && peek(2) == quote
        for _ in 0..<(multiLine ? 3 : 1) { advance() }
        while let c = peek {
            if c == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                advance()
                if peek != nil { advance() }
                continue
            }
            if c == quote, !multiLine || (peek(1) == quote && peek(2) == quote) {
                for _ in 0..<(multiLine ? 3 : 1) { advance() }
                if multiLine {
                    for _ in 0..<2 where peek == quote { advance() }
                }
                return
            }
            if c == UInt8(ascii: "\n"), !multiLine { return }
            advance()
        }
    }
}
