import FlightLogAnalysis
import FlightLogCore
import FlightLogSimulation
import FlightLogTestSupport
import Testing

/// The words every view takes for the analysis: why nothing is scored follows the analysis, not the view.
struct AnalysisWordsTests {
    func analysis(of glider: SyntheticGlider, takeoff: Int, index: Double? = nil) -> FlightAnalysis {
        let fixes = glider.fixes
        let inputs = FlightAnalysis.Inputs(
            takeoff: fixes[takeoff].time, landing: fixes[fixes.count - 1].time, release: nil,
            fixCount: fixes.count, index: index)
        return FlightAnalysis.compute(fixes: fixes, extensions: SyntheticGlider.enlExtensions, inputs: inputs)
    }

    @Test func anEngineRunningToTheLandingScoresNothingAndSaysWhy() {
        var motoring = SyntheticGlider(enl: 900)
        motoring.fly(600)
        let a = analysis(of: motoring, takeoff: 10)
        #expect(a.scoringWindow == nil)
        #expect(AnalysisWords.nothingScored(a) == "nothing: the engine ran to the landing")
    }

    /// A flight over 24 h (a recorder's broken clock) is not analysed (``FlightAnalysis/compute(flight:track:glider:)``
    /// gives it no fixes), and the words say so rather than "no free flight".
    @Test func aFlightOverADaySaysItWasNotAnalysed() {
        func words(hours: Int64) -> String {
            let t = SyntheticGlider.t0
            let inputs = FlightAnalysis.Inputs(
                takeoff: t, landing: t + hours * 3_600_000, release: nil, fixCount: 0, index: nil)
            return AnalysisWords.nothingScored(FlightAnalysis.compute(fixes: [], inputs: inputs))
        }
        #expect(words(hours: 25).contains("not analysed, over 24 h"))
        #expect(words(hours: 23) == "nothing: no free flight in the track")
    }

    @Test func aSelfLauncherIsScoredFromEngineOffToEngineOn() throws {
        var glider = SyntheticGlider(altitude: 200, enl: 20)
        glider.enl = 800
        glider.fly(200, climb: 2.5)
        glider.enl = 40
        glider.fly(600, climb: -1)
        glider.enl = 900
        glider.fly(120, climb: 2)
        let a = analysis(of: glider, takeoff: 1, index: 108)
        let window = try #require(a.scoringWindow)
        #expect(AnalysisWords.scoredFrom(window) == "Engine off")
        #expect(AnalysisWords.scoredTo(window, endedInFlight: false) == "Engine on")
        #expect(a.indexText == "index 108")
        #expect(AnalysisWords.points(a).hasSuffix("(index 108)"))
        #expect(AnalysisWords.runs(a.engineRuns.count) == "2 runs")
    }

    @Test func unknownIndexIsSaid() {
        var glider = SyntheticGlider(altitude: 600, enl: 20)
        glider.fly(600, climb: -1)
        #expect(AnalysisWords.points(analysis(of: glider, takeoff: 1)).hasSuffix("(index 100: glider's index unknown)"))
    }
}
