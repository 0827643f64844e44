import FlightLogAnalysis
import FlightLogCore
import FlightLogSimulation
import FlightLogTestSupport
import Testing

/// `fixes` with their extension bytes replaced by `text(i)`.
private func relabel(_ fixes: [Fix], _ text: (Int) -> String) -> [Fix] {
    fixes.indices.map { i in
        var fix = fixes[i]
        fix.extensions = text(i)
        return fix
    }
}

@Suite("Engine runs and the scoring window")
struct EngineRunsTests {
    /// ENL 20 for 60 s, 800 for 120 s, 400 for 40 s (between the thresholds: still on), 800 for 60 s, 100 for 60 s,
    /// 600 for 20 s (too short to be a run), 50 for 60 s.
    static func motorGlider() -> SyntheticGlider {
        var glider = SyntheticGlider(altitude: 200, enl: 20)
        glider.fly(60, climb: 0)
        for (enl, duration, climb) in [
            (800, 120, 2.0), (400, 40, 2), (800, 60, 2), (100, 60, -1), (600, 20, -1), (50, 60, -1),
        ] {
            glider.enl = enl
            glider.fly(duration, climb: climb)
        }
        return glider
    }

    @Test func xcsoarsRuleWithItsHysteresis() throws {
        let runs = EngineRuns.find(Self.motorGlider().fixes, extensions: SyntheticGlider.enlExtensions)
        try #require(runs.count == 1)
        // On from the first fix above 500 (second 61) to the first at or below 350 (second 281).
        #expect((runs[0].startIndex, runs[0].endIndex) == (61, 281))
        #expect(runs[0].seconds == 220)
        #expect(runs[0].heightGain == 437)  // 202 m → 639 m
    }

    @Test func aRunUntilTheEndEndsThere() throws {
        var glider = SyntheticGlider(enl: 10)
        glider.fly(30)
        glider.enl = 900
        glider.fly(90, climb: 1)
        let runs = EngineRuns.find(glider.fixes, extensions: SyntheticGlider.enlExtensions)
        #expect(runs.map(\.startIndex) == [31] && runs.map(\.endIndex) == [120])
        // A window that ends before the 30 s of noise: no run.
        #expect(EngineRuns.find(glider.fixes, extensions: SyntheticGlider.enlExtensions, window: 0..<50).isEmpty)
    }

