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

    /// A thermal's direction has one wording, which the phone's thermal list and the report's table both take (the
    /// phone said `mixed` where the report said `both ways (40 % left)`).
    @Test func aThermalCircledBothWaysSaysHowMuchWentLeft() throws {
        var glider = SyntheticGlider()
        glider.fly(60)
        glider.fly(72, turn: 15, climb: 1.5)  // three circles right
        glider.fly(48, turn: -15, climb: 1.5)  // two left
        glider.fly(60)
        let mixed = try #require(FlightPhases.analyze(glider.fixes).thermals.first)
        let words = AnalysisWords.direction(mixed)
        let percent = try #require(Int(words.replacing(/^both ways \((\d+) % left\)$/) { $0.output.1 }), "\(words)")
        #expect((37...43).contains(percent), "\(words)")
        var left = SyntheticGlider()
        left.fly(60)
        left.fly(120, turn: -15, climb: 1.5)
        left.fly(60)
        #expect(AnalysisWords.direction(try #require(FlightPhases.analyze(left.fixes).thermals.first)) == "left")
    }

    @Test func anEngineRunningToTheLandingScoresNothingAndSaysWhy() {
        var motoring = SyntheticGlider(enl: 900)
        motoring.fly(600)
        let a = analysis(of: motoring, takeoff: 10)
        #expect(a.scoringWindow == nil)
        #expect(AnalysisWords.nothingScored(a) == "nothing: the engine ran to the landing")
    }

    /// A flight over 24 h (a recorder's broken clock) is not analysed (``FlightAnalysis/compute(flight:track:index:)``
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
