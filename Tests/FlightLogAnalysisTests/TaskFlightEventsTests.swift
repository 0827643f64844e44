import FlightLogCore
import Foundation
import Testing

@testable import FlightLogAnalysis

/// The task rules take the release and the engine runs the analysis found (docs/TASKS.md, "An engine run ends the
/// task"): read from the analysis they are what finding them again on the fixes gives.
@Suite struct TaskFlightEventsTests {
    typealias T = TaskScoringTests

    /// A self-launch (the engine loud for the first 60 fixes) and an engine run in the middle of the flight.
    static func motorGliderFixes() -> [Fix] {
        var fixes = SyntheticTracks.route([T.a, T.b, T.c, T.a], speed: 50, every: 2)
        for i in fixes.indices {
            fixes[i].extensions = i < 60 || (1000..<1060).contains(i) ? "900" : "010"
        }
        return fixes
    }

    static let enl = [FixExtension(code: "ENL", length: 3)]

    /// The analysis of the whole of `fixes` as one flight (a small contest budget: only its events matter here).
    static func analysis(_ fixes: [Fix]) -> FlightAnalysis {
        let inputs = FlightAnalysis.Inputs(
            takeoff: fixes[0].time, landing: fixes[fixes.count - 1].time, release: nil, fixCount: fixes.count,
            index: nil)
        return FlightAnalysis.compute(fixes: fixes, extensions: enl, inputs: inputs, budget: 1000)
    }

    @Test func theAnalysisEventsAreTheOnesFoundOnTheFixes() throws {
        let fixes = Self.motorGliderFixes()
        let takeoff = fixes[0].time, landing = fixes[fixes.count - 1].time
        let found = TaskFlightEvents.of(fixes, extensions: Self.enl, takeoff: takeoff, landing: landing)
        #expect(found.release?.isEngineStop == true && found.engineStarts == [fixes[1000].time])
        let analysis = Self.analysis(fixes)
        #expect(TaskFlightEvents.of(analysis, fixes: fixes) == found)
        // Scored with either, the task is the same.
        let task = T.triangle(source: .declaration)
        let fromAnalysis = try TaskScoring(
            task: task, fixes: fixes, events: try #require(TaskFlightEvents.of(analysis, fixes: fixes)))
        #expect(fromAnalysis.score() == (try TaskScoring(task: task, fixes: fixes, events: found).score()))
    }

    /// An analysis whose window does not fit the fixes given (another track) is not read: nil, not a trap.
    @Test func anAnalysisOfOtherFixesIsNotRead() {
        let fixes = Self.motorGliderFixes()
        let analysis = Self.analysis(fixes)
        let start = analysis.scoringWindow?.startIndex ?? 0
        #expect(start > 1)
        #expect(TaskFlightEvents.of(analysis, fixes: Array(fixes.prefix(start))) == nil)
    }
}