    @Test func otherSensorsAndScales() throws {
        let fixes = Self.motorGlider().fixes
        let enl = fixes.map { Int($0.extensions)! }
        // MOP after another extension, on the same 0…999 scale.
        let mop = relabel(fixes) { "123" + String("00\(enl[$0])".suffix(3)) }
        let mopRuns = EngineRuns.find(
            mop, extensions: [FixExtension(code: "FXA", length: 3), FixExtension(code: "MOP", length: 3)])
        #expect(mopRuns.map(\.startIndex) == [61] && mopRuns.map(\.endIndex) == [281])
        // A 4-digit ENL field is read on its own scale: 8000 of 9999 is 800 of 999.
        let wide = relabel(fixes) { String("000\(enl[$0] * 10)".suffix(4)) }
        #expect(EngineRuns.find(wide, extensions: [FixExtension(code: "ENL", length: 4)]).map(\.endIndex) == [281])
        // RPM in revolutions per minute: 2400 running, 0 stopped.
        let rpm = relabel(fixes) { enl[$0] > 350 ? "2400" : "0000" }
        #expect(EngineRuns.find(rpm, extensions: [FixExtension(code: "RPM", length: 4)]).map(\.startIndex) == [61])
        // No sensor, or damaged fields: nothing.
        #expect(EngineRuns.find(fixes, extensions: []).isEmpty)
        #expect(EngineRuns.find(relabel(fixes) { _ in "9x9" }, extensions: SyntheticGlider.enlExtensions).isEmpty)
        #expect(
            EngineRuns.sensor([FixExtension(code: "mop", length: 3), FixExtension(code: "ENL", length: 3)])
                == "ENL+MOP")
    }

    /// An electric sustainer that the noise sensor barely hears: ENL stays at 120, MOP shows the run. Every
    /// declared sensor counts, and the launch (the logbook's launch method and release) reads the same runs.
    @Test func mopBesideAQuietNoiseSensor() throws {
        let fixes = Self.motorGlider().fixes
        let enl = fixes.map { Int($0.extensions)! }
        let both = relabel(fixes) { "120" + String("00\(enl[$0])".suffix(3)) }
        let layout = [FixExtension(code: "ENL", length: 3), FixExtension(code: "MOP", length: 3)]
        #expect(EngineRuns.find(both, extensions: layout).map(\.endIndex) == [281])
        #expect(EngineRuns.sensor(layout) == "ENL+MOP")
        let launch = LaunchAnalyzer.analyze(both, extensions: layout, takeoffIndex: 40, landingIndex: both.count - 1)
        #expect(launch.method == .self && launch.releaseIndex == 281)
    }

    /// The launch reads an engine field on its own scale, as the runs do: 80 of 99 and 2400 rpm are an engine
    /// running; 0600 of 9999 (60 of 999) is a quiet cockpit, no self-launch.
    @Test func theLaunchReadsEachSensorOnItsScale() throws {
        let fixes = Self.motorGlider().fixes
        let enl = fixes.map { Int($0.extensions)! }
        func launch(_ fixes: [Fix], _ code: String, _ length: Int) -> LaunchAnalysis {
            LaunchAnalyzer.analyze(
                fixes, extensions: [FixExtension(code: code, length: length)], takeoffIndex: 40,
                landingIndex: fixes.count - 1)
        }
        let narrow = relabel(fixes) { String("0\(enl[$0] / 10)".suffix(2)) }
        #expect(launch(narrow, "ENL", 2).method == .self)
        let rpm = relabel(fixes) { enl[$0] > 350 ? "2400" : "0000" }
        #expect(launch(rpm, "RPM", 4).releaseIndex == 281)
        let quiet = relabel(fixes) { _ in "0600" }
        #expect(launch(quiet, "ENL", 4).method != .self)
        #expect(EngineRuns.find(quiet, extensions: [FixExtension(code: "ENL", length: 4)]).isEmpty)
    }

    /// Engine on the ground and up to 700 m, glide, engine started again in flight, glide, landing.
    @Test func selfLaunchWindowEndsAtTheNextEngineStart() throws {
        var glider = SyntheticGlider(altitude: 200, enl: 20)
        glider.fly(30, speed: 0, climb: 0)
        glider.enl = 800
        glider.fly(30, speed: 0, climb: 0)  // engine running before the takeoff at second 60
        glider.fly(200, climb: 2.5)
        glider.enl = 40
        glider.fly(600, climb: -1)
        glider.enl = 900
        glider.fly(120, climb: 2)
        glider.enl = 40
        glider.fly(300, climb: -1)
        let fixes = glider.fixes
        let window = try #require(
            ScoringWindow.find(
                fixes, extensions: SyntheticGlider.enlExtensions, takeoffIndex: 60, landingIndex: fixes.count - 1))
        #expect(window.startsAt == .engineOff && window.startIndex == 261)
        #expect(window.endsAt == .engineStart && window.endIndex == 861)
        #expect(window.fixes == 261..<862)
        // The engine running into the landing: nothing is free flight after the launch.
        var motoring = SyntheticGlider(enl: 900)
        motoring.fly(600)
        #expect(
            ScoringWindow.find(
                motoring.fixes, extensions: SyntheticGlider.enlExtensions, takeoffIndex: 10, landingIndex: 600) == nil)
    }

    @Test("winch and aerotow: the window starts at the release", arguments: [LaunchMethod.winch, .aerotow])
    func towAndWinch(_ launch: LaunchMethod) throws {
        let fixes = FlightSimulator.simulate(SimulatedFlightPlan(launch: launch, flightMinutes: 30, seed: 5))
        let flight = try #require(FlightSegmenter.flights(in: fixes, extensions: FlightSimulator.extensions).first)
        let window = try #require(
            ScoringWindow.find(
                fixes, extensions: FlightSimulator.extensions, takeoffIndex: flight.takeoffIndex,
                landingIndex: flight.landingIndex))
        #expect(window.startsAt == .release && window.start == flight.releaseTime)
        #expect(window.endsAt == .landing && window.endIndex == flight.landingIndex)
    }

    @Test func noReleaseFoundStartsAtTheTakeoff() throws {
        var glider = SyntheticGlider()
        glider.fly(600)
        let window = try #require(ScoringWindow.find(glider.fixes, extensions: [], takeoffIndex: 0, landingIndex: 600))
        #expect(window.startsAt == .takeoff && window.fixes == 0..<601)
        #expect(ScoringWindow.find(glider.fixes, extensions: [], takeoffIndex: 5, landingIndex: 5) == nil)
    }
}
