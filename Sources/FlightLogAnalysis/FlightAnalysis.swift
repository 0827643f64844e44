import FlightLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the analysis finds in one flight's track: the scoring window, engine runs, thermals and glides, and the
/// contest routes and points (docs/CONTEST-AND-THERMALS.md). Computed once per flight and stored
/// (`FlightStore.analysis`); the stored form is this type's JSON, and a stored analysis of another `version` or other inputs (`FlightAnalysis.Inputs`) is computed
/// again. Pure: no I/O.
package struct FlightAnalysis: Sendable, Equatable, Codable {
    /// Raised whenever a rule of the analysis changes, so that every stored analysis is computed again.
    package static let currentVersion = 6

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

    /// One leg of the free distance route (start to turnpoint 1, …, turnpoint 5 to finish): how it was flown.
    package struct Leg: Sendable, Equatable, Codable {
        package var start: UTCMillis
        package var end: UTCMillis
        /// Great circle on the FAI sphere, as the route's length.
        package var meters: Meters
        /// Seconds of the leg spent circling (thermals and circling that gained nothing).
        package var circlingSeconds: Double
        /// Height gained in the leg's thermals (each thermal counted for the share of it inside the leg).
        package var climb: Meters

        package var seconds: Double { Double(end - start) / 1000 }
        package var speedKmh: Double? { seconds > 0 ? meters / seconds * 3.6 : nil }
        package var circlingPercent: Double? { seconds > 0 ? 100 * circlingSeconds / seconds : nil }

        /// The legs of `route` with the circling of `phases`.
        static func legs(of route: Route, phases: FlightPhases) -> [Leg] {
            zip(route.turnpoints, route.turnpoints.dropFirst()).map { from, to in
                var leg = Leg(start: from.time, end: to.time, meters: arc(from, to), circlingSeconds: 0, climb: 0)
                for thermal in phases.thermals + phases.failedCircling {
                    let overlap = Double(min(thermal.end, to.time) - max(thermal.start, from.time)) / 1000
                    guard overlap > 0 else { continue }
                    leg.circlingSeconds += overlap
                    if thermal.seconds > 0, thermal.gain > 0 { leg.climb += thermal.gain * overlap / thermal.seconds }
                }
                return leg
            }
        }

        /// Great-circle distance on the FAI sphere (the contest routes' measure).
        private static func arc(_ a: Point, _ b: Point) -> Meters {
            let phi1 = a.latitude * .pi / 180, phi2 = b.latitude * .pi / 180
            let dPhi = phi2 - phi1, dLambda = (b.longitude - a.longitude) * .pi / 180
            let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
            return 2 * asin(min(1, h.squareRoot())) * ContestTrace.faiRadius
        }
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
        /// Where `index` came from, for the pilot: "[glider] index" or the glider type's table entry.
        package var indexSource: String?

        package init(
            takeoff: UTCMillis, landing: UTCMillis, release: UTCMillis?, fixCount: Int, index: Double?,
            indexSource: String? = nil
        ) {
            self.takeoff = takeoff
            self.landing = landing
            self.release = release
            self.fixCount = fixCount
            self.index = index
            self.indexSource = indexSource
        }
    }

    package var version: Int
    package var inputs: Inputs
    /// From the end of propulsion (release, or engine off) to the landing or the next engine start; nil when the
    /// engine ran to the landing or the flight has too few fixes.
    package var scoringWindow: ScoringWindow?
    package var scoringStart: UTCMillis? { scoringWindow?.start }
    package var scoringEnd: UTCMillis? { scoringWindow?.end }
    /// The engine sensor of the file (`ENL`, `MOP` or `RPM`) and the runs it shows from takeoff to landing.
    package var engineSensor: String?
    package var engineRuns: [EngineRun]
    /// Thermals, glides and their totals, in the scoring window.
    package var phases: FlightPhases
    /// Start, up to 5 turnpoints, finish (OLC classic, WeGlide distance).
    package var freeSix: Route?
    /// Nil when `freeSix` is proven the longest; else its search stopped at its work budget and no route is
    /// longer than this (metres): the route is valid, but a longer one may exist.
    package var freeSixUpperBound: Meters?
    /// As `freeSixUpperBound`, for `freeFour`.
    package var freeFourUpperBound: Meters?
    /// Whether both free distances are proven the longest (an analysis stored before the budget was: it had none).
    package var freeDistanceProven: Bool { freeSixUpperBound == nil && freeFourUpperBound == nil }
    /// Whether every contest route whose search can stop at its work limit is proven: both free distances and the
    /// FAI triangle (what `contestProven` says, and what `flightlog analyse --prove` finishes).
    package var contestProven: Bool { freeDistanceProven && faiTriangleProven }
    /// The work budget each free distance search had (nil: ``FreeDistance/defaultBudget``, and every analysis
    /// stored before the budget was kept): where `flightlog analyse --prove` goes on from.
    package var freeDistanceBudget: Int?
    /// How each leg of `freeSix` was flown.
    package var legs: [Leg]
    /// Start, up to 3 turnpoints, finish (DMSt).
    package var freeFour: Route?
    /// Start, 3 turnpoints, finish: the largest FAI triangle; `meters` is its perimeter.
    package var faiTriangle: Route?
    /// False when the triangle search stopped at its node limit (a valid triangle, maybe not the largest).
    package var faiTriangleProven: Bool
    /// The nodes the triangle search could visit (nil: ``ClosedTriangle/defaultNodeLimit``): where `flightlog
    /// analyse --prove` goes on from when the triangle is not proven.
    package var faiTriangleNodeLimit: Int?
    /// Start, 2 turnpoints, finish: the largest closed out-and-return (twice the turnpoints' distance).
    package var outAndReturn: Route?
    /// The index the points use (100 when the glider's is unknown).
    package var index: Double
    package var olcPlusPoints: Double
    package var weGlideFreePoints: Double
    package var dmstPoints: Double

    /// Analyses `fixes` (the flight's track, in time order, with the margins around it the store keeps) for a
    /// flight with these `inputs`; `extensions` are the file's B-record extensions (the engine sensor's).
    /// `budget`: the work each free distance search may do (``FreeDistance/defaultBudget``); `triangleNodes`: the
    /// FAI triangle search's (``ClosedTriangle/defaultNodeLimit``).
    package static func compute(
        fixes: [Fix], extensions: [FixExtension] = [], inputs: Inputs, budget: Int = FreeDistance.defaultBudget,
        triangleNodes: Int = ClosedTriangle.defaultNodeLimit
    ) -> FlightAnalysis {
        var runs: [EngineRun] = []
        var window: ScoringWindow?
        if let span = ScoringWindow.span(fixes, takeoff: inputs.takeoff, landing: inputs.landing) {
            runs = EngineRuns.find(fixes, extensions: extensions, window: span.runsFrom..<(span.landing + 1))
            window = ScoringWindow.find(
                fixes, extensions: extensions, takeoffIndex: span.takeoff, landingIndex: span.landing, engineRuns: runs)
        }
        let scored = window?.fixes ?? 0..<0
        let trace = ContestTrace(fixes: fixes, window: scored)
        let scores = ContestScores.compute(trace, index: inputs.index, budget: budget, triangleNodes: triangleNodes)
        func route(_ points: [Int], _ meters: Meters) -> Route {
            Route(meters: meters, turnpoints: points.map { Point(fixes[trace.fixIndex[$0]]) })
        }
        let phases = scored.isEmpty ? FlightPhases() : FlightPhases.analyze(fixes, window: scored)
        let six = scores.sixLegs.flatMap { freeRoute($0.points, $0.distance, route) }
        return FlightAnalysis(
            version: currentVersion, inputs: inputs, scoringWindow: window,
            engineSensor: EngineRuns.sensor(extensions), engineRuns: runs, phases: phases, freeSix: six,
            freeSixUpperBound: scores.sixLegs.flatMap { $0.isProven ? nil : $0.upperBound },
            freeFourUpperBound: scores.fourLegs.flatMap { $0.isProven ? nil : $0.upperBound },
            freeDistanceBudget: budget == FreeDistance.defaultBudget ? nil : budget,
            legs: six.map { Leg.legs(of: $0, phases: phases) } ?? [],
            freeFour: scores.fourLegs.flatMap { freeRoute($0.points, $0.distance, route) },
            faiTriangle: scores.faiTriangle.map { route([$0.start] + $0.turnpoints + [$0.finish], $0.distance) },
            faiTriangleProven: scores.faiTriangle?.isProven ?? true,
            faiTriangleNodeLimit: triangleNodes == ClosedTriangle.defaultNodeLimit ? nil : triangleNodes,
            outAndReturn: scores.outAndReturn.map { route([$0.start] + $0.turnpoints + [$0.finish], $0.distance) },
            index: scores.index, olcPlusPoints: scores.olcPlusPoints, weGlideFreePoints: scores.weGlideFreePoints,
            dmstPoints: scores.dmstPoints)
    }

    /// A free distance route through `points` (of the contest trace) with only its real legs: a track with fewer
    /// usable fixes than the route has points repeats a fix, or a place, as the next turnpoint, and such a leg of
    /// 0 m is left out (the route's length is the same); nil when no leg is left.
    private static func freeRoute(
        _ points: [Int], _ meters: Meters, _ route: ([Int], Meters) -> Route
    ) -> Route? {
        var made = route(points, meters)
        var kept: [Point] = []
        for point in made.turnpoints {
            if let last = kept.last, last.latitude == point.latitude, last.longitude == point.longitude { continue }
            kept.append(point)
        }
        guard kept.count >= 2 else { return nil }
        made.turnpoints = kept
        return made
    }

    /// Which index the points use, for the pilot: "index 92: ASK 21, XCSoar polar list", "index 108: [glider]
    /// index", "index 100: LS 8 is LS 8 (15 m) 108 or LS 8 (18 m) 114: …" or "index 100: glider's index unknown".
    package var indexText: String {
        let number = index == index.rounded() ? String(Int(index)) : String(index)
        guard let source = inputs.indexSource else {
            return index == 100 ? "index 100: glider's index unknown" : "index \(number)"
        }
        return "index \(number): \(source)"
    }

    /// A stored analysis is used only when it is of this version, for these inputs, and every number in it is
    /// finite and in range (the database is outside input: an older flightlog, a hand edit).
    package func isCurrent(for inputs: Inputs) -> Bool {
        version == Self.currentVersion && self.inputs == inputs && isPlausible
    }

    private var isPlausible: Bool {
        let routes = [freeSix, freeFour, faiTriangle, outAndReturn].compactMap { $0 }
        let t = phases.totals
        let sizes =
            [index, olcPlusPoints, weGlideFreePoints, dmstPoints] + routes.map(\.meters)
            + [freeSixUpperBound, freeFourUpperBound].compactMap { $0 }
            + [t.circlingSeconds, t.cruiseSeconds, t.thermalSeconds, t.cruiseDistance, t.leftSeconds]
            + phases.glides.map(\.distance) + legs.flatMap { [$0.meters, $0.circlingSeconds, $0.climb] }
        // Heights may be negative (a climb lost, a glide that gained); none is beyond the atmosphere twice over.
        let heights =
            [t.totalClimb, t.cruiseHeightLost] + phases.thermals.map(\.gain)
            + phases.failedCircling.map(\.gain) + phases.glides.map(\.heightLost) + engineRuns.compactMap(\.heightGain)
        let places =
            routes.flatMap { $0.turnpoints.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } }
            + (phases.thermals + phases.failedCircling).map(\.center)
        return sizes.allSatisfy { $0.isFinite && $0 >= 0 && $0 < 1e8 } && heights.allSatisfy { abs($0) < 1e5 }
            && (phases.thermals + phases.failedCircling).allSatisfy { $0.climbRate.isFinite && abs($0.climbRate) < 100 }
            && places.allSatisfy { abs($0.latitude) <= 90 && abs($0.longitude) <= 180 }
    }
}
