import FlightLogCore

/// The values of OpenAir records: heights, positions, radii and angles (nil when malformed or out of range).
extension OpenAirReader {
    /// `FL95`, `FL 95`, `3500ft`, `3500 ft MSL`, `1000m AMSL`, `2000ft AGL`, `1500 AGL`, `GND`, `SFC`, `MSL`,
    /// `UNL`, `UNLIM`; a number without a unit is feet, without a reference above mean sea level.
    package static func limit(_ text: Substring) -> AirspaceLimit? {
        let words = text.uppercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first else { return nil }
        let joined = words.joined(separator: " ")
        if ["GND", "SFC", "GROUND", "SURFACE"].contains(joined) { return .ground }
        if joined == "MSL" { return .meanSeaLevel(0) }
        if first.hasPrefix("UNL") { return .unlimited }
        if first.hasPrefix("FL") {
            let digits = first.count > 2 ? first.dropFirst(2) : (words.count > 1 ? words[1][...] : "")
            guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCIIDigit), let level = Int(digits)
            else { return nil }
            return .flightLevel(level)
        }
        // A number, then its unit and reference in any spacing: "3500FT MSL", "3500 FT AMSL", "1000M", "1500 AGL".
        let numberText = joined.prefix { $0.isASCIIDigit || $0 == "." }
        guard !numberText.isEmpty, numberText.count <= 8, numberText.first != ".", let value = Double(numberText)
        else { return nil }
        var rest = Set(joined.dropFirst(numberText.count).split(separator: " ").map(String.init))
        var metres = value * AirspaceLimit.metresPerFoot
        // A unit may be glued to the reference ("FTMSL") in some files: split the common ones.
        for glued in ["FTMSL", "FTAMSL", "FTAGL", "FTGND", "FTSFC", "MMSL", "MAMSL", "MAGL"] where rest.contains(glued)
        {
            rest.remove(glued)
            let unit = glued.hasPrefix("FT") ? "FT" : "M"
            rest.formUnion([unit, String(glued.dropFirst(unit.count))])
        }
        if rest.remove("M") != nil || rest.remove("METER") != nil || rest.remove("METERS") != nil {
            metres = value
        } else {
            _ = rest.remove("FT") ?? rest.remove("F") ?? rest.remove("FEET")
        }
        let aboveGround = ["AGL", "AGND", "ASFC", "GND", "SFC"].contains { rest.remove($0) != nil }
        if !aboveGround { for reference in ["MSL", "AMSL", "ALT"] { rest.remove(reference) } }
        guard rest.isEmpty, metres <= 30_000 else { return nil }
        return aboveGround ? (metres == 0 ? .ground : .aboveGround(metres)) : .meanSeaLevel(metres)
    }

    /// `DD:MM:SS N DDD:MM:SS E` (seconds may have decimals) or `DD:MM.mmm N DDD:MM.mmm E`, spaces optional.
    package static func coordinate(_ text: Substring) -> Coordinate? {
        let upper = text.uppercased()
        guard let ns = upper.firstIndex(where: { $0 == "N" || $0 == "S" }),
            let ew = upper[ns...].firstIndex(where: { $0 == "E" || $0 == "W" }),
            upper[upper.index(after: ew)...].allSatisfy({ $0 == " " || $0 == "\t" }),
            let latitude = angle(upper[..<ns], maximumDegrees: 90),
            let longitude = angle(upper[upper.index(after: ns)..<ew], maximumDegrees: 180)
        else { return nil }
        return Coordinate(
            latitude: upper[ns] == "S" ? -latitude : latitude, longitude: upper[ew] == "W" ? -longitude : longitude)
    }

    /// `DD:MM:SS(.s)` or `DD:MM(.m)` in degrees.
    static func angle(_ text: Substring, maximumDegrees: Double) -> Degrees? {
        let parts = text.filter { $0 != " " && $0 != "\t" }.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0].count <= 3, parts[0].allSatisfy(\.isASCIIDigit),
            let degrees = Int(parts[0])
        else { return nil }
        func part(_ text: Substring, decimals: Bool) -> Double? {
            guard !text.isEmpty, text.count <= 12, text.first != ".",
                text.allSatisfy({ $0.isASCIIDigit || (decimals && $0 == ".") }), let value = Double(text), value < 60
            else { return nil }
            return value
        }
        let value: Double
        if parts.count == 3 {
            guard let minutes = part(parts[1], decimals: false), let seconds = part(parts[2], decimals: true) else {
                return nil
            }
            value = Double(degrees) + minutes / 60 + seconds / 3600
        } else {
            guard let minutes = part(parts[1], decimals: true) else { return nil }
            value = Double(degrees) + minutes / 60
        }
        return value <= maximumDegrees ? value : nil
    }

    /// A name, class or type as it may be shown anywhere (page, PDF, terminal): controls (C0, DEL, C1) and the
    /// invisible characters that reorder or break the text around them (bidirectional overrides and isolates,
    /// line and paragraph separators) each become a space, runs of spaces one, and at most `maxLength` characters
    /// are kept. A file's `AN \u{202E}…` would otherwise show the limits beside the name reversed.
    package static func plainText(_ text: Substring, maxLength: Int) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let hidden: Bool =
                switch scalar.value {
                case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                    true
                default: false
                }
            let next: Unicode.Scalar = hidden ? " " : scalar
            if next == " ", out.last == " " || out.isEmpty { continue }
            out.append(next)
        }
        var result = String(String(out).prefix(maxLength))
        while result.last == " " { result.removeLast() }
        return result
    }

    /// A radius in nautical miles, above 0 and at most ``maximumRadius``.
    static func radius(_ text: Substring) -> Double? {
        let trimmed = text.filter { $0 != " " && $0 != "\t" }
        guard trimmed.count <= 12, let value = Double(trimmed), value.isFinite, value > 0, value <= maximumRadius
        else { return nil }
        return value
    }

    /// An angle in degrees (any finite value up to ten turns; it is taken modulo 360).
    static func angle(_ text: Substring) -> Degrees? {
        let trimmed = text.filter { $0 != " " && $0 != "\t" }
        guard trimmed.count <= 12, let value = Double(trimmed), value.isFinite, abs(value) <= 3600 else { return nil }
        return value
    }
}
