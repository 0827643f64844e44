/// The shipped airfield data set (`airfields.tsv`, made by `scripts/generate-airfields.py`) as bytes in, fields
/// out; the store's loader reads the file.
///
/// Format: the line `#flightlog-airfields 2`, one `@Zone/Name` line per IANA zone (numbered from 0 in order),
/// then per field `code TAB name TAB latitude TAB longitude TAB elevation-m TAB zone-number TAB runways` (the code
/// may be empty; runways `ident:length_m:width_m:surface` joined by `,`, read only for a map's region). Version 1
/// files (no runway column) are still read.
package enum AirfieldDataSet {
    package struct FormatError: Error, Equatable, CustomStringConvertible {
        package var line: Int
        package var message: String
        package var description: String { "airfield data line \(line): \(message)" }
    }

    package static let header = "#flightlog-airfields 2"
    /// The previous format: the same without the runway column.
    package static let headerVersion1 = "#flightlog-airfields 1"

    /// Every field of the file, or with `region` only those within its distance of one of its points (names
    /// and codes are made only for those: a daemon in flight keeps a few hundred fields, not 45,000); with `runways`
    /// also their ``Airfield/runways`` (for a map: only with a region). Strict: the file is generated, so any bad
    /// line means a damaged install.
    package static func parse(_ bytes: [UInt8], region: Region? = nil, runways: Bool = false) throws(FormatError)
        -> [Airfield]
    {
        try bytes.withUnsafeBufferPointer { buffer throws(FormatError) in
            try parse(ByteLines(buffer), region: region, runways: runways)
        }
    }

    private static func parse(_ lines: ByteLines, region: Region?, runways: Bool) throws(FormatError) -> [Airfield] {
        var lines = lines
        var zones: [String] = []
        var fields: [Airfield] = []
        if region == nil { fields.reserveCapacity(lines.buffer.count / 52) }
        var lineNumber = 0
        var columnCount = 7
        var columns: [Range<Int>] = []
        columns.reserveCapacity(8)
        while let line = lines.next() {
            lineNumber += 1
            if lineNumber == 1 {
                let first = lines.text(line)
                guard first == header || first == headerVersion1 else {
                    throw FormatError(line: 1, message: "not an airfield data file (expected '\(header)')")
                }
                columnCount = first == header ? 7 : 6
                continue
            }
            if line.isEmpty { continue }
            if lines.buffer[line.lowerBound] == UInt8(ascii: "@") {
                zones.append(lines.text(line.dropFirst()))
                continue
            }
            lines.cells(of: line, into: &columns)
            guard columns.count == columnCount,
                let latitude = Double(lines.text(columns[2])), let longitude = Double(lines.text(columns[3])),
                (-90...90).contains(latitude), (-180...180).contains(longitude),
                let elevation = Int(lines.text(columns[4])),
                let zone = Int(lines.text(columns[5])), zones.indices.contains(zone)
            else { throw FormatError(line: lineNumber, message: "expected \(columnCount) valid columns") }
            if let region, !region.contains(Coordinate(latitude: latitude, longitude: longitude)) { continue }
            let code = lines.text(columns[0])
            var field = Airfield(
                code: code.isEmpty ? nil : code, name: lines.text(columns[1]),
                coordinate: Coordinate(latitude: latitude, longitude: longitude), elevation: Meters(elevation),
                zoneIdentifier: zones[zone], source: .dataSet)
            if runways, region != nil, columnCount == 7 {
                field.runways = Runway.list(lines.text(columns[6]))
            }
            fields.append(field)
        }
        return fields
    }

    /// Disks around some points (a flight's takeoff and landing): the fields a placing there can need.
    package struct Region: Sendable, Equatable {
        package var points: [Coordinate]
        package var radius: Meters

        package init(points: [Coordinate], radius: Meters) {
            self.points = points.filter { $0.latitude.isFinite && $0.longitude.isFinite }
            self.radius = radius
        }

        package func contains(_ point: Coordinate) -> Bool {
            let band = radius / Geodesy.earthRadius * 180 / .pi
            return points.contains {
                abs($0.latitude - point.latitude) <= band && Geodesy.distance($0, point) <= radius
            }
        }
    }
}
