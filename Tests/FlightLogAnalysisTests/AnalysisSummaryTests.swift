import FlightLogAnalysis
import FlightLogCore
import FlightLogSimulation
import FlightLogTestSupport
import Testing

/// ``AnalysisSummary``: one label and one wording per figure, whichever view lays the rows out.
struct AnalysisSummaryTests {
    /// A self-launcher at UTC+02:00: engine 200 s, a 10-minute glide, a thermal, another glide, engine on again.
    static func selfLauncher() -> (FlightAnalysis, Flight) {
        var glider = SyntheticGlider(altitude: 200, enl: 20)
        glider.enl = 800
        glider.fly(200, climb: 2.5)
        glider.enl = 40
        glider.fly(600, climb: -1)
        glider.fly(240, turn: 15, climb: 2)
        glider.fly(300, climb: -1)
        glider.enl = 900
        glider.fly(120, climb: 2)
        let fixes = glider.fixes
        let inputs = FlightAnalysis.Inputs(
            takeoff: fixes[1].time, landing: fixes[fixes.count - 1].time, release: nil, fixCount: fixes.count,
            index: 108)
        let analysis = FlightAnalysis.compute(fixes: fixes, extensions: SyntheticGlider.enlExtensions, inputs: inputs)
        let flight = Flight(
            takeoffTime: inputs.takeoff, landingTime: inputs.landing, takeoffCoordinate: fixes[0].coordinate,
            landingCoordinate: fixes[fixes.count - 1].coordinate, utcOffsetSeconds: 7200)
        return (analysis, flight)
    }

    @Test func rowsHaveOneLabelAndWordingPerFigure() throws {
        let (a, flight) = Self.selfLauncher()
        let window = try #require(a.scoringWindow)
        let summary = AnalysisSummary(a, flight: flight, times: .hourMinuteSecond)
        // An out-and-return or triangle inside the circles would add "Closed": not what this test is about.
        let labels = summary.rows.map(\.label).filter { !$0.isEmpty && $0 != "Closed" }
        #expect(
            labels == [
                "Scored from", "Scored to", "Engine", "Free distance", "Points", "Thermals", "Circling", "Glides",
                "Longest glide", "Legs",
            ], "\(summary.rows)")
        func value(_ label: String) -> String? { summary.rows.first { $0.label == label }?.value }
        let local = { (t: UTCMillis) in CivilDateTime(utc: t, offsetSeconds: 7200).hourMinuteSecond }
        #expect(value("Scored from") == "Engine off \(local(window.start))")
        #expect(value("Scored to") == "Engine on \(local(window.end))")
        #expect(
            value("Engine")?.hasPrefix("2 runs, ") == true && value("Engine")?.hasSuffix(" min (ENL sensor)") == true)
        #expect(value("Free distance")?.hasSuffix(" km (6 legs: OLC classic, WeGlide)") == true)
        #expect(value("Points") == AnalysisWords.points(a))
        let t = a.phases.totals
        #expect(
            value("Thermals")
                == "1, average +\(decimal(t.averageClimb!, 1)) m/s, \(decimal(t.totalClimb, 0)) m climbed")
        #expect(value("Circling")?.hasSuffix("% of the scored time (0 % left, 100 % right)") == true)
        #expect(value("Glides")?.hasPrefix("2, ") == true && value("Glides")?.contains(", L/D ") == true)
        // The contest side first, the flying side second, the legs last.
        #expect(summary.contest.last?.label == "Points" && summary.flying.first?.label == "Thermals")
        #expect(summary.legs.first?.value.hasPrefix("1: ") == true)
    }

    /// The views differ in how they write a time, not in what they say.
    @Test func timeStylesChangeOnlyTheTimes() throws {
        let (a, flight) = Self.selfLauncher()
        let window = try #require(a.scoringWindow)
        let phone = AnalysisSummary(a, flight: flight, times: .hourMinute)
        let report = AnalysisSummary(a, flight: flight, times: .localAndUTC)
        #expect(phone.rows.map(\.label) == report.rows.map(\.label))
        let start = CivilDateTime(utc: window.start, offsetSeconds: 7200), utc = CivilDateTime(utc: window.start)
        #expect(phone.contest[0].value == "Engine off \(start.hourMinute)")
        #expect(report.contest[0].value == "Engine off \(start.hourMinuteSecond) local · \(utc.hourMinuteSecond) UTC")
        let run = try #require(a.engineRuns.first)
        let runStart = CivilDateTime(utc: run.start, offsetSeconds: 7200).hourMinuteSecond
        #expect(
            report.rows.contains {
                $0.label.isEmpty && $0.value.hasPrefix("\(runStart)–") && $0.value.contains(" UTC)")
            })
    }

    @Test func noScoringWindowSaysWhyAndNothingElse() {
        var motoring = SyntheticGlider(enl: 900)
        motoring.fly(600)
        let fixes = motoring.fixes
        let inputs = FlightAnalysis.Inputs(
            takeoff: fixes[10].time, landing: fixes[fixes.count - 1].time, release: nil, fixCount: fixes.count,
            index: nil)
        let a = FlightAnalysis.compute(fixes: fixes, extensions: SyntheticGlider.enlExtensions, inputs: inputs)
        let flight = Flight(
            takeoffTime: inputs.takeoff, landingTime: inputs.landing, takeoffCoordinate: fixes[0].coordinate,
            landingCoordinate: fixes[0].coordinate)
        let summary = AnalysisSummary(a, flight: flight, times: .hourMinute)
        #expect(summary.contest.first == AnalysisSummary.Row("Scored", "nothing: the engine ran to the landing"))
        #expect(summary.flying.isEmpty && summary.legs.isEmpty)
    }

    @Test func signsAreTrueMinusesAndNeverOnZero() {
        #expect([1.84, -40, -0.04, 0].map { AnalysisSummary.signed($0, 1) } == ["+1.8", "−40.0", "+0.0", "+0.0"])
    }
}
