/// A value in the TOML subset the config file uses.
package enum TOMLValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
}

/// One `key = value` line, with its section and line number (for error messages).
package struct TOMLEntry: Sendable, Hashable {
    /// Section name (`""` before the first `[section]`).
    package var section: String
    package var key: String
    package var value: TOMLValue
    package var line: Int
}

/// Parses the TOML subset: `[section]` headers, `key = value` with bare keys, values `"basic string"` (escapes
/// `\" \\ \n \t \r \uXXXX \UXXXXXXXX`), `'literal string'`, integers, floats, `true`/`false`, `#` comments and
/// blank lines. Anything else (arrays, inline tables, dotted keys, multi-line strings, dates) is an error naming
/// the line. A key repeated in one section or a repeated section is an error too.
package func parseTOMLSubset(_ text: String) throws(ConfigError) -> [TOMLEntry] {
    var entries: [TOMLEntry] = []
    var section = ""
    var seenSections: Set<String> = [""]
    var seenKeys: Set<String> = []
    var lineNumber = 0
    // Split on scalars: as Characters, "\r\n" is one grapheme that never equals "\n" (a CR LF file was one line).
    for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
        lineNumber += 1
        var scanner = LineScanner(Array(rawLine), line: lineNumber)
        scanner.skipSpace()
        if scanner.atEndOrComment { continue }
        if scanner.peek == "[" {
            scanner.advance()
            scanner.skipSpace()
            let name = scanner.bareKey()
            scanner.skipSpace()
            guard !name.isEmpty, scanner.peek == "]" else {
                throw ConfigError(line: lineNumber, "expected a section header like [daemon]")
            }
            scanner.advance()
            try scanner.expectEnd()
            guard seenSections.insert(name).inserted else {
                throw ConfigError(line: lineNumber, "section [\(name)] appears twice")
            }
            section = name
            continue
        }
        let key = scanner.bareKey()
        guard !key.isEmpty else {
            throw ConfigError(line: lineNumber, "expected `key = value` (keys are letters, digits, '_' and '-')")
        }
        scanner.skipSpace()
        guard scanner.peek == "=" else {
            throw ConfigError(line: lineNumber, "expected '=' after key '\(key)'")
        }
        scanner.advance()
        scanner.skipSpace()
        let value = try scanner.value()
        try scanner.expectEnd()
        guard seenKeys.insert(section + "\u{0}" + key).inserted else {
            throw ConfigError(line: lineNumber, "key '\(key)' appears twice")
        }
        entries.append(TOMLEntry(section: section, key: key, value: value, line: lineNumber))
    }
    return entries
}

private struct LineScanner {
    let chars: [Unicode.Scalar]
    let line: Int
    var index = 0

    init(_ chars: [Unicode.Scalar], line: Int) {
        // Tolerate CR LF line ends.
        self.chars = chars.last == "\r" ? Array(chars.dropLast()) : chars
        self.line = line
    }

    var peek: Unicode.Scalar? { index < chars.count ? chars[index] : nil }
    var atEndOrComment: Bool { peek == nil || peek == "#" }
    mutating func advance() { index += 1 }

    mutating func skipSpace() {
        while let c = peek, c == " " || c == "\t" { advance() }
    }

    mutating func expectEnd() throws(ConfigError) {
        skipSpace()
        guard atEndOrComment else { throw ConfigError(line: line, "unexpected text after the value") }
    }

    mutating func bareKey() -> String {
        var key = String.UnicodeScalarView()
        while let c = peek,
            ("a"..."z").contains(c) || ("A"..."Z").contains(c)
                || c == "_" || c == "-" || ("0"..."9").contains(c)
        {
            key.append(c)
            advance()
        }
        return String(key)
    }

    mutating func value() throws(ConfigError) -> TOMLValue {
        guard let c = peek else { throw ConfigError(line: line, "missing value after '='") }
        switch c {
        case "\"": return .string(try basicString())
        case "'": return .string(try literalString())
        default: break
        }
        var token = ""
        while let c = peek, c != " ", c != "\t", c != "#" {
            token.unicodeScalars.append(c)
            advance()
        }
        if token == "true" { return .boolean(true) }
        if token == "false" { return .boolean(false) }
        let digits = token.replacing("_", with: "")
        if let i = Int(digits) { return .integer(i) }
        if digits.contains(where: { $0.isNumber }), let d = Double(digits), d.isFinite { return .float(d) }
        throw ConfigError(
            line: line, "unsupported value `\(token)` (use a \"string\", a number, true or false)")
    }

    mutating func literalString() throws(ConfigError) -> String {
        advance()
        var s = String.UnicodeScalarView()
        while let c = peek {
            advance()
            if c == "'" { return String(s) }
            s.append(c)
        }
        throw ConfigError(line: line, "unterminated string (missing ')")
    }

    mutating func basicString() throws(ConfigError) -> String {
        advance()
        var s = String.UnicodeScalarView()
        while let c = peek {
            advance()
            switch c {
            case "\"": return String(s)
            case "\\":
                guard let e = peek else { break }
                advance()
                switch e {
                case "\"": s.append("\"")
                case "\\": s.append("\\")
                case "n": s.append("\n")
                case "t": s.append("\t")
                case "r": s.append("\r")
                case "u": s.append(try hexScalar(4))
                case "U": s.append(try hexScalar(8))
                default: throw ConfigError(line: line, "unknown escape \\\(e) in string")
                }
            default: s.append(c)
            }
        }
        throw ConfigError(line: line, "unterminated string (missing \")")
    }

    mutating func hexScalar(_ count: Int) throws(ConfigError) -> Unicode.Scalar {
        guard index + count <= chars.count,
            let value = UInt32(String(String.UnicodeScalarView(chars[index..<index + count])), radix: 16),
            let scalar = Unicode.Scalar(value)
        else { throw ConfigError(line: line, "bad \\u escape (needs \(count) hex digits of a valid character)") }
        index += count
        return scalar
    }
}
