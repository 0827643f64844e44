import FlightLogSimulation
import Testing

@testable import FlightLogCore

/// The fix lost for good minutes before the landing, the master switch off seconds after the glider stopped, on
/// again minutes later: the landing is where the pressure went still, not when the power came back.
@Suite("Fix lost, then switched off on the ground")
struct LostFixGroundCutTests {
    static let plan = SimulatedFlightPlan(
        launch: .winch, flightMinutes: 10, groundMinutesBefore: 3, groundMinutesAfter: 3, seed: 5)

    static func times(_ fixes: [Fix]) -> [UTCMillis] {
        var detector = FlightDetector()
        return fixes.flatMap { detector.ingest($0) }.map {
            switch $0 {
            case .takeoff(let time, _), .landing(let time, _): time
            }
        }
    }

    /// The first flight's fixes `V` from 4 minutes before its landing, cut `after` seconds after the touchdown,
    /// `off` minutes without power, then a second flight from the same field, its fix back or still lost.
    static func cut(after: Int64, off: Int64, fixBack: Bool) throws -> (fixes: [Fix], uncut: [UTCMillis]) {
        let one = FlightSimulator.simulate(plan)
        let uncut = times(one)
        try #require(uncut.count == 2)
        let lost = PressureLandingTests.losingTheFix(one, from: uncut[1] - 240_000)
        var second = plan
        second.start = uncut[1] + after * 1000 + off * 60_000
        second.seed = 6
        let next = FlightSimulator.simulate(second)
        let resumed = fixBack ? next : PressureLandingTests.losingTheFix(next, from: next[0].time)
        return (lost.filter { $0.time <= uncut[1] + after * 1000 } + resumed, uncut)
    }

    @Test(arguments: [(20, 10, true), (15, 10, false), (45, 3, true), (20, 30, false)] as [(Int64, Int64, Bool)])
    func offSecondsAfterTouchdownWithTheFixLost(after: Int64, off: Int64, fixBack: Bool) throws {
        let (fixes, uncut) = try Self.cut(after: after, off: off, fixBack: fixBack)
        let found = Self.times(fixes)
        try #require(found.count >= 2, "events \(found.map(iso8601UTC))")
        #expect(found[0] == uncut[0])
        #expect(abs(found[1] - uncut[1]) <= 30_000, "first landing \((found[1] - uncut[1]) / 1000) s off")
        #expect(found[1] < uncut[1] + after * 1000, "landing after the power went off")
        let imported = FlightSegmenter.flightsForImport(fixes, extensions: [])
        #expect(imported.first.map { abs($0.landingTime - uncut[1]) <= 30_000 } == true)
    }

    /// Still in the air with the fix lost (level, 150 m above the field, for 20 s), 90 s without power, then the
    /// flight's fixes again at another altitude: a cut in the air, the flight goes on and lands as it did.
    @Test func aCutAtAnotherPressureAltitudeContinuesTheFlight() throws {
        let one = FlightSimulator.simulate(Self.plan)
        let uncut = Self.times(one)
        try #require(uncut.count == 2)
        let takeoff = try #require(one.first { $0.time == uncut[0] }?.pressureAltitudeDm)
        let level = (0..<20).map { s in
            Fix(
                time: uncut[0] + 200_000 + Int64(s) * 1000, isValid: false, latitudeE7: one[0].latitudeE7,
                longitudeE7: one[0].longitudeE7, pressureAltitudeDm: takeoff + 1500, gnssAltitudeDm: nil)
        }
        let fixes = one.filter { $0.time < uncut[0] + 200_000 } + level + one.filter { $0.time > uncut[0] + 310_000 }
        #expect(Self.times(fixes) == uncut)
    }
}
