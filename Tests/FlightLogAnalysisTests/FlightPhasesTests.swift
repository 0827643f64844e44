import FlightLogAnalysis
import FlightLogCore
import FlightLogSimulation
import FlightLogTestSupport
import Testing

/// 120 s glide north at 25 m/s sinking 1 m/s, 120 s of right circles at 15 °/s climbing 2 m/s (five circles), then
/// a 180 s glide.
private func oneThermal(interval: Int = 1, turn: Double = 15) -> SyntheticGlider {
    var glider = SyntheticGlider(interval: interval)
    glider.fly(120)
    glider.fly(120, turn: turn, climb: 2)
    glider.fly(180)
    return glider
}

/// A minute's glide, three circles right and two left climbing 1.5 m/s (40 % of the turning to the left), a
/// minute's glide.
private func bothWays() -> SyntheticGlider {
    var glider = SyntheticGlider()
    glider.fly(60)
    glider.fly(72, turn: 15, climb: 1.5)
    glider.fly(48, turn: -15, climb: 1.5)
    glider.fly(60)
    return glider
}

private func seconds(_ time: UTCMillis) -> Double { Double(time - SyntheticGlider.t0) / 1000 }

@Suite("Thermals and glides")
struct FlightPhasesTests {
    /// At 1 Hz the smoothed turn rate (y = 0.7 y + 0.3 x) reads 2.25 °/s on the circle's first chord (half a turn
    /// step, 7.5°) and 6.1 °/s on the second: turning from second 122. After the circles it decays 12.75, 8.9,
    /// 6.2, 4.4, 3.1: not turning from second 245. So the thermal is seconds 122–245, the glides 0–122 and 245–420.
    @Test func exactFiguresAtOneHertz() throws {
        let phases = FlightPhases.analyze(oneThermal().fixes)
        try #require(phases.thermals.count == 1 && phases.glides.count == 2)
        #expect(phases.failedCircling.isEmpty)
        let thermal = phases.thermals[0]
        #expect(seconds(thermal.start) == 122 && seconds(thermal.end) == 245)
        #expect((thermal.startIndex, thermal.endIndex) == (122, 245))
        // 884 m at second 122 (−120 + 2 × 2), 1115 m at 245 (−120 + 240 − 5).
        #expect(thermal.gain == 231)
        #expect(abs(thermal.climbRate - 231.0 / 123) < 1e-9)
        #expect(thermal.direction == .right && thermal.leftShare == 0)
        // Five circles of 24 s × 25 m: radius 95.5 m around a centre 95.5 m east of the circle's entry point.
        let entry = oneThermal().fixes[120].coordinate
        let centre = Geodesy.destination(from: entry, bearing: 90, distance: 24 * 25 / (2 * .pi))
        #expect(Geodesy.distance(thermal.center, centre) < 10)

        let first = phases.glides[0], second = phases.glides[1]
        #expect(seconds(first.start) == 0 && seconds(first.end) == 122)
        #expect(abs(first.distance - 122 * 25) < 0.05)  // every second's chord is 25 m
        #expect(first.heightLost == 116)
        #expect(abs(first.glideRatio! - 3050.0 / 116) < 1e-3)
        #expect(abs(first.speedKmh! - 90) < 1e-3)
        #expect(seconds(second.start) == 245 && seconds(second.end) == 420)
        #expect(abs(second.distance - 175 * 25) < 0.05)
        #expect(second.heightLost == 175)

        let totals = phases.totals
        #expect(totals.circlingSeconds == 123 && totals.cruiseSeconds == 297)
        #expect(abs(totals.circlingPercent! - 100 * 123.0 / 420) < 1e-9)
        #expect(totals.totalClimb == 231 && abs(totals.averageClimb! - 231.0 / 123) < 1e-9)
        #expect(abs(totals.cruiseSpeedKmh! - 90) < 1e-3)
        #expect(abs(totals.cruiseGlideRatio! - 7425.0 / 291) < 1e-3)
        #expect(totals.leftPercent == 0)
    }

    @Test("1, 2, 5 and 10 s fixes find the same thermal", arguments: [1, 2, 5, 10])
    func fixIntervals(_ interval: Int) throws {
        let phases = FlightPhases.analyze(oneThermal(interval: interval, turn: -15).fixes)
        try #require(phases.thermals.count == 1, "\(interval) s: \(phases.thermals.count) thermals")
        let thermal = phases.thermals[0]
        #expect(thermal.direction == .left && thermal.leftShare == 1)
        // Within two fix intervals (and the filter's lag) of the true 120–240 s.
        #expect(abs(seconds(thermal.start) - 120) <= Double(2 * interval + 2))
        #expect(abs(seconds(thermal.end) - 240) <= Double(2 * interval + 5))
        #expect(phases.glides.count == 2)
        #expect(abs(phases.totals.circlingPercent! - 100 * 120.0 / 420) < 100 * Double(3 * interval + 5) / 420)
    }

    @Test func circlingBothWaysIsMixed() throws {
        let thermal = try #require(FlightPhases.analyze(bothWays().fixes).thermals.first)
        #expect(thermal.direction == .mixed)
        #expect(abs(thermal.leftShare - 0.4) < 0.03)
        var mostlyRight = SyntheticGlider()
        mostlyRight.fly(60)
        mostlyRight.fly(96, turn: 15, climb: 1.5)
        mostlyRight.fly(12, turn: -15, climb: 1.5)  // half a circle the other way: still a right thermal
        mostlyRight.fly(60)
        #expect(FlightPhases.analyze(mostlyRight.fixes).thermals.map(\.direction) == [.right])
    }

