import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// The aerotow release (docs/DETECTION.md, rule L) on tows whose release is known to the second: a tug may circle
/// with its glider in a thermal, and a glider may let go into one.
@Suite struct AerotowReleaseTests {
    /// The tug's circles: 9 °/s at 32 m/s (a radius of 204 m, 40 s a turn), climbing 1.2 m/s on the average and
    /// sinking on the thermal's far side (over 20 s as much as −0.7 m/s).
    static func circlingTow(_ glider: inout SyntheticGlider, seconds: Int) {
        for s in 0..<seconds {
            glider.fly(1, turn: -9, speed: 32, climb: 1.2 + 3 * sin(Double(s) * 2 * .pi / 40))
        }
    }

    static func release(_ glider: SyntheticGlider) -> (LaunchAnalysis, ScoringWindow?) {
        let launch = LaunchAnalyzer.analyze(
            glider.fixes, extensions: [], takeoffIndex: 0, landingIndex: glider.fixes.count - 1)
        let window = ScoringWindow.find(
            glider.fixes, extensions: [], takeoffIndex: 0, landingIndex: glider.fixes.count - 1)
        return (launch, window)
    }

    /// Straight for 90 s, then 6 minutes circling with the tug, then the release: a straight dive and a glide.
    @Test("circling on tow does not end the tow", arguments: [1, 3])
    func circlingTowIsStillTheTow(every interval: Int) throws {
        var glider = SyntheticGlider(interval: interval, altitude: 100)
        glider.fly(90, speed: 30, climb: 3)
        Self.circlingTow(&glider, seconds: 360)
        let releasedAt = glider.time
        glider.fly(20, speed: 40, climb: -2.3)
        glider.fly(300, speed: 28, climb: -0.8)

        let (launch, window) = Self.release(glider)
        #expect(launch.method == .aerotow)
        let release = try #require(launch.releaseTime)
        // The highest fix of the last circle: the climb there wavers by ±3 m/s.
        #expect(release <= releasedAt && release >= releasedAt - 40_000, "released \(release - releasedAt) ms")
        #expect(window?.startsAt == .release && window?.start == release)
    }

    /// A glider that lets go from a circling tow and circles on in the thermal, tighter than the tug.
    @Test func aTightCircleAfterACirclingTowIsTheRelease() throws {
        var glider = SyntheticGlider(altitude: 100)
        glider.fly(90, speed: 30, climb: 3)
        Self.circlingTow(&glider, seconds: 200)
        let releasedAt = glider.time
        glider.fly(300, turn: 17, speed: 24, climb: 2)  // 85 m radius, 21 s a turn

        let release = try #require(Self.release(glider).0.releaseTime)
        #expect(release <= releasedAt + 20_000 && release >= releasedAt - 40_000, "released \(release - releasedAt) ms")
    }

    /// A straight tow released into a thermal: the glider circles at once, still climbing.
    @Test("a tight circle off a straight tow is the release", arguments: [1, 4])
    func releaseIntoAThermal(every interval: Int) throws {
        var glider = SyntheticGlider(interval: interval, altitude: 100)
        glider.fly(240, turn: 0.5, speed: 30, climb: 3)
        let releasedAt = glider.time
        glider.fly(300, turn: 15, speed: 24, climb: 2)

        let (launch, window) = Self.release(glider)
        #expect(launch.method == .aerotow)
        let release = try #require(launch.releaseTime)
        #expect(abs(release - releasedAt) <= 20_000, "released \(release - releasedAt) ms")
        #expect(window?.start == release)
    }

    /// A straight tow at 124 km/h climbing 2.7 m/s, let go into a thermal: a 40 m zoom, then circling at 9 °/s and
    /// 97 km/h (a radius of 172 m, as wide as a tug's) climbing 1 m/s. Neither a tight turn nor sink ends this tow:
    /// the slowdown, the slower climb and (with an engine sensor) the hook's click do. The old rule put the release
    /// at the top of the thermal, six minutes late.
    @Test("a wide circle off a straight tow, slower and climbing slower, is the release", arguments: [false, true])
    func releaseIntoAWideThermal(hookClick: Bool) throws {
        var glider = SyntheticGlider(altitude: 100, enl: hookClick ? 5 : nil)
        glider.fly(150, turn: 0.3, speed: 34.5, climb: 2.7)
        let releasedAt = glider.time
        if hookClick { glider.enl = 250 }
        glider.fly(1, speed: 33, climb: 8)
        glider.enl = hookClick ? 5 : nil
        glider.fly(4, turn: 5, speed: 30, climb: 8)
        glider.fly(360, turn: 9, speed: 27, climb: 1)
        glider.fly(300, turn: 0, speed: 33, climb: -1)

        let launch = LaunchAnalyzer.analyze(
            glider.fixes, extensions: hookClick ? SyntheticGlider.enlExtensions : [], takeoffIndex: 0,
            landingIndex: glider.fixes.count - 1)
        #expect(launch.method == .aerotow)
        let release = try #require(launch.releaseTime)
        #expect(abs(release - releasedAt) <= (hookClick ? 1_000 : 10_000), "released \(release - releasedAt) ms")
    }
}
