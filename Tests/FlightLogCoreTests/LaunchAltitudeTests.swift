import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Testing

/// A launch with no pressure altitude at the take-off or during the climb (a barometer gone, a stretch of `00000`
/// in an IGC file) is judged on GNSS altitude, and the scoring window says so.
struct LaunchAltitudeTests {
    /// 20 s standing, a winch launch of 400 m in 40 s, then 10 minutes of gliding.
    func winchFlight() -> SyntheticGlider {
        var glider = SyntheticGlider(altitude: 200)
        glider.fly(20, speed: 0, climb: 0)
        glider.fly(5, speed: 25, climb: 0)
        glider.fly(40, speed: 30, climb: 10)
        glider.fly(600, turn: 0, climb: -1)
        return glider
    }

    func window(_ fixes: [Fix]) -> ScoringWindow? {
        ScoringWindow.find(fixes, extensions: [], takeoffIndex: 21, landingIndex: fixes.count - 1)
    }

    @Test func pressureMissingAtTheLaunchFallsBackToGNSS() throws {
        let glider = winchFlight()
        let withPressure = try #require(window(glider.fixes))
        #expect(withPressure.startsAt == .release && withPressure.launchOnGNSS == nil)

        var fixes = glider.fixes
        for i in 0..<80 { fixes[i].pressureAltitudeDm = nil }  // no pressure from before the take-off to the top
        let launch = LaunchAnalyzer.analyze(fixes, extensions: [], takeoffIndex: 21, landingIndex: fixes.count - 1)
        #expect(launch.method == .winch && launch.usedGNSS)
        #expect(launch.releaseHeight.map { abs($0 - 400) <= 20 } == true, "\(String(describing: launch))")
        let gnss = try #require(window(fixes))
        #expect(gnss.startsAt == .release && gnss.launchOnGNSS == true)
        #expect(abs(gnss.start - withPressure.start) <= 2000, "the same top of the climb")
        #expect(AnalysisWords.launchAltitude(gnss)?.contains("GNSS") == true)
        #expect(AnalysisWords.launchAltitude(withPressure) == nil)
    }

    @Test func pressureMissingOnlyAfterTheLaunchKeepsPressure() throws {
        var fixes = winchFlight().fixes
        for i in (fixes.count - 100)..<fixes.count { fixes[i].pressureAltitudeDm = nil }
        let launch = LaunchAnalyzer.analyze(fixes, extensions: [], takeoffIndex: 21, landingIndex: fixes.count - 1)
        #expect(launch.method == .winch && !launch.usedGNSS)
    }

    @Test func noAltitudeAtAllFindsNoRelease() {
        var fixes = winchFlight().fixes
        for i in fixes.indices { (fixes[i].pressureAltitudeDm, fixes[i].gnssAltitudeDm) = (nil, nil) }
        let launch = LaunchAnalyzer.analyze(fixes, extensions: [], takeoffIndex: 21, landingIndex: fixes.count - 1)
        #expect(launch.releaseIndex == nil && !launch.usedGNSS)
    }
}
