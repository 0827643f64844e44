/// Reads the airfields of a SeeYou CUP waypoint file (Naviter's format; bytes in, no I/O).
///
/// A CUP file is CSV: an optional header line (`name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc`;
/// newer files add `rwwidth`, `userdata`, `pics`: columns are found by their header names), then one waypoint
/// per line with quoted text (`""` inside quotes is a quote), latitude `5107.830N` (DDMM.mmm), longitude
/// `00647.500E` (DDDMM.mmm), elevation `123.0m` or `404ft`, and the style: 2 grass airfield, 3 outlanding field,
/// 4 gliding site, 5 paved airfield (those four are kept). A line `-----Related Tasks-----` ends the waypoints.
///
/// Tolerant: a damaged line is skipped with a numbered warning, never a failure; text that is not UTF-8 is read
/// as Latin-1 (SeeYou writes the Windows code page).
package enum CUPReader {
    /// A skipped line: its 1-based number and why.
    package typealias Warning = BroughtText.LineWarning

    package struct Result: Sendable {
        /// Entries of styles 2–5, as pilot fields (no zone: the index gives them the nearest field's).
        package var airfields: [Airfield] = []
        /// Waypoints that are not airfields (turn points, mountain tops ...).
        package var otherWaypoints = 0
        package var warnings: [Warning] = []
    }

    package static let airfieldStyles: ClosedRange<Int> = 2...5

    package static func read(_ bytes: [UInt8]) -> Result {
        let text = BroughtText.decode(bytes)
        var result = Result()
        var columns = Columns.standard
        var lineNumber = 0
        for line in BroughtText.lines(text) {
            lineNumber += 1
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if line.hasPrefix("-----") || line.lowercased().contains("related tasks") { break }
            let values = csvValues(line)
            if lineNumber == 1 || result.airfields.isEmpty && result.otherWaypoints == 0 && result.warnings.isEmpty,
                let header = Columns(header: values)
            {
                columns = header
                continue
            }
            switch waypoint(values, columns: columns) {
            case .airfield(let field): result.airfields.append(field)
            case .other: result.otherWaypoints += 1
            case .damaged(let why): result.warnings.append(Warning(line: lineNumber, message: why))
            }
        }
        return result
    }

    /// Latitude `DDMM.mmmN` or longitude `DDDMM.mmmE` in degrees (exactly two digits of whole minutes); nil when
    /// malformed or out of range.
    package static func angle(_ text: Substring, degreeDigits: Int) -> Degrees? {
        let text = text.trimmingSpaces
        guard let hemisphere = text.last?.uppercased(), text.count >= degreeDigits + 3, text.count <= degreeDigits + 12
        else {
            return nil
        }
        let sign: Double
        switch (hemisphere, degreeDigits) {
        case ("N", 2), ("E", 3): sign = 1
        case ("S", 2), ("W", 3): sign = -1
        default: return nil
        }
        let number = text.dropLast()
        let degreeText = number.prefix(degreeDigits), minuteText = number.dropFirst(degreeDigits)
        guard degreeText.allSatisfy(\.isASCIIDigit), let degrees = Int(degreeText),
            minuteText.allSatisfy({ $0.isASCIIDigit || $0 == "." }), minuteText.filter({ $0 == "." }).count <= 1,
            minuteText.prefix(while: { $0 != "." }).count == 2, let minutes = Double(minuteText), minutes < 60
        else { return nil }
        let value = Double(degrees) + minutes / 60
        guard value <= (degreeDigits == 2 ? 90 : 180) else { return nil }
        return sign * value
    }

    /// Elevation `123.0m`, `404ft` or `123` (metres) in metres; nil when empty or malformed.
    package static func elevation(_ text: Substring) -> Meters? {
        let lower = text.trimmingSpaces.lowercased()
        let (number, factor): (Substring, Double) =
            lower.hasSuffix("ft")
            ? (lower.dropLast(2)[...], 0.3048) : lower.hasSuffix("m") ? (lower.dropLast()[...], 1) : (lower[...], 1)
        let digits = number.trimmingSpaces
        guard !digits.isEmpty, digits.count <= 12,
            digits.allSatisfy({ $0.isASCIIDigit || $0 == "." || $0 == "-" || $0 == "+" }),
            let value = Double(digits), value.isFinite, (-1000...10_000).contains(value * factor)
        else { return nil }
        return value * factor
    }

    private enum Entry {
        case airfield(Airfield)
        case other
        case damaged(String)
    }

    private static func waypoint(_ values: [Substring], columns: Columns) -> Entry {
        func value(_ index: Int) -> Substring { index < values.count ? values[index].trimmingSpaces : "" }
        guard values.count > max(columns.latitude, columns.longitude) else {
            return .damaged("\(values.count) columns; a waypoint needs name, code, country, lat, lon, elev, style")
        }
        let name = value(columns.name)
        guard !name.isEmpty else { return .damaged("waypoint without a name") }
        guard let latitude = angle(value(columns.latitude), degreeDigits: 2) else {
            return .damaged("latitude '\(value(columns.latitude).prefix(20))' is not DDMM.mmmN/S")
        }
        guard let longitude = angle(value(columns.longitude), degreeDigits: 3) else {
            return .damaged("longitude '\(value(columns.longitude).prefix(20))' is not DDDMM.mmmE/W")
        }
        guard let style = Int(value(columns.style).prefix(4)), airfieldStyles.contains(style) else { return .other }
        let code = value(columns.code)
        return .airfield(
            Airfield(
                code: code.isEmpty ? nil : String(code), name: String(name),
                coordinate: Coordinate(latitude: latitude, longitude: longitude),
                elevation: elevation(value(columns.elevation)), zoneIdentifier: nil, source: .pilot))
    }

    /// Where the columns are: SeeYou's order, or as a header line names them.
    private struct Columns {
        var name = 0, code = 1, latitude = 3, longitude = 4, elevation = 5, style = 6
        static let standard = Columns()

        init() {}

        /// A header line names at least `name`, `lat` and `lon`.
        init?(header values: [Substring]) {
            let names = values.map { $0.trimmingSpaces.lowercased() }
            guard let name = names.firstIndex(of: "name"), let latitude = names.firstIndex(of: "lat"),
                let longitude = names.firstIndex(of: "lon")
            else { return nil }
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            code = names.firstIndex(of: "code") ?? Int.max
            elevation = names.firstIndex(of: "elev") ?? Int.max
            style = names.firstIndex(of: "style") ?? Int.max
        }
    }

    /// One CSV line's values: commas separate, `"…"` quotes (a `""` inside is one quote); an unclosed quote runs
    /// to the end of the line.
    static func csvValues(_ line: Substring) -> [Substring] {
        var values: [Substring] = []
        var current = ""
        var quoted = false, wasQuoted = false
        var i = line.startIndex
        while i < line.endIndex {
            let c = line[i]
            if quoted {
                if c == "\"" {
                    let next = line.index(after: i)
                    if next < line.endIndex && line[next] == "\"" {
                        current.append("\"")
                        i = next
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(c)
                }
            } else if c == "," {
                values.append(Substring(current))
                current = ""
                wasQuoted = false
            } else if c == "\"" && current.allSatisfy({ $0 == " " }) && !wasQuoted {
                quoted = true
                wasQuoted = true
                current = ""
            } else {
                current.append(c)
            }
            i = line.index(after: i)
        }
        values.append(Substring(current))
        return values
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring { self[...].trimmingSpaces }
}
