import FlightLogCore
import Foundation

/// A made-up country's OpenAir file the size of a real one (openAIP's Germany: ~1,500 airspaces) and a triangle
/// flight across it: generated, the same on every run. Circles (`DC`), pie sectors (`DA`), ring sectors (`DB`),
/// polygons and a few borders of hundreds of points, in the classes and limits such a file has; the first
/// `near` of them lie around the flight, so its map holds a few hundred.
package enum CountryAirspace {
    /// The triangle's corners: east 143 km from 50 N 8 E, north-west to 50.8 N 9 E, back to the start.
    package static let corners: [(latitude: Double, longitude: Double)] = [(50, 8), (50, 10), (50.8, 9), (50, 8)]
    /// Ground speed, m/s.
    package static let speed = 25.0

    /// The flight: a point every `step` seconds along the triangle at 1,200 m, from its first corner to its last.
    /// The triangle's take-off: 2 July 2025, 09:00 UTC.
    package static let takeoff: UTCMillis = 1_751_446_800_000

    /// The triangle flight as fixes, one every `step` seconds from `takeoff`.
    package static func fixes(step: Double) -> [Fix] {
        track(step: step).enumerated().map { i, p in
            Fix(
                time: takeoff + Int64(Double(i) * step * 1000), latitude: p.latitude, longitude: p.longitude,
                pressureAltitude: p.altitude, gnssAltitude: p.altitude)
        }
    }

    /// The triangle flight and its fixes, one every `step` seconds.
    package static func flight(step: Double) -> (Flight, [Fix]) {
        let fixes = fixes(step: step)
        let flight = Flight(
            takeoffTime: fixes.first!.time, landingTime: fixes.last!.time,
            takeoffCoordinate: fixes.first!.coordinate, landingCoordinate: fixes.last!.coordinate,
            details: FlightDetails(pilot: "P"), source: .recorded, hasBarometer: true,
            timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 7200)
        return (flight, fixes)
    }

    package static func track(step: Double) -> [(latitude: Double, longitude: Double, altitude: Double)] {
        var out: [(latitude: Double, longitude: Double, altitude: Double)] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            let metres = distance(a, b)
            let n = max(1, Int(metres / (speed * step)))
            for i in 0..<n {
                let f = Double(i) / Double(n)
                let altitude = 1200 + 150 * sin(Double(out.count) * step / 300)
                out.append(
                    (
                        a.latitude + f * (b.latitude - a.latitude), a.longitude + f * (b.longitude - a.longitude),
                        altitude
                    ))
            }
        }
        return out
    }

    /// `count` airspaces, the first `near` with centres in the flight's box (widened 0.3°), the rest anywhere in
    /// 47.5–54.5 N, 6–14.5 E.
    package static func file(count: Int = 1500, near: Int = 350) -> String {
        var random = SplitMix(seed: 1)
        var text = "* Generated: a country's airspace around a triangle flight from 50 N 8 E.\n"
        let classes = ["D", "CTR", "R", "Q", "E", "C", "D", "TMZ", "RMZ", "P", "E", "GP"]
        let floors = ["GND", "1500ft MSL", "FL65", "1000ft AGL", "GND", "2500ft MSL"]
        let ceilings = ["FL100", "3500ft MSL", "FL195", "UNL", "FL65", "5000ft MSL"]
        for i in 0..<count {
            let centre =
                i < near
                ? (random.next(in: 49.7...51.1), random.next(in: 7.7...10.3))
                : (random.next(in: 47.5...54.5), random.next(in: 6...14.5))
            text += "AC \(classes[i % classes.count])\nAN Area \(i)\n"
            text += "AL \(floors[i % floors.count])\nAH \(ceilings[(i / 2) % ceilings.count])\n"
            let radius = random.next(in: 1.5...8)  // nautical miles
            switch i % 25 == 24 ? 4 : i % 4 {
            case 0:
                text += "V X=\(openAir(centre))\nDC \(String(format: "%.1f", radius))\n"
            case 1:  // a pie sector: the centre, then an arc by angles
                let from = random.next(in: 0...300)
                text += "V X=\(openAir(centre))\nDP \(openAir(centre))\n"
                let to = (from + random.next(in: 40...200)).truncatingRemainder(dividingBy: 360)
                text += String(format: "DA %.1f,%.0f,%.0f\n", radius, from, to)
            case 2:  // a ring sector: outer arc clockwise, inner arc back
                let from = random.next(in: 0...300), to = from + random.next(in: 30...120)
                let inner = radius / 2
                text += "V X=\(openAir(centre))\nV D=+\n"
                text += "DB \(openAir(at(centre, radius, from))), \(openAir(at(centre, radius, to)))\nV D=-\n"
                text += "DB \(openAir(at(centre, inner, to))), \(openAir(at(centre, inner, from)))\n"
            case 3:  // a polygon of 5 to 30 corners
                let n = Int(random.next(in: 5...30))
                for k in 0..<n {
                    text +=
                        "DP \(openAir(at(centre, radius * random.next(in: 0.6...1), Double(k) * 360 / Double(n))))\n"
                }
            default:  // a border: hundreds of points along a wiggly ring of 15 to 40 NM
                let n = Int(random.next(in: 300...800)), big = radius * 5
                for k in 0..<n {
                    let wiggle = 1 + 0.08 * sin(Double(k) / 7) + random.next(in: -0.01...0.01)
                    text += "DP \(openAir(at(centre, big * wiggle, Double(k) * 360 / Double(n))))\n"
                }
            }
            text += "\n"
        }
        return text
    }

    /// The point `nm` nautical miles from `c` at `bearing` degrees (flat: small distances).
    static func at(_ c: (Double, Double), _ nm: Double, _ bearing: Double) -> (Double, Double) {
        let metres = nm * 1852, b = bearing * Double.pi / 180
        return (
            c.0 + metres * cos(b) / 111_195,
            c.1 + metres * sin(b) / (111_195 * cos(c.0 * Double.pi / 180))
        )
    }

    static func distance(_ a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double))
        -> Double
    {
        let north = (b.latitude - a.latitude) * 111_195
        let east = (b.longitude - a.longitude) * 111_195 * cos(a.latitude * Double.pi / 180)
        return (north * north + east * east).squareRoot()
    }

    /// `DD:MM:SS.ss N DDD:MM:SS.ss E`.
    static func openAir(_ c: (Double, Double)) -> String {
        func dms(_ value: Double, _ width: Int) -> String {
            let seconds = (value * 3600 * 100).rounded() / 100
            let d = Int(seconds / 3600), m = Int(seconds.truncatingRemainder(dividingBy: 3600) / 60)
            return String(format: "%0\(width)d:%02d:%05.2f", d, m, seconds - Double(d * 3600 + m * 60))
        }
        return "\(dms(c.0, 2)) N \(dms(c.1, 3)) E"
    }

    /// SplitMix64: the same numbers on every platform and run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func next(in range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
    }
}
