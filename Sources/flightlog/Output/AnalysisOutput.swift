import FlightLogCore

/// The analysis of one flight in `flightlog show`: a short block of text, and the `"analysis"` object of
/// `show --json`. Distances are great circles on the FAI sphere (R = 6371 km), as the contests measure them.
enum AnalysisOutput {
    /// The rows of the text block, label and value.
    static func rows(_ a: FlightAnalysis, flight f: Flight) -> [(String, String)] {
        var rows: [(String, String)] = []
        func local(_ t: UTCMillis) -> String { CivilDateTime(utc: t, offsetSeconds: f.utcOffsetSeconds).hourMinuteSecond }
        if let start = a.scoringStart, let end = a.scoringEnd {
            let from = f.releaseTime == nil ? "takeoff" : "release"
            rows.append(("Scored", "\(local(start)) (\(from)) to \(local(end)) local"))
        }
        guard let six = a.freeSix else {
            rows.append(("Contest", "no route: too few valid fixes in the scoring window"))
            return rows
        }
        var distances = "free \(km(six)) (6 legs: OLC, WeGlide)"
        if let four = a.freeFour { distances += ", \(km(four)) (4 legs: DMSt)" }
        rows.append(("Contest", distances))
        var closed: [String] = []
        if let fai = a.faiTriangle { closed.append("FAI triangle \(km(fai))" + (a.faiTriangleProven ? "" : " (maybe not the largest)")) }
        if let out = a.outAndReturn { closed.append("out-and-return \(km(out))") }
        if !closed.isEmpty { rows.append(("", closed.joined(separator: ", "))) }
        let index = a.index == 100 ? "index 100: glider's index unknown" : "index \(decimal(a.index, 0))"
        rows.append(("Points", "OLC-Plus \(decimal(a.olcPlusPoints, 1)), WeGlide free \(decimal(a.weGlideFreePoints, 1)), DMSt \(decimal(a.dmstPoints, 1)) (\(index))"))
        return rows
    }

    private static func km(_ route: FlightAnalysis.Route) -> String { "\(decimal(route.kilometers, 1)) km" }

    /// `show --json`'s `"analysis"`.
    struct Object: Encodable {
        var analysis: FlightAnalysis

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

        enum Key: String, CodingKey {
            case free6, free4, faiTriangle, faiTriangleProven, outAndReturn, olcPlusPoints, weglideFreePoints
            case dmstPoints, index, scoringWindow, distances
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            func points(_ value: Double) -> Double { (value * 10).rounded() / 10 }
            // Routes and the window are null when the window holds too few fixes, not left out.
            try c.encode(analysis.freeSix.map(Route.init), forKey: .free6)
            try c.encode(analysis.freeFour.map(Route.init), forKey: .free4)
            try c.encode(analysis.faiTriangle.map(Route.init), forKey: .faiTriangle)
            try c.encode(analysis.faiTriangleProven, forKey: .faiTriangleProven)
            try c.encode(analysis.outAndReturn.map(Route.init), forKey: .outAndReturn)
            try c.encode(points(analysis.olcPlusPoints), forKey: .olcPlusPoints)
            try c.encode(points(analysis.weGlideFreePoints), forKey: .weglideFreePoints)
            try c.encode(points(analysis.dmstPoints), forKey: .dmstPoints)
            try c.encode(analysis.index, forKey: .index)
            var window: [String: String]?
            if let start = analysis.scoringStart, let end = analysis.scoringEnd {
                window = ["start": iso8601UTC(start), "end": iso8601UTC(end)]
            }
            try c.encode(window, forKey: .scoringWindow)
            try c.encode("great circles on the FAI sphere, R = 6371 km", forKey: .distances)
        }
    }
}
