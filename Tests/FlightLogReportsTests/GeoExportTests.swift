import FlightLogCore
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Counts elements and collects text of one element name.
private final class XMLCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var texts: [String: [String]] = [:]
    private var current = ""
    private var buffer = ""

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        counts[name, default: 0] += 1
        current = name
        buffer = ""
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { buffer += string }
    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        texts[name, default: []].append(buffer)
        buffer = ""
    }

    static func parse(_ text: String) throws -> XMLCounter {
        let counter = XMLCounter()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = counter
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return counter
    }
}

@Suite("GeoExport")
struct GeoExportTests {
    /// The climb/glide track plus a V fix with the last position (after 400 positioned fixes) and a V fix that
    /// never had one (first). Exported: two stretches, 400 fixes and the rest.
    func sample() -> (Flight, [Fix], stretches: [Int]) {
        var (flight, fixes) = Fixtures.climbAndGlide(seconds: 900)
        flight.details.pilot = "Müller & <Söhne> \"Jürgen\""
        flight.details.takeoffPlace = "Ålesund 'Vigra' & Co"
        var lost = fixes[400]
        lost.isValid = false
        lost.gnssAltitudeDm = nil
        fixes[400] = lost
        fixes.insert(
            Fix(
                time: fixes[0].time - 1000, isValid: false, latitudeE7: 0, longitudeE7: 0,
                pressureAltitudeDm: 1800, gnssAltitudeDm: nil), at: 0)
        return (flight, fixes, [400, fixes.count - 402])
    }

    /// A recorded flight whose recorder was off for 30 s after fix 300: three stretches (V fix, power cut).
    func recordedWithPowerCut() -> (Flight, [Fix], stretches: [Int]) {
        var (flight, fixes, _) = sample()
        for i in 301..<fixes.count { fixes[i].time += 30_000 }
        flight.landingTime += 30_000
        return (flight, fixes, [300, 100, fixes.count - 402])
    }

    @Test("KML parses back with every positioned fix, a line per stretch, and escaped names")
    func kml() throws {
        let (flight, fixes, stretches) = sample()
        let kml = GeoExport.kml(flight: flight, fixes: fixes)
        let xml = try XMLCounter.parse(kml)
        #expect(xml.counts["Placemark"] == 3)
        #expect(xml.counts["MultiGeometry"] == 1)
        #expect(xml.texts["altitudeMode"] == ["absolute", "absolute"])
        let names = xml.texts["name"] ?? []
        #expect(names.contains { $0.contains("Müller & <Söhne> \"Jürgen\"") })
        #expect(names.contains("Take-off: Ålesund 'Vigra' & Co"))
        let lines = try #require(xml.texts["coordinates"]?.suffix(2)).map { $0.split(whereSeparator: \.isWhitespace) }
        #expect(lines.map(\.count) == stretches)
        let first = lines[0][0].split(separator: ",").compactMap { Double($0) }
        #expect(first.count == 3)
        #expect(abs(first[0] - fixes[1].longitude) < 1e-9 && abs(first[1] - fixes[1].latitude) < 1e-9)
        #expect(abs(first[2] - fixes[1].gnssAltitude!) < 1e-9, "GNSS altitude preferred")
        // The second line starts at the first fix after the V fix, not at the V fix's stale position.
        let resumed = lines[1][0].split(separator: ",").compactMap { Double($0) }
        #expect(abs(resumed[1] - fixes[402].latitude) < 1e-9)
        // Without a V fix the track is one LineString, as it always was.
        let whole = Fixtures.climbAndGlide(seconds: 900)
        let plain = try XMLCounter.parse(GeoExport.kml(flight: whole.0, fixes: whole.1))
        #expect(plain.counts["MultiGeometry"] == nil && plain.counts["LineString"] == 1)
    }

    @Test("GPX parses back with ele and time for every positioned fix, a trkseg per stretch")
    func gpx() throws {
        let (flight, fixes, stretches) = sample()
        let exported = stretches.reduce(0, +)
        let xml = try XMLCounter.parse(GeoExport.gpx(flight: flight, fixes: fixes))
        #expect(xml.counts["trkseg"] == 2)
        #expect(xml.counts["trkpt"] == exported)
        #expect(xml.counts["ele"] == exported)
        #expect(xml.counts["wpt"] == 2)
        let times = xml.texts["time"] ?? []
        #expect(times.count == exported + 3)  // metadata + 2 waypoints + fixes
        #expect(!times.contains(iso8601UTC(fixes[401].time)), "the V fix is not a track point")
        #expect(times.last == iso8601UTC(fixes.last!.time))
        #expect(xml.texts["name"]?.first?.contains("Müller & <Söhne>") == true)

        let (recorded, cut, parts) = recordedWithPowerCut()
        let broken = try XMLCounter.parse(GeoExport.gpx(flight: recorded, fixes: cut))
        #expect(broken.counts["trkseg"] == parts.count, "a power cut starts a new segment")
        #expect(broken.counts["trkpt"] == parts.reduce(0, +))
    }

    @Test("GeoJSON parses back: a MultiLineString of [lon, lat, alt] per stretch, times nested alike")
    func geojson() throws {
        let (flight, fixes, stretches) = sample()
        let text = GeoExport.geojson(flight: flight, fixes: fixes)
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "Feature")
        let geometry = try #require(object["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiLineString")
        let lines = try #require(geometry["coordinates"] as? [[[Double]]])
        #expect(lines.map(\.count) == stretches)
        #expect(lines.joined().allSatisfy { $0.count == 3 })
        #expect(abs(lines[0][10][0] - fixes[11].longitude) < 1e-9)
        let properties = try #require(object["properties"] as? [String: Any])
        #expect((properties["coordTimes"] as? [[String]])?.map(\.count) == stretches)
        #expect(properties["pilot"] as? String == "Müller & <Söhne> \"Jürgen\"")
        #expect(properties["landingPlace"] is NSNull)

        let (recorded, cut, parts) = recordedWithPowerCut()
        let broken = try #require(
            JSONSerialization.jsonObject(with: Data(GeoExport.geojson(flight: recorded, fixes: cut).utf8))
                as? [String: Any])
        #expect(((broken["geometry"] as? [String: Any])?["coordinates"] as? [[[Double]]])?.map(\.count) == parts)

        let whole = Fixtures.climbAndGlide(seconds: 900)
        let plain = try #require(
            JSONSerialization.jsonObject(with: Data(GeoExport.geojson(flight: whole.0, fixes: whole.1).utf8))
                as? [String: Any])
        let plainGeometry = try #require(plain["geometry"] as? [String: Any])
        #expect(plainGeometry["type"] as? String == "LineString")
        #expect((plainGeometry["coordinates"] as? [[Double]])?.count == 900)
        #expect(((plain["properties"] as? [String: Any])?["coordTimes"] as? [String])?.count == 900)
    }

    @Test func decimalText() {
        #expect(GeoExport.decimal(-5_012_345, scale: 7) == "-0.5012345")
        #expect(GeoExport.decimal(498_000_000, scale: 7) == "49.8000000")
        #expect(GeoExport.decimal(-7, scale: 1) == "-0.7")
        #expect(GeoExport.jsonString("a\"b\\c\n\u{1}") == "\"a\\\"b\\\\c\\n\\u0001\"")
    }
}
