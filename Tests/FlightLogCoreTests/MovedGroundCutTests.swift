import FlightLogSimulation
import Testing

@testable import FlightLogCore

/// Issue 38: the power cut while the glider still rolls out, the glider pushed, towed or trailered elsewhere during
/// the cut, the recorder on again there 10 minutes later. The first flight lands at the last fix before the cut, the
/// second takes off at its own time. Before the rule, the first landing came at the restart, about 10 minutes late
/// (the first fix after the gap lay more than 250 m from the last one, so nothing said "on the ground").
@Suite("Moved while switched off")
struct MovedGroundCutTests {
    /// The winch flight of the other switch-off tests, and their detector run.
    static let plan = LostFixGroundCutTests.plan
    static func times(_ fixes: [Fix]) -> [UTCMillis] { LostFixGroundCutTests.times(fixes) }

    /// `fixes` `metres` north and `higher` metres up.
    static func moved(_ fixes: [Fix], north metres: Meters, higher: Meters) -> [Fix] {
        fixes.map { fix in
            var fix = fix
            fix.latitudeE7 += Int32((metres / 111_195 * 1e7).rounded())
            fix.pressureAltitudeDm = fix.pressureAltitudeDm.map { $0 + Int32(higher * 10) }
            fix.gnssAltitudeDm = fix.gnssAltitudeDm.map { $0 + Int32(higher * 10) }
            return fix
        }
    }

    struct Day {
        var fixes: [Fix]
        /// The first flight's events alone, the last fix before the cut, the second flight's events alone.
        var uncut: [UTCMillis], cut: UTCMillis, second: [UTCMillis]
    }

    /// `one` cut `after` seconds from its detected landing (negative: still rolling out), 10 minutes off, then a
    /// flight from a launch point `north` metres away and `higher` metres above where the first one stopped.
    static func day(_ one: [Fix] = FlightSimulator.simulate(plan), after: Int64, north: Meters, higher: Meters)
        throws -> Day
    {
        let uncut = times(one)
        try #require(uncut.count == 2)
        let cut = try #require(one.last { $0.time <= uncut[1] + after * 1000 }).time
        var next = plan
        next.start = cut + 10 * 60_000
        next.seed = 6
        let second = moved(FlightSimulator.simulate(next), north: north, higher: higher)
        return Day(fixes: one.filter { $0.time <= cut } + second, uncut: uncut, cut: cut, second: times(second))
    }

    static func expectLandsAtTheCut(_ day: Day) throws {
        let found = times(day.fixes)
        try #require(found.count == 4, "events \(found.map(iso8601UTC))")
        #expect(found[0] == day.uncut[0])
        #expect(found[1] == day.cut, "first landing \((found[1] - day.cut) / 1000) s after the last fix")
        #expect(Array(found[2...]) == day.second, "second flight \(found[2...].map(iso8601UTC))")
        let imported = FlightSegmenter.flightsForImport(day.fixes, extensions: [])
        #expect(imported.map(\.landingTime) == [day.cut, day.second[1]])
    }

    /// Pushed or towed to the next launch point on the same field, cut 1.5 s (−8) and 6.5 s (−3) after the
    /// touchdown: at the take-off's level on both sides, at rest after the gap.
    @Test(arguments: [(400, -8), (400, -3), (1000, -8), (1000, -3)] as [(Meters, Int64)])
    func movedAlongTheField(north: Meters, after: Int64) throws {
        try Self.expectLandsAtTheCut(Self.day(after: after, north: north, higher: 0))
    }

    /// Carried 5 km by trailer to a place 80 m higher: only the roll-out before the gap (speed falling, the
    /// altitude steady) and the rest after it say it.
    @Test(arguments: [-5, -3] as [Int64])
    func carriedByTrailer(after: Int64) throws {
        try Self.expectLandsAtTheCut(Self.day(after: after, north: 5000, higher: 80))
    }

    /// An outlanding on a field 300 m above the take-off (the take-off's level says nothing there), then the
    /// glider pushed 1 km across it: the roll-out carries it.
    @Test func outlandingOnAHigherField() throws {
        var plan = Self.plan
        plan.fieldElevation += 300
        let climbFrom = plan.takeoffTime + 120_000, climbTo = plan.landingTime - 300_000
        // Take off 300 m lower and make up the difference in free flight, so the landing field lies 300 m higher.
        let one = FlightSimulator.simulate(plan).map { fix -> Fix in
            let share = min(1, max(0, Double(climbTo - fix.time) / Double(climbTo - climbFrom)))
            return Self.moved([fix], north: 0, higher: -300 * share)[0]
        }
        let day = try Self.day(one, after: -3, north: 1000, higher: 300)
        try #require(day.fixes.count > one.count / 2)
        try Self.expectLandsAtTheCut(day)
    }

    /// Power lost high in a straight glide for 20 minutes, back at rest on the ground elsewhere: nothing says where
    /// it landed, and the last fix was in the air (not rolling out, far above the take-off), so the flight is not
    /// ended up there; it lands where the rest after the gap began, as before the rule.
    @Test func lostInAGlideAndFoundOnTheGround() throws {
        let one = FlightSimulator.simulate(Self.plan)
        let uncut = Self.times(one)
        let cutAt = try #require(
            one.last { $0.time < uncut[1] - 240_000 && Altitudes($0).height(above: Altitudes(one[0])) ?? 0 > 300 })
        let ground = Self.moved(one.filter { $0.time > uncut[1] + 20_000 }, north: 5000, higher: 0).map { fix in
            var fix = fix
            fix.time += 20 * 60_000
            return fix
        }
        let found = Self.times(one.filter { $0.time <= cutAt.time } + ground)
        #expect(found == [uncut[0], ground[0].time])
    }

    /// Power lost in a thermal, back 2 minutes later 1 km away and 100 m higher, still circling: one flight, landing
    /// where it did without the cut.
    @Test func aRestartInTheAirContinuesTheFlight() throws {
        let one = FlightSimulator.simulate(Self.plan)
        let uncut = Self.times(one)
        let lost = uncut[0] + 5 * 60_000
        let gapped =
            one.filter { $0.time <= lost }
            + Self.moved(one.filter { $0.time > lost + 120_000 }, north: 1000, higher: 100)
        #expect(Self.times(gapped) == uncut)
        #expect(FlightSegmenter.flightsForImport(gapped, extensions: []).map(\.landingTime) == [uncut[1]])
    }
}
