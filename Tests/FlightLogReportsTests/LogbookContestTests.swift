import FlightLogAnalysis
import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

/// The printed logbook's contest column: the free distance from each flight's stored analysis, engine time below
/// it, "—" for a flight not analysed yet, nothing for a flight entered by hand; no column for a logbook that keeps
/// no analyses.
@Suite("Logbook contest column")
struct LogbookContestTests {
    @Test("km and engine time where known, — where not analysed yet", .enabled(if: Tool.hasPoppler))
    func column() throws {
        var flights = Fixtures.flights(4)
        flights[3].source = .manual
        let contest: [Int64: ContestSummary] = [
            1: ContestSummary(freeSixMeters: 312_460, engineSeconds: 754),
            2: ContestSummary(freeSixMeters: 48_000, engineSeconds: nil),
        ]
        let dir = Tool.scratch("contest")
        let path = dir + "/logbook.pdf"
        try Tool.save(
            LogbookPDF.render(
                flights: flights, options: LogbookOptions(owner: "", filterSummary: "", contest: contest)), to: path)
        let lines = try Tool.run("pdftotext", ["-layout", path, "-"]).split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("Contest") })
        // The km on the row's first line (with the glider type), the engine time on its second (the registration).
        func row(_ f: Flight) -> String? { lines.first { $0.contains(f.details.gliderType!) } }
        #expect(row(flights[0])?.contains("312.5") == true, "\(lines)")
        #expect(lines.first { $0.contains(flights[0].details.registration!) }?.contains("eng. 0:12") == true)
        #expect(row(flights[1])?.contains("48.0") == true)
        #expect(row(flights[2])?.contains("—") == true, "not analysed yet")
        #expect(row(flights[3])?.contains("—") == false, "entered by hand: no track, nothing to analyse")
        Tool.keep(path, as: "logbook-contest.pdf")

        try Tool.save(
            LogbookPDF.render(flights: flights, options: LogbookOptions(owner: "", filterSummary: "")), to: path)
        let plain = try Tool.run("pdftotext", ["-layout", path, "-"])
        #expect(!plain.contains("Contest") && !plain.contains("eng. "))
        try? FileManager.default.removeItem(atPath: dir)
    }
}
