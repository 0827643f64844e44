import FlightLogAnalysis
import FlightLogCore
import Foundation
import Testing

/// ``FlightAnalysis``: the scoring window, the routes as fixes of the file, the points, and when a stored
/// analysis may be used again.
@Suite struct FlightAnalysisTests {
    private static let t0: UTCMillis = 1_720_000_000_000

    /// A 1 Hz flight: 60 s on the ground, a winch climb to the release at 119 s, then a square of 10 km legs
    /// flown east, north, west, south, descending slowly; an invalid fix now and then.
    private static func squareFlight(winch: Bool = true) -> [Fix] {
        var fixes: [Fix] = []
        var latitude = 50.0, longitude = 7.0, altitude = 200.0
        let legSeconds = 300, meters = 10_000.0 / Double(legSeconds)
        let dLat = meters / 111_195, dLon = meters / (111_195 * cos(50 * Double.pi / 180))
        for second in 0..<(120 + 4 * legSeconds + 60) {
            switch second {
            case ..<60: break
            case ..<120: altitude += winch ? 6 : 0
            case ..<(120 + legSeconds): longitude += dLon
            case ..<(120 + 2 * legSeconds): latitude += dLat
            case ..<(120 + 3 * legSeconds): longitude -= dLon
            case ..<(120 + 4 * legSeconds): latitude -= dLat
            default: break
            }
            if (120..<(120 + 4 * legSeconds)).contains(second) { altitude -= 0.3 }
            fixes.append(
                Fix(
                    time: t0 + Int64(second) * 1000, isValid: second % 50 != 7, latitude: latitude,
                    longitude: longitude, pressureAltitude: altitude, gnssAltitude: altitude + 40))
        }
        return fixes
    }

    private static let inputs = FlightAnalysis.Inputs(
        takeoff: t0 + 60_000, landing: t0 + (120 + 1200) * 1000, release: t0 + 120_000, fixCount: 1380,
        index: nil)

    @Test func theWindowRunsFromTheReleaseToTheLandingAndTheRoutesAreFixes() {
        let fixes = Self.squareFlight()
        let a = FlightAnalysis.compute(fixes: fixes, inputs: Self.inputs)
        // The release the launch detection finds: the top of the winch climb.
        #expect(a.scoringWindow?.startsAt == .release)
        #expect(a.scoringStart == Self.t0 + 119_000)
        #expect(a.scoringEnd == Self.t0 + 1_320_000)
        let byTime = Dictionary(fixes.map { ($0.time, $0) }, uniquingKeysWith: { a, _ in a })
        for route in [a.freeSix, a.freeFour, a.faiTriangle, a.outAndReturn] {
            let route = try! #require(route)
            for point in route.turnpoints {
                let fix = try! #require(byTime[point.time], "a turnpoint that is no fix")
                #expect(fix.isValid && fix.latitude == point.latitude && fix.longitude == point.longitude)
                #expect((a.scoringStart!...a.scoringEnd!).contains(point.time))
            }
            #expect(zip(route.turnpoints, route.turnpoints.dropFirst()).allSatisfy { $0.time <= $1.time })
        }
        #expect(a.freeSix?.turnpoints.count == 7 && a.freeFour?.turnpoints.count == 5)
        // The square's 40 km round, every leg nearly straight: the free distance is close to it, never more.
        let six = try! #require(a.freeSix?.meters)
        #expect(six > 39_000 && six < 40_100, "\(six)")
        // Its largest FAI triangle is half the square (10 + 10 + 14.1 km: the short legs are 29 %, above 28 %).
        let fai = try! #require(a.faiTriangle?.meters)
        #expect(fai > 33_500 && fai < 34_200, "\(fai)")
        #expect(abs(a.olcPlusPoints - (six + 0.3 * fai) / 1000) < 1e-9)
        #expect(a.index == 100)
        // The legs of the free distance: one per pair of turnpoints, adding up to the route, no circling here.
        #expect(a.legs.count == 6)
        #expect(abs(a.legs.reduce(0) { $0 + $1.meters } - six) < 1e-6 * six)
        #expect(a.legs.allSatisfy { $0.circlingSeconds == 0 && $0.climb == 0 })
        #expect(zip(a.legs, a.legs.dropFirst()).allSatisfy { $0.end == $1.start })
    }

    @Test func aKnownIndexScalesThePoints() {
        var inputs = Self.inputs
        inputs.index = 125
        let a = FlightAnalysis.compute(fixes: Self.squareFlight(), inputs: inputs)
        #expect(a.index == 125)
        #expect(abs(a.olcPlusPoints - (a.freeSix!.meters + 0.3 * a.faiTriangle!.meters) / 1000 * 100 / 125) < 1e-9)
    }

    @Test func withoutALaunchToFindTheWindowStartsAtTakeoff() {
        let a = FlightAnalysis.compute(fixes: Self.squareFlight(winch: false), inputs: Self.inputs)
        #expect(a.scoringWindow?.startsAt == .takeoff)
        #expect(a.scoringStart == Self.t0 + 60_000)
        #expect(a.engineRuns.isEmpty && a.engineSensor == nil)
    }

    @Test func aStoredAnalysisIsCurrentOnlyForItsInputsVersionAndSaneNumbers() {
        let a = FlightAnalysis.compute(fixes: Self.squareFlight(), inputs: Self.inputs)
        #expect(a.isCurrent(for: Self.inputs))
        var other = Self.inputs
        other.landing += 1000
        #expect(!a.isCurrent(for: other))
        var old = a
        old.version -= 1
        #expect(!old.isCurrent(for: Self.inputs))
        for bad in [Double.nan, .infinity, -1, 1e300] {
            var planted = a
            planted.olcPlusPoints = bad
            #expect(!planted.isCurrent(for: Self.inputs), "olcPlusPoints \(bad)")
        }
        var far = a
        far.freeSix!.turnpoints[3].latitude = 1e300
        #expect(!far.isCurrent(for: Self.inputs))
    }

    @Test func tooFewFixesGiveNoRoute() {
        let a = FlightAnalysis.compute(fixes: Array(Self.squareFlight().prefix(1)), inputs: Self.inputs)
        #expect(a.freeSix == nil && a.scoringStart == nil && a.olcPlusPoints == 0)
    }
}
