import FlightLogAnalysis
import FlightLogCore

/// The `"analysis"` object of `show --json` (the text block is ``AnalysisSummary``'s rows). Distances are great
/// circles on the FAI sphere (R = 6371 km), as the contests measure them.
package enum AnalysisOutput {
    /// `show --json`'s `"analysis"`.
    package struct Object: Encodable {
        var analysis: FlightAnalysis

        package init(_ analysis: FlightAnalysis) { self.analysis = analysis }

        struct Point: Encodable {
            var time: String
            var latitude: Double
            var longitude: Double
            var pressureAltitude: Double?
            var gnssAltitude: Double?
        }

        struct Route: Encodable {
            var km: Double
            var turnpoints: [Point]

            init(_ route: FlightAnalysis.Route) {
                km = (route.meters).rounded() / 1000
                turnpoints = route.turnpoints.map {
                    Point(
                        time: iso8601UTC($0.time), latitude: $0.latitude, longitude: $0.longitude,
                        pressureAltitude: $0.pressureAltitude, gnssAltitude: $0.gnssAltitude)
                }
            }
        }

        struct Thermal: Encodable {
            var start: String, end: String, gainMeters: Double, climbRate: Double, direction: String
            var latitude: Double, longitude: Double
        }

        struct Glide: Encodable {
            var start: String, end: String, distanceKm: Double, speedKmh: Double?, glideRatio: Double?
            var heightLostMeters: Double
        }

        struct Leg: Encodable {
            var start: String, end: String, distanceKm: Double, speedKmh: Double?, circlingPercent: Double?
            var climbMeters: Double
        }

        struct EngineRun: Encodable {
            var start: String, end: String, heightGainMeters: Double?
        }

        enum Key: String, CodingKey {
            case free6, free4, faiTriangle, faiTriangleProven, outAndReturn, olcPlusPoints, weglideFreePoints
            case contestProven, free6UpperBoundKm, free4UpperBoundKm
            case dmstPoints, index, indexSource, scoringWindow, distances, engineSensor, engineRuns, circlingPercent
            case thermals, glides, averageClimb, cruiseSpeedKmh, cruiseGlideRatio, legs
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            func points(_ value: Double) -> Double { (value * 10).rounded() / 10 }
            // Routes and the window are null when the window holds too few fixes, not left out.
            try c.encode(analysis.freeSix.map(Route.init), forKey: .free6)
            try c.encode(analysis.freeFour.map(Route.init), forKey: .free4)
            // False when a free distance or the FAI triangle search stopped at its work budget; a free distance's
            // bound is null when proven.
            try c.encode(analysis.contestProven, forKey: .contestProven)
            try c.encode(analysis.freeSixUpperBound.map { $0 / 1000 }, forKey: .free6UpperBoundKm)
            try c.encode(analysis.freeFourUpperBound.map { $0 / 1000 }, forKey: .free4UpperBoundKm)
            try c.encode(analysis.faiTriangle.map(Route.init), forKey: .faiTriangle)
            try c.encode(analysis.faiTriangleProven, forKey: .faiTriangleProven)
            try c.encode(analysis.outAndReturn.map(Route.init), forKey: .outAndReturn)
            try c.encode(points(analysis.olcPlusPoints), forKey: .olcPlusPoints)
            try c.encode(points(analysis.weGlideFreePoints), forKey: .weglideFreePoints)
            try c.encode(points(analysis.dmstPoints), forKey: .dmstPoints)
            try c.encode(analysis.index, forKey: .index)
            try c.encode(analysis.inputs.indexSource, forKey: .indexSource)
            func round(_ value: Double?, _ decimals: Double) -> Double? {
                value.map { ($0 * decimals).rounded() / decimals }
            }
            var window: [String: String]?
            if let w = analysis.scoringWindow {
                window = [
                    "start": iso8601UTC(w.start), "end": iso8601UTC(w.end), "startsAt": w.startsAt.rawValue,
                    "endsAt": w.endsAt.rawValue,
                ]
            }
            try c.encode(window, forKey: .scoringWindow)
            try c.encode(analysis.engineSensor, forKey: .engineSensor)
            try c.encode(
                analysis.engineRuns.map {
                    EngineRun(
                        start: iso8601UTC($0.start), end: iso8601UTC($0.end), heightGainMeters: round($0.heightGain, 1))
                }, forKey: .engineRuns)
            let p = analysis.phases, t = p.totals
            try c.encode(round(t.circlingPercent, 10), forKey: .circlingPercent)
            try c.encode(round(t.averageClimb, 100), forKey: .averageClimb)
            try c.encode(round(t.cruiseSpeedKmh, 10), forKey: .cruiseSpeedKmh)
            try c.encode(round(t.cruiseGlideRatio, 10), forKey: .cruiseGlideRatio)
            try c.encode(
                p.thermals.map {
                    Thermal(
                        start: iso8601UTC($0.start), end: iso8601UTC($0.end), gainMeters: round($0.gain, 10)!,
                        climbRate: round($0.climbRate, 100)!, direction: $0.direction.rawValue,
                        latitude: $0.center.latitude, longitude: $0.center.longitude)
                }, forKey: .thermals)
            try c.encode(
                analysis.legs.map {
                    Leg(
                        start: iso8601UTC($0.start), end: iso8601UTC($0.end),
                        distanceKm: round($0.meters / 1000, 1000)!,
                        speedKmh: round($0.speedKmh, 10), circlingPercent: round($0.circlingPercent, 10),
                        climbMeters: round($0.climb, 1)!)
                }, forKey: .legs)
            try c.encode(
                p.glides.map {
                    Glide(
                        start: iso8601UTC($0.start), end: iso8601UTC($0.end), distanceKm: round($0.distanceKm, 1000)!,
                        speedKmh: round($0.speedKmh, 10), glideRatio: round($0.glideRatio, 10),
                        heightLostMeters: round($0.heightLost, 10)!)
                }, forKey: .glides)
            try c.encode("great circles on the FAI sphere, R = 6371 km", forKey: .distances)
        }
    }
}
