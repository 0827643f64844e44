/// What the analysis finds in one flight's track: the scoring window and the contest routes and points
/// (docs/FLIGHT-ANALYSIS.md). Computed once per flight and stored (`FlightStore.analysis`); the stored form is this
/// type's JSON, and a stored analysis of another `version` or other inputs (`FlightAnalysis.Inputs`) is computed
/// again. Pure: no I/O.
package struct FlightAnalysis: Sendable, Equatable, Codable {
    /// Raised whenever a rule of the analysis changes, so that every stored analysis is computed again.
    package static let currentVersion = 1

    /// A turnpoint: one fix of the file, as the contests require.
    package struct Point: Sendable, Equatable, Codable {
        package var time: UTCMillis
        package var latitude: Degrees
        package var longitude: Degrees
        package var pressureAltitude: Meters?
        package var gnssAltitude: Meters?

        package init(_ fix: Fix) {
            time = fix.time
            latitude = fix.latitude
            longitude = fix.longitude
            pressureAltitude = fix.pressureAltitude
            gnssAltitude = fix.gnssAltitude
        }
    }

    /// A scored route: start first, finish last; its length in metres on the FAI sphere.
    package struct Route: Sendable, Equatable, Codable {
        package var meters: Meters
        package var turnpoints: [Point]
        package var kilometers: Double { meters / 1000 }
    }

    /// What the analysis depends on besides the track (which is never rewritten): when these change, the stored
    /// analysis is computed again.
    package struct Inputs: Sendable, Equatable, Codable {
        package var takeoff: UTCMillis
        package var landing: UTCMillis
        package var release: UTCMillis?
        package var fixCount: Int
        /// The glider's handicap index; nil when unknown (then 100).
        package var index: Double?

        package init(takeoff: UTCMillis, landing: UTCMillis, release: UTCMillis?, fixCount: Int, index: Double?) {
            self.takeoff = takeoff
            self.landing = landing
            self.release = release
            self.fixCount = fixCount
            self.index = index
        }
    }

    package var version: Int
    package var inputs: Inputs
    /// From the end of propulsion (release, or takeoff when it is not known) to the landing.
    package var scoringStart: UTCMillis?
    package var scoringEnd: UTCMillis?
    /// Start, up to 5 turnpoints, finish (OLC classic, WeGlide distance).
    package var freeSix: Route?
    /// Start, up to 3 turnpoints, finish (DMSt).
    package var freeFour: Route?
    /// Start, 3 turnpoints, finish: the largest FAI triangle; `meters` is its perimeter.
    package var faiTriangle: Route?
    /// False when the triangle search stopped at its node limit (a valid triangle, maybe not the largest).
    package var faiTriangleProven: Bool
    /// Start, 2 turnpoints, finish: the largest closed out-and-return (twice the turnpoints' distance).
    package var outAndReturn: Route?
    /// The index the points use (100 when the glider's is unknown).
    package var index: Double
    package var olcPlusPoints: Double
    package var weGlideFreePoints: Double
    package var dmstPoints: Double

    /// Analyses `fixes` (the flight's track, in time order) for a flight with these `inputs`.
    package static func compute(fixes: [Fix], inputs: Inputs) -> FlightAnalysis {
        let start = inputs.release.map { max($0, inputs.takeoff) } ?? inputs.takeoff
        let first = fixes.firstIndex { $0.time >= start } ?? fixes.count
        let end = fixes.lastIndex { $0.time <= inputs.landing }.map { $0 + 1 } ?? 0
        let window = first < end ? first..<end : 0..<0
        let trace = ContestTrace(fixes: fixes, window: window)
        let scores = ContestScores.compute(trace, index: inputs.index)
        func route(_ points: [Int], _ meters: Meters) -> Route {
            Route(meters: meters, turnpoints: points.map { Point(fixes[trace.fixIndex[$0]]) })
        }
        return FlightAnalysis(
            version: currentVersion, inputs: inputs,
            scoringStart: window.isEmpty ? nil : fixes[window.lowerBound].time,
            scoringEnd: window.isEmpty ? nil : fixes[window.upperBound - 1].time,
            freeSix: scores.sixLegs.map { route($0.points, $0.distance) },
            freeFour: scores.fourLegs.map { route($0.points, $0.distance) },
            faiTriangle: scores.faiTriangle.map { route([$0.start] + $0.turnpoints + [$0.finish], $0.distance) },
            faiTriangleProven: scores.faiTriangle?.isProven ?? true,
            outAndReturn: scores.outAndReturn.map { route([$0.start] + $0.turnpoints + [$0.finish], $0.distance) },
            index: scores.index, olcPlusPoints: scores.olcPlusPoints, weGlideFreePoints: scores.weGlideFreePoints,
            dmstPoints: scores.dmstPoints)
    }

    /// A stored analysis is used only when it is of this version, for these inputs, and every number in it is
    /// finite and in range (the database is outside input: an older flightlog, a hand edit).
    package func isCurrent(for inputs: Inputs) -> Bool {
        version == Self.currentVersion && self.inputs == inputs && isPlausible
    }

    private var isPlausible: Bool {
        let routes = [freeSix, freeFour, faiTriangle, outAndReturn].compactMap { $0 }
        let numbers = [index, olcPlusPoints, weGlideFreePoints, dmstPoints] + routes.map(\.meters)
        return numbers.allSatisfy { $0.isFinite && $0 >= 0 && $0 < 1e8 }
            && routes.allSatisfy { route in
                route.turnpoints.allSatisfy { abs($0.latitude) <= 90 && abs($0.longitude) <= 180 }
            }
    }
}
