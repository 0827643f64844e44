import FlightLogAirspace
import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

/// The airspace names on the report's map: inside their outlines, written after every other label, and covering
/// none of them nor a mark (a name with no room is left out).
@Suite("Airspace names on the report map")
struct AirspaceNameReportTests {
    /// The control zone of ``AirspaceReportTests/file`` (larger than the map, around the fixture flight's field),
    /// and an L-shaped zone north-west of it, off the track, whose middle lies outside it (a name there would name
    /// nothing).
    static let file =
        AirspaceReportTests.file + """


            AC D
            AY TMZ
            AN TMZ Winkel
            AL GND
            AH FL100
            DP 49:54:07 N 007:30:13 E
            DP 49:54:07 N 007:36:29 E
            DP 49:53:12 N 007:36:29 E
            DP 49:53:12 N 007:31:54 E
            DP 49:51:58 N 007:31:54 E
            DP 49:51:58 N 007:30:13 E
            """

    /// A word of `pdftotext -bbox` on page 1, in points from the page's top left.
    struct Word {
        var text: String
        var box: Charts.PageBox
    }

    static func words(_ pdf: String) throws -> [Word] {
        let html = try Tool.run("pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf, "-"])
        let pattern = #/<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>/#
        return html.matches(of: pattern).map { m in
            Word(
                text: String(m.output.5),
                box: (Double(m.output.1)!, Double(m.output.2)!, Double(m.output.3)!, Double(m.output.4)!))
        }
    }

    @Test("each name lies inside its outline and the map, and covers no label or mark", .enabled(if: Tool.hasPoppler))
    func namesInsideClearOfLabels() throws {
        let (flight, fixes) = Fixtures.climbAndGlide()
        var options = FlightReportOptions()
        options.airspaces = OpenAirReader.read(Array(Self.file.utf8)).airspaces
        try #require(options.airspaces.count == 3)
        let (bytes, layout) = try FlightReport.renderWithLayout(
            flight: flight, fixes: fixes, analysis: nil, format: .pdf, options: options)
        let path = Tool.scratch("airspace-names") + "/report.pdf"
        try Tool.save(bytes, to: path)
        Tool.keep(path, as: "report-airspace-names.pdf")
        let map = try #require(layout.map)
        let place = try #require(map.place)
        let onMap = try Self.words(path).filter { w in
            w.box.x0 >= map.x && w.box.x1 <= map.x + map.width && w.box.y0 >= map.y && w.box.y1 <= map.y + map.height
        }
        func name(_ first: String, _ second: String) -> Charts.PageBox? {
            zip(onMap, onMap.dropFirst()).first { $0.text == first && $1.text == second }.map { a, b in
                (min(a.box.x0, b.box.x0), min(a.box.y0, b.box.y0), max(a.box.x1, b.box.x1), max(a.box.y1, b.box.y1))
            }
        }
        let zone = try #require(name("TMZ", "Winkel"), "the L is named on the map: \(onMap.map(\.text))")
        let control = try #require(name("CTR", "Sobernheim"), "the control zone is named on the map")

        // Inside the outline: every corner of the name (less pdftotext's 1 pt of font box around the glyphs) in
        // the L as the map draws it.
        let l = try #require(options.airspaces.first { $0.name == "TMZ Winkel" }).outline.map(place)
        let corners = [
            (zone.x0 + 1, zone.y0 + 1), (zone.x1 - 1, zone.y0 + 1), (zone.x0 + 1, zone.y1 - 1),
            (zone.x1 - 1, zone.y1 - 1),
        ]
        for corner in corners {
            #expect(AirspaceNameSpots.isInside(corner, l), "\(zone) reaches out of the L \(l)")
        }

        // Clear of the take-off and landing labels and the take-off dot, and of each other.
        let takeoff = place(Coordinate(latitude: 49.7806, longitude: 7.6639))
        let dot: Charts.PageBox = (takeoff.x - 5, takeoff.y - 5, takeoff.x + 5, takeoff.y + 5)
        #expect(!Charts.overlap(zone, dot) && !Charts.overlap(control, dot), "a name covers the take-off dot")
        let labels = ["Take-off", "Landing"].compactMap { text in onMap.first { $0.text == text }?.box }
        #expect(!labels.isEmpty, "\(onMap.map(\.text))")
        for label in labels {
            #expect(!Charts.overlap(zone, label) && !Charts.overlap(control, label), "a name covers \(label)")
        }
        #expect(!Charts.overlap(zone, control))
    }
}
