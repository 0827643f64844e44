import FlightLogCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Counts elements and collects text of one element name.
private final class XMLCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var texts: [String: [String]] = [:]
    private var current = ""
    private var buffer = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
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
    /// The climb/glide track plus a V fix with the last position and a V fix that never had one.
    func sample() -> (Flight, [Fix], exported: Int) {
        var (flight, fixes) = Fixtures.climbAndGlide(seconds: 900)
        flight.details.pilot = "Müller & <Söhne> \"Jürgen\""
        flight.details.takeoffPlace = "Ålesund 'Vigra' & Co"
        var lost = fixes[400]
        lost.isValid = false
        lost.gnssAltitudeDm = nil
        fixes[400] = lost
        fixes.insert(Fix(time: fixes[0].time - 1000, isValid: false, latitudeE7: 0, longitudeE7: 0,
                         pressureAltitudeDm: 1800, gnssAltitudeDm: nil), at: 0)
        return (flight, fixes, fixes.count - 1)
    }

    @Test("KML parses back with every exported fix and escaped names")
    func kml() throws {
        let (flight, fixes, exported) = sample()
        let kml = GeoExport.kml(flight: flight, fixes: fixes)
        let xml = try XMLCounter.parse(kml)
        #expect(xml.counts["Placemark"] == 3)
        #expect(xml.texts["altitudeMode"] == ["absolute"])
        let names = xml.texts["name"] ?? []
        #expect(names.contains { $0.contains("Müller & <Söhne> \"Jürgen\"") })
        #expect(names.contains("Takeoff: Ålesund 'Vigra' & Co"))
        let coordinates = try #require(xml.texts["coordinates"]?.last)
        let tuples = coordinates.split(whereSeparator: \.isWhitespace)
        #expect(tuples.count == exported)
        let first = tuples[0].split(separator: ",").compactMap { Double($0) }
        #expect(first.count == 3)
        #expect(abs(first[0] - fixes[1].longitude) < 1e-9 && abs(first[1] - fixes[1].latitude) < 1e-9)
        #expect(abs(first[2] - fixes[1].gnssAltitude!) < 1e-9, "GNSS altitude preferred")
        // The V fix without GNSS altitude (fixes[401] after the insert) falls back to pressure altitude.
        let lost = tuples[400].split(separator: ",").compactMap { Double($0) }
        #expect(abs(lost[2] - fixes[401].pressureAltitude!) < 1e-9)
    }

    @Test("GPX parses back with ele and time for every exported fix")
    func gpx() throws {
        let (flight, fixes, exported) = sample()
        let xml = try XMLCounter.parse(GeoExport.gpx(flight: flight, fixes: fixes))
        #expect(xml.counts["trkpt"] == exported)
        #expect(xml.counts["ele"] == exported)
        #expect(xml.counts["wpt"] == 2)
        let times = xml.texts["time"] ?? []
        #expect(times.count == exported + 3)  // metadata + 2 waypoints + fixes
        #expect(times.last == iso8601UTC(fixes.last!.time))
        #expect(xml.texts["name"]?.first?.contains("Müller & <Söhne>") == true)
    }

    @Test("GeoJSON parses back: [lon, lat, alt] and a time for every exported fix")
    func geojson() throws {
        let (flight, fixes, exported) = sample()
        let text = GeoExport.geojson(flight: flight, fixes: fixes)
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "Feature")
        let geometry = try #require(object["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        let coordinates = try #require(geometry["coordinates"] as? [[Double]])
        #expect(coordinates.count == exported)
        #expect(coordinates.allSatisfy { $0.count == 3 })
        #expect(abs(coordinates[10][0] - fixes[11].longitude) < 1e-9)
        let properties = try #require(object["properties"] as? [String: Any])
        #expect((properties["coordTimes"] as? [String])?.count == exported)
        #expect(properties["pilot"] as? String == "Müller & <Söhne> \"Jürgen\"")
        #expect(properties["landingPlace"] is NSNull)
    }

    @Test func decimalText() {
        #expect(GeoExport.decimal(-5_012_345, scale: 7) == "-0.5012345")
        #expect(GeoExport.decimal(498_000_000, scale: 7) == "49.8000000")
        #expect(GeoExport.decimal(-7, scale: 1) == "-0.7")
        #expect(GeoExport.jsonString("a\"b\\c\n\u{1}") == "\"a\\\"b\\\\c\\n\\u0001\"")
    }
}
