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

    /// The largest CUP file read (`flightlog airfields import` refuses a larger one; the airfield folders skip
    /// it): SeeYou's whole-world turn point files are a few MB.
    package static let maxFileSize = 32 << 20

    package static func read(_ bytes: [UInt8]) -> Result {
        // UTF-16 is made UTF-8 first; everything else is read as bytes, a String only for a field's name and code.
        let bytes = BroughtText.utf16Order(bytes) == nil ? bytes : Array(BroughtText.decode(bytes).utf8)
        var result = Result()
        var columns = Columns.standard
        var lineNumber = 0
        var values = CUPBytes.Values()
        CUPBytes.forEachLine(bytes) { line, utf8 in
            lineNumber += 1
            if line.allSatisfy({ $0 == CUPBytes.space || $0 == CUPBytes.tab }) { return true }
            if CUPBytes.endsWaypoints(line) { return false }
            values.split(line)
            if lineNumber == 1 || result.airfields.isEmpty && result.otherWaypoints == 0 && result.warnings.isEmpty,
                let header = Columns(header: values, utf8: utf8)
            {
                columns = header
                return true
            }
            switch waypoint(values, columns: columns, utf8: utf8) {
            case .airfield(let field): result.airfields.append(field)
            case .other: result.otherWaypoints += 1
            case .damaged(let why): result.warnings.append(Warning(line: lineNumber, message: why))
            }
            return true
        }
        return result
    }

    /// Latitude `DDMM.mmmN` or longitude `DDDMM.mmmE` in degrees (exactly two digits of whole minutes); nil when
    /// malformed or out of range.
    package static func angle(_ text: Substring, degreeDigits: Int) -> Degrees? {
        CUPBytes.angle(ArraySlice(text.utf8), degreeDigits: degreeDigits)
    }

    /// Elevation `123.0m`, `404ft` or `123` (metres) in metres; nil when empty or malformed.
    package static func elevation(_ text: Substring) -> Meters? { CUPBytes.elevation(ArraySlice(text.utf8)) }

    /// One CSV line's values, each without surrounding spaces (``CUPBytes/Values``).
    static func csvValues(_ line: Substring) -> [Substring] {
        var values = CUPBytes.Values()
        values.split(ArraySlice(line.utf8))
        return (0..<values.count).map { Substring(String(decoding: values[$0], as: UTF8.self)) }
    }

    private enum Entry {
        case airfield(Airfield)
        case other
        case damaged(String)
    }

    private static func waypoint(_ values: CUPBytes.Values, columns: Columns, utf8: Bool) -> Entry {
        func text(_ index: Int) -> String { CUPBytes.text(values[index], utf8: utf8) }
        guard values.count > max(columns.latitude, columns.longitude) else {
            return .damaged("\(values.count) columns; a waypoint needs name, code, country, lat, lon, elev, style")
        }
        guard !values[columns.name].isEmpty else { return .damaged("waypoint without a name") }
        guard let latitude = CUPBytes.angle(values[columns.latitude], degreeDigits: 2) else {
            return .damaged("latitude '\(text(columns.latitude).prefix(20))' is not DDMM.mmmN/S")
        }
        guard let longitude = CUPBytes.angle(values[columns.longitude], degreeDigits: 3) else {
            return .damaged("longitude '\(text(columns.longitude).prefix(20))' is not DDDMM.mmmE/W")
        }
        guard let style = CUPBytes.style(values[columns.style]), airfieldStyles.contains(style) else { return .other }
        return .airfield(
            Airfield(
                code: values[columns.code].isEmpty ? nil : text(columns.code), name: text(columns.name),
                coordinate: Coordinate(latitude: latitude, longitude: longitude),
                elevation: CUPBytes.elevation(values[columns.elevation]), zoneIdentifier: nil, source: .pilot))
    }

    /// Where the columns are: SeeYou's order, or as a header line names them.
    private struct Columns {
        var name = 0, code = 1, latitude = 3, longitude = 4, elevation = 5, style = 6
        static let standard = Columns()

        init() {}

        /// A header line names at least `name`, `lat` and `lon`.
        init?(header values: CUPBytes.Values, utf8: Bool) {
            let names = (0..<values.count).map { CUPBytes.text(values[$0], utf8: utf8).lowercased() }
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
}
