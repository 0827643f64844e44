import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

/// The report's map has the phone map's shipped layer: the airfields on it with their names, the take-off field
/// in its colour, a field off the map left out, and the release marked at the release fix.
@Suite("Report map airfields")
struct ReportAirfieldsTests {
    static func field(_ name: String, _ c: Coordinate, runway: String? = nil) -> Airfield {
        var f = Airfield(
            code: nil, name: name, coordinate: c, elevation: 200, zoneIdentifier: "Europe/Berlin", source: .dataSet)
        if let runway { f.runways = Runway.list(runway) }
        return f
    }

    /// The release orange.
    static func isRelease(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 180 && g > 90 && g < 160 && b < 60 }

    @Test("the PDF map draws the airfields around the flight", .enabled(if: ReportAnalysisTests.hasPpm))
    func airfieldsAreDrawnOnTheMap() throws {
        let (flight, fixes, analysis) = ReportAnalysisTests.analysed(seconds: 1800)
        let along = fixes[fixes.count / 2].coordinate
        let beside = Geodesy.destination(from: along, bearing: 90, distance: 400)
        var options = FlightReportOptions()
        options.airfields = [
            Self.field("Homefield Glider Site", flight.takeoffCoordinate, runway: "07/25:800:30:G"),
            Self.field("Besidefield", beside),
            Self.field("Farfield", Coordinate(latitude: 52.5, longitude: 13.4)),
        ]
        let (bytes, layout) = try FlightReport.renderWithLayout(
            flight: flight, fixes: fixes, analysis: analysis, format: .pdf, options: options)
        let dir = Tool.scratch("report-airfields")
        try Tool.save(bytes, to: "\(dir)/report.pdf")
        let map = try #require(layout.map)
        #expect(map.airfieldNames == ["Besidefield"], "\(map.airfieldNames)")
        let page1 = try Tool.run("pdftotext", ["-f", "1", "-l", "1", "\(dir)/report.pdf", "-"])
        #expect(page1.contains("Take-off Homefield"), "the take-off field named in its label")
        #expect(page1.contains("Besidefield") && !page1.contains("Farfield"))

        let pixels = try ReportAnalysisTests.Pixels(pdf: "\(dir)/report.pdf", page: 1)
        let place = try #require(map.place)
        // The release marked at the fix of the scoring start.
        let window = try #require(analysis.scoringWindow)
        let releaseTime = window.startsAt == .takeoff ? try #require(flight.releaseTime) : window.start
        let releaseFix = try #require(fixes.first { $0.time >= releaseTime })
        let release = place(releaseFix.coordinate)
        let drawn = try #require(map.release)
        #expect(abs(drawn.x - release.x) < 0.01 && abs(drawn.y - release.y) < 0.01)
        #expect(pixels.has(Self.isRelease, near: release.x, release.y, radius: 2), "release diamond at \(release)")

        // Without airfields the map is as before: no names.
        let (_, plain) = try FlightReport.renderWithLayout(
            flight: flight, fixes: fixes, analysis: analysis, format: .pdf, options: FlightReportOptions())
        #expect(plain.map?.airfieldNames.isEmpty == true)
    }
}
