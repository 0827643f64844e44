import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import FlightLogWeb
import Testing

/// A self-launch's engine run is shaded on the phone's barogram, with a key entry.
@Suite("Engine shading")
struct EngineShadingTests {
    @Test func theEngineRunIsShadedAndKeyed() throws {
        let (flight, fixes) = SyntheticGlider.selfLaunch()
        let inputs = FlightAnalysis.Inputs(
            takeoff: flight.takeoffTime, landing: flight.landingTime, release: nil, fixCount: fixes.count, index: nil)
        let analysis = FlightAnalysis.compute(fixes: fixes, extensions: SyntheticGlider.enlExtensions, inputs: inputs)
        let run = try #require(analysis.engineRuns.first)
        let chart = try #require(BarogramChart(flight: flight, fixes: fixes, faults: [], analysis: analysis))
        let span = Double(fixes.last!.time - fixes.first!.time)
        let band = try #require(chart.engineBands.first)
        #expect(chart.engineBands.count == analysis.engineRuns.count)
        #expect(abs(band.x0 - Double(run.start - fixes.first!.time) / span) < 1e-9)
        #expect(abs(band.x1 - Double(run.end - fixes.first!.time) / span) < 1e-9)
        #expect(chart.legend.contains { $0.text == "Engine running" })
        let html = ChartHTML.barogram(chart)
        #expect(html.contains("class=\"engine-band\"") && html.contains("Engine running"))
        // Without an engine run, no band and no key entry.
        let plain = try #require(BarogramChart(flight: flight, fixes: fixes, faults: []))
        #expect(plain.engineBands.isEmpty && !plain.legend.contains { $0.text == "Engine running" })
    }
}
