import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Testing

@testable import FlightLogReports

/// A self-launch's engine run is shaded on the report's barogram, with a key entry.
@Suite("Report engine shading")
struct EngineReportTests {
    @Test(.enabled(if: Tool.hasPoppler))
    func theBarogramKeysTheEngineRun() throws {
        let (flight, fixes) = SyntheticGlider.selfLaunch()
        let inputs = FlightAnalysis.Inputs(
            takeoff: flight.takeoffTime, landing: flight.landingTime, release: nil, fixCount: fixes.count, index: nil)
        let analysis = FlightAnalysis.compute(fixes: fixes, extensions: SyntheticGlider.enlExtensions, inputs: inputs)
        #expect(!analysis.engineRuns.isEmpty)
        func text(_ analysis: FlightAnalysis?) throws -> String {
            let path = Tool.scratch("report-engine") + "/report.pdf"
            let bytes = try FlightReport.render(
                flight: flight, fixes: fixes, analysis: analysis, format: .pdf, options: FlightReportOptions())
            try Tool.save(bytes, to: path)
            return try Tool.run("pdftotext", ["-layout", path, "-"])
        }
        #expect(try text(analysis).contains("engine running"))
        #expect(!(try text(nil).contains("engine running")))
    }
}
