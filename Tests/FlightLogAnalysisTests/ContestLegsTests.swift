import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Testing

/// The free distance routes of a track with too few fixes have no legs of 0 m.
struct ContestLegsTests {
    /// Four fixes in the air: the 6-leg route would repeat a fix as turnpoints (legs of 0.0 km); it keeps only
    /// its real legs, the same length.
    @Test func aTinyTrackHasOnlyRealLegs() throws {
        var glider = SyntheticGlider(interval: 20, altitude: 300)
        glider.fly(80, speed: 22, climb: 1)
        let fixes = glider.fixes
        let inputs = FlightAnalysis.Inputs(
            takeoff: fixes[0].time, landing: fixes[fixes.count - 1].time, release: nil, fixCount: fixes.count,
            index: nil)
        let a = FlightAnalysis.compute(fixes: fixes, inputs: inputs)
        let six = try #require(a.freeSix)
        #expect(six.turnpoints.count >= 2 && six.turnpoints.count <= fixes.count)
        #expect(a.legs.count == six.turnpoints.count - 1 && a.legs.allSatisfy { $0.meters > 0 && $0.seconds > 0 })
        #expect(abs(a.legs.reduce(0) { $0 + $1.meters } - six.meters) < 1)
        let four = try #require(a.freeFour)
        #expect(zip(four.turnpoints, four.turnpoints.dropFirst()).allSatisfy { $0.time < $1.time })
    }
}
