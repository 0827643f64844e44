import FlightLogAirspace
import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

/// The report's airspace rows say what `show` says: a file far from the flight judges nothing, and a zone drawn
/// as two outlines under one name is one row.
@Suite("Airspace coverage on the report")
struct AirspaceCoverageReportTests {
    @Test func aFileFarAwayIsNotNoInfringement() {
        let (flight, fixes) = Fixtures.climbAndGlide()
        var options = FlightReportOptions()
        // 300 km from the fixture flight near Bad Sobernheim.
        options.airspaces = OpenAirReader.read(Array(Self.far.utf8), file: "far.txt").airspaces
        let rows = ReportPage(flight: flight, fixes: fixes, analysis: nil, options: options).airspaceRows
        #expect(rows.count == 1)
        #expect(rows.first?.1 == "no imported airspace covers this flight's area (files: far.txt)", "\(rows)")
        #expect(!rows.contains { $0.1.contains("no infringement") })
    }

    @Test func aZoneInTwoPiecesIsOneRow() throws {
        let (flight, fixes) = Fixtures.climbAndGlide()
        var options = FlightReportOptions()
        // The control zone of AirspaceReportTests, cut in two along its meridian.
        options.airspaces = OpenAirReader.read(Array(Self.halves.utf8), file: "halves.txt").airspaces
        let rows = ReportPage(flight: flight, fixes: fixes, analysis: nil, options: options).airspaceRows
        // The flight circles across the cut and out through the ceiling: several stretches, one airspace.
        let found = AirspaceFindings(flight: flight, fixes: fixes, airspaces: options.airspaces)
        try #require(found.items.count > 1, "\(found.items.count) stretches")
        let zone = rows.filter { $0.1.contains("CTR Halves") }
        #expect(zone.count == 1, "\(rows)")
        #expect(zone.first?.1.contains("\(found.items.count) entries") == true, "\(rows)")
    }

    static let far = """
        AC R
        AN ED-R Far
        AL GND
        AH FL100
        DP 52:00:00 N 010:00:00 E
        DP 52:00:00 N 010:10:00 E
        DP 52:10:00 N 010:10:00 E
        """

    static let halves = """
        AC D
        AN CTR Halves
        AL GND
        AH 3500ft MSL
        DP 49:41:50 N 007:39:50 E
        DP 49:51:50 N 007:39:50 E
        DP 49:51:50 N 007:31:50 E
        DP 49:41:50 N 007:31:50 E

        AC D
        AN CTR Halves
        AL GND
        AH 3500ft MSL
        DP 49:41:50 N 007:39:50 E
        DP 49:51:50 N 007:39:50 E
        DP 49:51:50 N 007:47:50 E
        DP 49:41:50 N 007:47:50 E
        """
}