    /// A thermal's direction has one wording, which the phone's thermal list and the report's table both take (the
    /// phone said `mixed` where the report said `both ways (40 % left)`).
    @Test func aThermalCircledBothWaysSaysHowMuchWentLeft() throws {
        let mixed = try #require(FlightPhases.analyze(bothWays().fixes).thermals.first)
        let words = AnalysisWords.direction(mixed)
        let percent = try #require(Int(words.replacing(/^both ways \((\d+) % left\)$/) { $0.output.1 }), "\(words)")
        #expect((37...43).contains(percent), "\(words)")
        let left = try #require(FlightPhases.analyze(oneThermal(turn: -15).fixes).thermals.first)
        #expect(AnalysisWords.direction(left) == "left")
    }

    @Test func circlingThatLosesHeightIsNoThermal() throws {
        var glider = SyntheticGlider()
        glider.fly(60)
        glider.fly(96, turn: 15, climb: -1)
        glider.fly(60)
        let phases = FlightPhases.analyze(glider.fixes)
        #expect(phases.thermals.isEmpty)
        try #require(phases.failedCircling.count == 1)
        #expect(phases.failedCircling[0].gain < 0)
        #expect(phases.totals.circlingSeconds > 90 && phases.totals.averageClimb == nil)
    }

    /// XCSoar would call 50 s of turning at 6 °/s circling; less than a full circle is a turn, not a thermal.
    @Test func aTurnOfLessThanACircleIsCruise() {
        var glider = SyntheticGlider()
        glider.fly(120)
        glider.fly(50, turn: 6, climb: 0.5)
        glider.fly(120)
        let phases = FlightPhases.analyze(glider.fixes)
        #expect(phases.thermals.isEmpty && phases.failedCircling.isEmpty)
        #expect(phases.glides.count == 1 && phases.totals.circlingPercent == 0)
    }

    @Test func shortPhasesJoinTheirNeighbours() {
        var glider = SyntheticGlider()
        glider.fly(120)
        glider.fly(60, turn: 15, climb: 2)
        glider.fly(20, climb: 0)  // a 20 s straight bit inside the thermal
        glider.fly(60, turn: 15, climb: 2)
        glider.fly(120)
        let phases = FlightPhases.analyze(glider.fixes)
        #expect(phases.thermals.count == 1 && phases.glides.count == 2)
    }

    @Test func invalidFixesAndGapsChangeNothing() throws {
        let clean = FlightPhases.analyze(oneThermal().fixes)
        var fixes = oneThermal().fixes
        // Every 7th fix invalid at 0° 0°, and a repeated time with a far-off position.
        for i in stride(from: 3, to: fixes.count, by: 7) {
            fixes[i] = Fix(
                time: fixes[i].time, isValid: false, latitude: 0, longitude: 0, pressureAltitude: nil, gnssAltitude: nil
            )
        }
        fixes.insert(
            Fix(time: fixes[50].time, latitude: 51, longitude: 7, pressureAltitude: 0, gnssAltitude: 0), at: 51)
        let damaged = FlightPhases.analyze(fixes)
        try #require(damaged.thermals.count == 1 && damaged.glides.count == 2)
        #expect(abs(seconds(damaged.thermals[0].start) - seconds(clean.thermals[0].start)) <= 2)
        #expect(abs(damaged.thermals[0].gain - clean.thermals[0].gain) <= 6)

        // 40 s lost in the first glide and 31 s inside the circles: no phase appears or splits.
        let gappy = oneThermal().fixes.enumerated().filter {
            !(40..<80).contains($0.offset) && !(160..<191).contains($0.offset)
        }
        let phases = FlightPhases.analyze(gappy.map(\.element))
        #expect(phases.thermals.count == 1 && phases.glides.count == 2)
    }

    @Test func oneBadFixIsNoCircle() {
        var glider = SyntheticGlider()
        glider.fly(300)
        glider.fixes[150].longitudeE7 += 50_000  // 360 m east for one fix
        let phases = FlightPhases.analyze(glider.fixes)
        #expect(phases.thermals.isEmpty && phases.failedCircling.isEmpty && phases.glides.count == 1)
    }

    @Test func theWindowBoundsThePhases() throws {
        let fixes = oneThermal().fixes
        let phases = FlightPhases.analyze(fixes, window: 60..<300)
        try #require(phases.glides.count == 2)
        #expect(phases.glides[0].startIndex == 60 && phases.glides[1].endIndex == 299)
        // A 22 s glide before the circles joins the thermal.
        #expect(FlightPhases.analyze(fixes, window: 100..<300).thermals.map(\.startIndex) == [100])
        #expect(FlightPhases.analyze(fixes, window: 5..<6).glides.isEmpty)
        #expect(FlightPhases.analyze([]).thermals.isEmpty)
    }

    /// The simulator's six-minute winch flight: launch, a circuit and a landing; it circles only to lose height.
    @Test func aWinchCircuitHasNoThermal() throws {
        let plan = SimulatedFlightPlan(launch: .winch, flightMinutes: 6, seed: 3)
        let fixes = FlightSimulator.simulate(plan)
        let flight = try #require(FlightSegmenter.flights(in: fixes, extensions: FlightSimulator.extensions).first)
        let window = try #require(
            ScoringWindow.find(
                fixes, extensions: FlightSimulator.extensions, takeoffIndex: flight.takeoffIndex,
                landingIndex: flight.landingIndex))
        #expect(window.startsAt == .release)
        let phases = FlightPhases.analyze(fixes, window: window.fixes)
        #expect(phases.thermals.isEmpty)
        // A long simulated flight does circle in thermals.
        let long = FlightSimulator.simulate(SimulatedFlightPlan(launch: .winch, flightMinutes: 90, seed: 3))
        #expect(FlightPhases.analyze(long).thermals.count >= 3)
    }
}
