import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

/// The report's title names the glider and its registration whole, however long the glider's type.
@Suite("Report title")
struct ReportTitleTests {
    @Test(
        .enabled(if: Tool.hasPoppler),
        arguments: ["ASK 21", "Schempp-Hirth Ventus-2cxT FES 18 m", String(repeating: "Discus-2c ", count: 8)])
    func theTitleIsNeverCut(type: String) throws {
        var (flight, fixes) = Fixtures.climbAndGlide()
        flight.details.gliderType = type
        flight.details.registration = "D-KXWZ"
        let path = Tool.scratch("report-title") + "/report.pdf"
        try Tool.save(
            FlightReport.render(flight: flight, fixes: fixes, format: .pdf, options: FlightReportOptions()), to: path)
        let text = try Tool.run("pdftotext", [path, "-"])
        // The title's lines come before the first heading of the details.
        let title =
            try #require(text.components(separatedBy: "Flight report").dropFirst().first)
            .components(separatedBy: "Date").first ?? ""
        #expect(title.contains("D-KXWZ") && !title.contains("…"), "\(title)")
        let words = type.split(separator: " ").map(String.init)
        #expect(words.allSatisfy { title.contains($0) }, "\(title)")
    }
}
