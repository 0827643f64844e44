/// Track exports for map tools: KML (Google Earth), GPX 1.1 and GeoJSON. Pure text builders, no I/O.
///
/// Altitude in every format: the **GNSS altitude above the WGS84 ellipsoid** where the fix has one, else the
/// ICAO ISA **pressure altitude**; a fix with neither gets none (KML/GeoJSON write 0 / omit it, GPX omits
/// `<ele>`). Note that KML "absolute" and GPX `ele` nominally mean height above mean sea level; the ellipsoid
/// differs from it by the geoid separation (about +47 m in Central Europe), which we accept for display.
///
/// Fixes: only known positions (`A` fixes). The track is broken wherever the position was unknown: at every `V`
/// fix (it repeats the last known position, or 0°/0°) and, for a recorded flight, at every power cut
/// (``RecordingFaults/positionedRuns(_:faults:)``). A track in one piece is one `LineString` / `trkseg`, as
/// before; a broken one is a KML `MultiGeometry`, several GPX `trkseg`, a GeoJSON `MultiLineString`. KML and
/// GeoJSON lines need two positions, so a lone fix between two breaks is left out there (GPX keeps it).
package enum GeoExport {
    /// KML 2.2 document: the track as `LineString`s with `absolute` altitudes plus takeoff and landing placemarks.
    package static func kml(flight: Flight, fixes: [Fix]) -> String {
        let lines = stretches(flight, fixes, minimumCount: 2)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
            <Document>
            <name>\(xmlEscaped(title(flight)))</name>
            <Style id="track"><LineStyle><color>ff1e50e6</color><width>3</width></LineStyle></Style>
            <Style id="takeoff"><IconStyle><color>ff32b432</color></IconStyle></Style>
            <Style id="landing"><IconStyle><color>ff2828dc</color></IconStyle></Style>

            """
        out += kmlPlacemark(
            "Take-off", place: flight.details.takeoffPlace, time: flight.takeoffTime,
            at: flight.takeoffCoordinate, style: "takeoff")
        out += kmlPlacemark(
            "Landing", place: flight.details.landingPlace, time: flight.landingTime,
            at: flight.landingCoordinate, style: "landing")
        out += "<Placemark>\n<name>Track</name>\n<styleUrl>#track</styleUrl>\n"
        if lines.count > 1 { out += "<MultiGeometry>\n" }
        out.reserveCapacity(out.utf8.count + lines.reduce(0) { $0 + $1.count } * 32)
        for line in lines.isEmpty ? [[]] : lines {
            out += "<LineString>\n<tessellate>0</tessellate>\n<altitudeMode>absolute</altitudeMode>\n<coordinates>\n"
            for fix in line {
                out += "\(decimal(fix.longitudeE7, scale: 7)),\(decimal(fix.latitudeE7, scale: 7)),"
                out += exportAltitudeDm(fix).map { decimal($0, scale: 1) } ?? "0"
                out += "\n"
            }
            out += "</coordinates>\n</LineString>\n"
        }
        if lines.count > 1 { out += "</MultiGeometry>\n" }
        out += "</Placemark>\n</Document>\n</kml>\n"
        return out
    }

    /// GPX 1.1: takeoff and landing waypoints and one `trk` with `ele` and `time` for every positioned fix, a
    /// `trkseg` per stretch.
    package static func gpx(flight: Flight, fixes: [Fix]) -> String {
        let segments = stretches(flight, fixes, minimumCount: 1)
        let name = xmlEscaped(title(flight))
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="flightlog" xmlns="http://www.topografix.com/GPX/1/1">
            <metadata><name>\(name)</name><time>\(iso8601UTC(flight.takeoffTime))</time></metadata>

            """
        for (label, place, time, at) in [
            ("Take-off", flight.details.takeoffPlace, flight.takeoffTime, flight.takeoffCoordinate),
            ("Landing", flight.details.landingPlace, flight.landingTime, flight.landingCoordinate),
        ] {
            out += "<wpt lat=\"\(degrees(at.latitude))\" lon=\"\(degrees(at.longitude))\">"
            out += "<time>\(iso8601UTC(time))</time><name>\(xmlEscaped(placemarkName(label, place)))</name></wpt>\n"
        }
        out += "<trk><name>\(name)</name>"
        out.reserveCapacity(out.utf8.count + segments.reduce(0) { $0 + $1.count } * 100)
        for segment in segments.isEmpty ? [[]] : segments {
            out += "<trkseg>\n"
            for fix in segment {
                out +=
                    "<trkpt lat=\"\(decimal(fix.latitudeE7, scale: 7))\" lon=\"\(decimal(fix.longitudeE7, scale: 7))\">"
                if let altitude = exportAltitudeDm(fix) { out += "<ele>\(decimal(altitude, scale: 1))</ele>" }
                out += "<time>\(iso8601UTC(fix.time))</time></trkpt>\n"
            }
            out += "</trkseg>"
        }
        out += "</trk>\n</gpx>\n"
        return out
    }

    /// GeoJSON (RFC 7946) `Feature` with a `LineString` of `[lon, lat, alt]` (`[lon, lat]` for a fix without any
    /// altitude), or a `MultiLineString` of such lines for a broken track or one crossing 180°
    /// (``cutAtAntimeridian(_:)``), and properties including `coordTimes` (ISO-8601 UTC per position, nested like
    /// the coordinates: the togeojson convention).
    package static func geojson(flight: Flight, fixes: [Fix]) -> String {
        let lines = stretches(flight, fixes, minimumCount: 2).flatMap(cutAtAntimeridian)
        let multi = lines.count > 1
        /// `[a,b]` per line, wrapped once more for a MultiLineString.
        func nested(_ item: (Fix) -> String) -> String {
            let parts = (multi ? lines : [lines.first ?? []]).map { "[" + $0.map(item).joined(separator: ",") + "]" }
            return multi ? "[" + parts.joined(separator: ",") + "]" : parts[0]
        }
        var out =
            "{\"type\":\"Feature\",\"geometry\":{\"type\":\"\(multi ? "MultiLineString" : "LineString")\",\"coordinates\":"
        out.reserveCapacity(lines.reduce(0) { $0 + $1.count } * 70 + 1000)
        out += nested { fix in
            var point = "[\(decimal(fix.longitudeE7, scale: 7)),\(decimal(fix.latitudeE7, scale: 7))"
            if let altitude = exportAltitudeDm(fix) { point += ",\(decimal(altitude, scale: 1))" }
            return point + "]"
        }
        out += "},\"properties\":{"
        let d = flight.details
        let properties: [(String, String?)] = [
            ("name", title(flight)), ("takeoffTime", iso8601UTC(flight.takeoffTime)),
            ("landingTime", iso8601UTC(flight.landingTime)), ("takeoffPlace", d.takeoffPlace),
            ("landingPlace", d.landingPlace), ("pilot", d.pilot), ("secondPerson", d.secondPerson),
            ("gliderType", d.gliderType), ("registration", d.registration),
            ("altitude", "GNSS (WGS84 ellipsoid) where available, else ISA pressure altitude; metres"),
        ]
        for (key, value) in properties {
            out += "\(jsonString(key)):" + (value.map(jsonString) ?? "null") + ","
        }
        out += "\"coordTimes\":" + nested { "\"" + iso8601UTC($0.time) + "\"" }
        out += "}}\n"
        return out
    }

    /// The positioned stretches of the track (see the type's note), those of at least `minimumCount` fixes.
    package static func stretches(_ flight: Flight, _ fixes: [Fix], minimumCount: Int) -> [ArraySlice<Fix>] {
        RecordingFaults.positionedRuns(fixes, faults: RecordingFaults.of(flight, fixes: fixes))
            .filter { $0.count >= minimumCount }.map { fixes[$0] }
    }

    /// Export altitude in decimetres: GNSS (ellipsoid) if present, else pressure altitude.
    package static func exportAltitudeDm(_ fix: Fix) -> Int32? { fix.gnssAltitudeDm ?? fix.pressureAltitudeDm }

    /// A short human title: `2025-05-03 ASK 21 D-1234 Pilot`.
    package static func title(_ flight: Flight) -> String {
        let d = flight.details
        let parts = [flight.localDate.description, d.gliderType, d.registration, d.pilot]
        return parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    // MARK: Text helpers

    /// Escapes the five XML special characters; drops control characters XML 1.0 forbids.
    package static func xmlEscaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// A JSON string literal (with quotes) for `text`.
    package static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `value / 10^scale` as exact decimal text, e.g. `decimal(-5012345, scale: 7)` = `-0.5012345`.
    package static func decimal(_ value: Int32, scale: Int) -> String {
        var divisor = 1
        for _ in 0..<scale { divisor *= 10 }
        let magnitude = Int(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return "\(sign)\(magnitude / divisor).\(pad(magnitude % divisor, scale))"
    }

    private static func degrees(_ value: Degrees) -> String { decimal(Int32((value * 1e7).rounded()), scale: 7) }

    private static func placemarkName(_ label: String, _ place: String?) -> String {
        guard let place, !place.isEmpty else { return label }
        return "\(label): \(place)"
    }

    private static func kmlPlacemark(
        _ label: String, place: String?, time: UTCMillis, at: Coordinate, style: String
    ) -> String {
        """
        <Placemark><name>\(xmlEscaped(placemarkName(label, place)))</name>\
        <TimeStamp><when>\(iso8601UTC(time))</when></TimeStamp><styleUrl>#\(style)</styleUrl>\
        <Point><coordinates>\(degrees(at.longitude)),\(degrees(at.latitude))</coordinates></Point></Placemark>

        """
    }
}
