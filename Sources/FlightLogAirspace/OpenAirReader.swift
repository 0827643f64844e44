import FlightLogCore

/// Reads an OpenAir airspace file (the text format of XCSoar, LK8000, SeeYou and openAIP; bytes in, no I/O).
///
/// Each airspace starts at `AC class`, then `AN name`, `AL floor`, `AH ceiling`, optionally `AY type` (the
/// extended format), and its outline: `DP coordinate` points, `V X=coordinate` (the centre for what follows),
/// `V D=+|-` (clockwise or not; back to `+` at each `AC`), `DA radius, from°, to°` (an arc by bearings),
/// `DB coordinate, coordinate` (an arc between two points around the centre) and `DC radius` (a circle). Radii are
/// nautical miles. Coordinates are `DD:MM:SS N DDD:MM:SS E` or `DD:MM.mmm N …`. `*` starts a comment. Labels,
/// pens, brushes, frequencies and other records are ignored; airways (`DY`) are not supported.
///
/// Tolerant: a damaged record is skipped with a numbered warning, an airspace that cannot be drawn (no floor,
/// ceiling or outline) is left out with one, and every valid airspace is kept. A line that is not UTF-8 is read as
/// Latin-1; a UTF-16 file as UTF-16 (``BroughtText/decode(_:)``).
package enum OpenAirReader {
    package typealias Warning = BroughtText.LineWarning

    package struct Result: Sendable {
        package var airspaces: [Airspace] = []
        package var warnings: [Warning] = []
    }

    /// Largest radius accepted, nautical miles (no airspace is wider than a country).
    static let maximumRadius = 500.0
    /// Outline points in one file at most (a hostile file of circles would otherwise take gigabytes).
    static let maximumPoints = 2_000_000
    static let metresPerNauticalMile = 1852.0

    /// The airspace of the imported file `file`, each airspace knowing the file it came from (``Airspace/file``).
    package static func read(_ bytes: [UInt8], file: String) -> Result {
        var result = read(bytes)
        for i in result.airspaces.indices { result.airspaces[i].file = file }
        return result
    }

    package static func read(_ bytes: [UInt8]) -> Result {
        var reader = State()
        var number = 0
        for line in BroughtText.lines(BroughtText.decode(bytes)) {
            number += 1
            reader.take(line, number: number)
            if reader.points > maximumPoints {
                reader.result.warnings.append(
                    Warning(line: number, message: "more than \(maximumPoints) outline points: the rest is not read"))
                reader.current = nil
                break
            }
        }
        reader.finish()
        // An airspace left out is named at its AC line, found when the next one starts: keep file order.
        reader.result.warnings.sort { $0.line < $1.line }
        return reader.result
    }

    /// The airspace being read.
    struct Draft {
        var line: Int
        var airspaceClass: String
        var type: String?
        var name = ""
        var floor: AirspaceLimit?
        var ceiling: AirspaceLimit?
        var outline: [Coordinate] = []
        var clockwise = true
    }

    struct State {
        var result = Result()
        var current: Draft?
        var centre: Coordinate?
        var points = 0

        mutating func warn(_ line: Int, _ message: String) {
            result.warnings.append(Warning(line: line, message: message))
        }

        mutating func take(_ raw: Substring, number: Int) {
            let line = raw.trimmingSpaces
            guard let first = line.first, first != "*" else { return }
            let head = line.prefix { $0 != " " && $0 != "\t" }
            let command = head.uppercased()
            let argument = line.dropFirst(head.count).trimmingSpaces
            // Numbers and positions may carry a trailing comment; names and classes are taken whole.
            let value = argument.prefix { $0 != "*" }.trimmingSpaces
            if command == "AC" {
                finish()
                let kind = OpenAirReader.plainText(value, maxLength: 24).uppercased()
                guard !kind.isEmpty else { return warn(number, "AC without a class: this airspace is left out") }
                current = Draft(line: number, airspaceClass: kind)
                return
            }
            guard current != nil else {
                if ["AN", "AL", "AH", "AY", "DP", "DA", "DB", "DC", "DY", "V"].contains(command) {
                    warn(number, "\(command) outside an airspace (no AC before it): ignored")
                }
                return
            }
            switch command {
            case "AN": current?.name = OpenAirReader.plainText(argument, maxLength: 200)
            case "AY":
                let type = OpenAirReader.plainText(value, maxLength: 32)
                current?.type = type.isEmpty ? nil : type.uppercased()
            case "AL", "AH":
                guard let limit = OpenAirReader.limit(value) else {
                    return warn(number, "\(command) '\(value.prefix(40))' is not a height like FL95, 3500ft MSL or GND")
                }
                if command == "AL" { current?.floor = limit } else { current?.ceiling = limit }
            case "V": variable(value, number: number)
            case "DP":
                guard let point = OpenAirReader.coordinate(value) else {
                    return warn(number, "DP '\(value.prefix(40))' is not a position like 50:30:00 N 007:15:00 E")
                }
                append([point])
            case "DC":
                guard let centre else { return warn(number, "DC before any V X= centre: ignored") }
                guard let radius = OpenAirReader.radius(value) else {
                    return warn(number, "DC '\(value.prefix(40))' is not a radius in nautical miles")
                }
                append(arc(around: centre, radius: radius, from: 0, sweep: 360, clockwise: true).dropLast())
            case "DA": arcByAngles(value, number: number)
            case "DB": arcBetweenPoints(value, number: number)
            case "DY": warn(number, "airways (DY) are not supported: this segment is ignored")
            case "AT", "SP", "SB", "AF", "AG", "AI", "AA", "TP", "TO", "TC": break
            default: warn(number, "unknown record \(command.prefix(10)): ignored")
            }
        }

        mutating func variable(_ value: Substring, number: Int) {
            let parts = value.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return warn(number, "V '\(value.prefix(40))' is not V X=… or V D=±") }
            switch parts[0].trimmingSpaces.uppercased() {
            case "X":
                guard let point = OpenAirReader.coordinate(parts[1]) else {
                    return warn(number, "V X='\(parts[1].prefix(40))' is not a position")
                }
                centre = point
            case "D":
                switch parts[1].trimmingSpaces {
                case "+": current?.clockwise = true
                case "-": current?.clockwise = false
                default: warn(number, "V D= must be + or -")
                }
            default: break  // W (airway width), Z (zoom): not used
            }
        }

        mutating func arcByAngles(_ value: Substring, number: Int) {
            guard let centre else { return warn(number, "DA before any V X= centre: ignored") }
            let parts = value.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 3, let radius = OpenAirReader.radius(parts[0]),
                let from = OpenAirReader.angle(parts[1]), let to = OpenAirReader.angle(parts[2])
            else { return warn(number, "DA '\(value.prefix(40))' is not radius, start angle, end angle") }
            let clockwise = current?.clockwise ?? true
            append(
                arc(around: centre, radius: radius, from: from, sweep: sweep(from, to, clockwise), clockwise: clockwise)
            )
        }

        mutating func arcBetweenPoints(_ value: Substring, number: Int) {
            guard let centre else { return warn(number, "DB before any V X= centre: ignored") }
            let parts = value.split(separator: ",")
            guard parts.count == 2, let start = OpenAirReader.coordinate(parts[0]),
                let end = OpenAirReader.coordinate(parts[1])
            else { return warn(number, "DB '\(value.prefix(60))' is not two positions separated by a comma") }
            let radius = Geodesy.distance(centre, start) / metresPerNauticalMile
            guard radius > 0, radius <= maximumRadius else {
                return warn(number, "DB: the arc's radius is out of range")
            }
            let from = Geodesy.bearing(centre, start), to = Geodesy.bearing(centre, end)
            let clockwise = current?.clockwise ?? true
            var points = arc(
                around: centre, radius: radius, from: from, sweep: sweep(from, to, clockwise), clockwise: clockwise)
            points[0] = start
            points[points.count - 1] = end
            append(points)
        }

        /// Degrees turned from `from` to `to` in the arc's direction, in 0..<360.
        func sweep(_ from: Degrees, _ to: Degrees, _ clockwise: Bool) -> Degrees {
            Geodesy.normalizedDegrees(clockwise ? to - from : from - to)
        }

        /// Points on the arc, ≤ 1° apart, both ends included.
        func arc(around centre: Coordinate, radius: Double, from: Degrees, sweep: Degrees, clockwise: Bool)
            -> [Coordinate]
        {
            let steps = max(1, Int(sweep.rounded(.up)))
            let step = sweep / Double(steps) * (clockwise ? 1 : -1)
            return (0...steps).map { i in
                Geodesy.destination(
                    from: centre, bearing: Geodesy.normalizedDegrees(from + Double(i) * step),
                    distance: radius * metresPerNauticalMile)
            }
        }

        mutating func append<S: Collection>(_ newPoints: S) where S.Element == Coordinate {
            points += newPoints.count
            current?.outline.append(contentsOf: newPoints)
        }

        mutating func finish() {
            guard let draft = current else { return }
            current = nil
            let name = draft.name.isEmpty ? "unnamed \(draft.airspaceClass) airspace" : draft.name
            guard let floor = draft.floor, let ceiling = draft.ceiling else {
                return warn(
                    draft.line, "\(name) has no \(draft.floor == nil ? "floor (AL)" : "ceiling (AH)"): left out")
            }
            var outline = draft.outline
            if outline.count > 1, outline.first == outline.last { outline.removeLast() }
            guard Set(outline).count >= 3 else {
                return warn(draft.line, "\(name) has no outline (fewer than 3 points): left out")
            }
            result.airspaces.append(
                Airspace(
                    name: name, airspaceClass: draft.airspaceClass, type: draft.type, floor: floor, ceiling: ceiling,
                    outline: outline, line: draft.line))
        }
    }
}
