import FlightLogAirspace
import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

/// The imported airspace on the flight report: its infringements among the details, its outlines on the map.
@Suite("Airspace on the report")
struct AirspaceReportTests {
    /// A 5 NM control zone around the fixture flight's field (it climbs and glides within a few km of it), and a
    /// restricted square 300 km away.
    static let file = """
        AC D
        AY CTR
        AN CTR Sobernheim
        AL GND
        AH 3500ft MSL
        V X=49:46:50 N 007:39:50 E
        DC 5

        AC R
        AN ED-R Far
        AL GND
        AH FL100
        DP 52:00:00 N 010:00:00 E
        DP 52:00:00 N 010:10:00 E
        DP 52:10:00 N 010:10:00 E
        """

    @Test("the infringement is listed and the zone drawn", .enabled(if: Tool.hasPoppler))
    func listedAndDrawn() throws {
        let (flight, fixes) = Fixtures.climbAndGlide()
        let dir = Tool.scratch("airspace")
        var options = FlightReportOptions()
        options.airspaces = OpenAirReader.read(Array(Self.file.utf8)).airspaces
        try #require(options.airspaces.count == 2)
        let (bytes, layout) = try FlightReport.renderWithLayout(
            flight: flight, fixes: fixes, analysis: nil, format: .pdf, options: options)
        try Tool.save(bytes, to: dir + "/with.pdf")
        let text = try Tool.run("pdftotext", ["-layout", dir + "/with.pdf", "-"])
        #expect(text.contains("Airspace"), "\(text)")
        // One row for the zone's three entries (it wraps before the name); the name on the map is one line.
        #expect(text.contains("CTR Sobernheim (D), GND–3500 ft MSL; worst 824 m inside vertically"), "\(text)")
        #expect(text.contains("(3 entries, 13 min"), "\(text)")
        #expect(text.contains("MSL limits by GNSS altitude"))
        #expect(!text.contains("ED-R Far"))
        Tool.keep(dir + "/with.pdf", as: "report-airspace.pdf")
        // Drawn: the zone's name inside the map.
        #expect(layout.map != nil)
        #expect(text.contains("CTR Sobernheim"), "named on the map")

        let plain = try FlightReport.render(
            flight: flight, fixes: fixes, format: .pdf, options: FlightReportOptions())
        try Tool.save(plain, to: dir + "/without.pdf")
        #expect(!(try Tool.run("pdftotext", ["-layout", dir + "/without.pdf", "-"])).contains("Airspace"))
    }
}
