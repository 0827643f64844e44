import FlightLogAirspace
import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogReports

/// A whole country's airspace around a flight on the report's map: hundreds of outlines drawn, each cut to the
/// map and thinned to what the page shows, so the report stays the size of one without them.
@Suite("Airspace of a whole country on the report")
struct AirspaceReportScaleTests {
    @Test func aCountrysOutlinesKeepTheReportSmall() throws {
        let (flight, fixes) = CountryAirspace.flight(step: 20)
        let plain = try FlightReport.render(flight: flight, fixes: fixes, format: .pdf, options: FlightReportOptions())
        var options = FlightReportOptions()
        options.airspaces = OpenAirReader.read(Array(CountryAirspace.file().utf8)).airspaces
        let report = try FlightReport.render(flight: flight, fixes: fixes, format: .pdf, options: options)
        // Some 350 outlines on the map, at about 25 points each, are some 100 KiB of drawing (uncut and unthinned,
        // their ~60,000 points were over 1 MiB).
        #expect(report.count - plain.count < 300_000, "\(plain.count) bytes without, \(report.count) with")
    }
}
