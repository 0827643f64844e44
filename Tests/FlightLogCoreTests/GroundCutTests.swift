import FlightLogSimulation
import Testing

@testable import FlightLogCore

/// The master switch off seconds after the glider stopped, on again minutes later, and the same glider flying
/// again: two flights, the first landing where it came to rest, as if the recorder had run on.
@Suite("Switched off on the ground")
struct GroundCutTests {
    static let first = SimulatedFlightPlan(
        launch: .winch, flightMinutes: 10, groundMinutesBefore: 3, groundMinutesAfter: 3, seed: 5)

    /// `fixes` as the detector sees them: every event.
    func events(_ fixes: [Fix]) -> [DetectorEvent] {
        var detector = FlightDetector()
        return fixes.flatMap { detector.ingest($0) }
    }

    func times(_ events: [DetectorEvent]) -> [UTCMillis] {
        events.map {
            switch $0 {
            case .takeoff(let time, _), .landing(let time, _): time
            }
        }
    }

    /// The first flight, cut `after` seconds after the detector's touchdown, then `off` minutes without fixes, then
    /// a second flight from the same field (its ground time first).
    func cutAndFlyAgain(after: Int64, off: Int64) throws -> (fixes: [Fix], uncut: [UTCMillis]) {
        let one = FlightSimulator.simulate(Self.first)
        let uncut = times(events(one))
        try #require(uncut.count == 2)
        let cut = uncut[1] + after * 1000
        var second = Self.first
        second.start = cut + off * 60_000
        second.seed = 6
        return (one.filter { $0.time <= cut } + FlightSimulator.simulate(second), uncut)
    }

    @Test(arguments: [3, 10, 20, 45] as [Int64])
    func offSecondsAfterTouchdownAndOnAgainTenMinutesLater(after: Int64) throws {
        let (fixes, uncut) = try cutAndFlyAgain(after: after, off: 10)
        let found = times(events(fixes))
        try #require(found.count == 4, "events \(found.map(iso8601UTC))")
        #expect(found[0] == uncut[0])
        #expect(found[1] == uncut[1], "first landing \((found[1] - uncut[1]) / 1000) s off")
        // The import of the same fixes agrees.
        let imported = FlightSegmenter.flightsForImport(fixes, extensions: [])
        #expect(imported.map(\.landingTime).first == uncut[1])
        #expect(imported.count == 2)
    }

    /// The power cut while the glider still rolls out (seconds before it comes to rest), on again 10 minutes later
    /// where it stopped: the first flight lands at the roll-out, not at the restart, and the second take-off is
    /// found at its own time. Failed before the rule: the landing came at the restart, 10 minutes late.
    @Test(arguments: [-15, -8, -3] as [Int64])
    func offDuringTheRollOutAndOnAgainTenMinutesLater(after: Int64) throws {
        let (fixes, uncut) = try cutAndFlyAgain(after: after, off: 10)
        let cut = try #require(fixes.last { $0.time <= uncut[1] + after * 1000 })
        var second = Self.first
        second.start = cut.time + 10 * 60_000
        second.seed = 6
        let alone = times(events(FlightSimulator.simulate(second)))
        let found = times(events(fixes))
        try #require(found.count == 4, "events \(found.map(iso8601UTC))")
        #expect(found[0] == uncut[0])
        #expect(found[1] == cut.time, "first landing \((found[1] - uncut[1]) / 1000) s off")
        #expect(found[2] == alone[0], "second takeoff \((found[2] - alone[0]) / 1000) s off")
        #expect(found[3] == alone[1])
        let imported = FlightSegmenter.flightsForImport(fixes, extensions: [])
        #expect(imported.map(\.landingTime).first == cut.time)
        #expect(imported.count == 2)
    }

    /// A cut in the air (moving, or at rest nowhere) still continues the flight, however long, below an hour.
    @Test func aCutInTheAirContinuesTheFlight() throws {
        let one = FlightSimulator.simulate(Self.first)
        let uncut = times(events(one))
        let cutAt = uncut[0] + 4 * 60_000
        let gapped = one.filter { $0.time <= cutAt || $0.time > cutAt + 90_000 }
        #expect(times(events(gapped)) == uncut)
    }
}
