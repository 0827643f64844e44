import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

/// The report map's altitude key ends at the flight's own maximum (the figure its details print), on the map's
/// scale: pressure altitude, or above QNH when the report is in QNH.
@Suite("Report altitude key")
struct AltitudeKeyReportTests {
    @Test(.enabled(if: Tool.hasPoppler), arguments: [nil, 102_000.0])
    func keyEndsAtTheFlightsMaximum(qnh: Double?) throws {
        var (flight, fixes) = Fixtures.climbAndGlide()
        // A stored maximum above every drawn vertex: only the flight's own figure can put it in the key.
        let stored = try #require(flight.maxAltitude) + 23.4
        flight.maxAltitude = stored
        let path = Tool.scratch("report-key") + "/report.pdf"
        let options = FlightReportOptions(qnhPascals: qnh)
        try Tool.save(FlightReport.render(flight: flight, fixes: fixes, format: .pdf, options: options), to: path)
        let text = try Tool.run("pdftotext", ["-layout", path, "-"])
        let key = qnh.map { ISA.altitudeAboveQNH(pressureAltitude: stored, qnh: $0) } ?? stored
        let keyText = ReportText.metres(key)
        // Once in the details (pressure altitude, and above QNH with a QNH) and once in the key.
        #expect(text.components(separatedBy: keyText).count - 1 == 2, "\(keyText)")
    }
}
