import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogAirspace
@testable import FlightLogCore

/// A whole country's airspace in view of a flight: infringements as a plain search over every airspace and fix
/// finds them, and outlines drawn with no more points than the map can show.
struct AirspaceCountryScaleTests {
    static let t0 = CountryAirspace.takeoff

    /// The generated country file's flight, a fix every `step` seconds.
    static func fixes(step: Double) -> [Fix] { CountryAirspace.fixes(step: step) }

    @Test func infringementsAreThoseOfAPlainSearchOverEveryAirspaceAndFix() throws {
        let read = OpenAirReader.read(Array(CountryAirspace.file().utf8))
        #expect(read.warnings.isEmpty, "\(read.warnings.prefix(3))")
        let airspaces = read.airspaces
        try #require(airspaces.count == 1500)
        let fixes = Self.fixes(step: 60)
        let found = AirspaceInfringements.find(in: fixes, airspaces: airspaces)

        // The reference: every guarded airspace's full outline against every fix, no box first (only those wholly
        // 0.2° (22 km) north or south of the track are left out, to keep the test quick).
        let band = (fixes.map(\.latitude).min()! - 0.2)...(fixes.map(\.latitude).max()! + 0.2)
        var inside: [Int: [Int: Meters]] = [:]  // airspace → fix → lateral depth
        for (a, airspace) in airspaces.enumerated() where airspace.isGuarded {
            guard airspace.outline.contains(where: { band.contains($0.latitude) }) else { continue }
            let shape = AirspaceInfringements.Outline(airspace.outline)
            for (i, fix) in fixes.enumerated() {
                guard let depth = Self.depth(of: fix.coordinate, in: shape),
                    AirspaceInfringements.verticalDepth(of: fix, in: airspace, qnh: nil) != nil
                else { continue }
                inside[a, default: [:]][i] = depth
            }
        }
        var reported: [Int: [Int: Meters]] = [:]
        for o in found {
            for i in o.startIndex...o.endIndex { reported[o.airspaceIndex, default: [:]][i] = o.lateralDepth }
            let deepest = (o.startIndex...o.endIndex).compactMap { inside[o.airspaceIndex]?[$0] }.max()
            #expect(deepest == o.lateralDepth, "\(airspaces[o.airspaceIndex].name)")
        }
        #expect(Set(reported.keys) == Set(inside.keys))
        for (a, fixes) in inside { #expect(Set(reported[a]?.keys ?? [:].keys) == Set(fixes.keys), "airspace \(a)") }
        #expect(found.count >= 20, "\(found.count) infringements: the input should cross many airspaces")
    }

    /// From the ground to no ceiling every height is inside: said so, where the depth to the nearer limit (none,
    /// +∞) once crashed `show` on converting it to whole metres.
    @Test func groundToUnlimitedIsInsideAtEveryHeight() throws {
        let text = "AC R\nAN Everything\nAL GND\nAH UNL\nV X=50:00:00 N 008:00:00 E\nDC 2\n"
        let airspaces = OpenAirReader.read(Array(text.utf8)).airspaces
        let found = AirspaceInfringements.find(in: Self.fixes(step: 60), airspaces: airspaces)
        let first = try #require(found.first)
        #expect(first.isCertain)
        let item = AirspaceFindings.Item(airspace: airspaces[0], infringement: first)
        #expect(item.depthText.hasPrefix("inside at every height, "), "\(item.depthText)")
    }

    /// With `FLIGHTLOG_COUNTRY_AIRSPACE_DIR` set, writes the country file (`country.txt`) and its flight with a fix a
    /// second and two minutes standing at each end (`country.igc`) there: the input for timing `show`, the flight
    /// page and the report on a release build (docs/AIRSPACE.md).
    @Test func writesTheCountryFileForTimingWhenAsked() throws {
        guard let dir = ProcessInfo.processInfo.environment["FLIGHTLOG_COUNTRY_AIRSPACE_DIR"] else { return }
        let flying = Self.fixes(step: 1)
        let standing = { (fix: Fix, from: UTCMillis) in
            (0..<120).map { s in
                Fix(
                    time: from + Int64(s) * 1000, latitude: fix.latitude, longitude: fix.longitude,
                    pressureAltitude: 200, gnssAltitude: 200)
            }
        }
        let fixes =
            standing(flying[0], Self.t0 - 120_000) + flying
            + standing(flying[flying.count - 1], flying.last!.time + 1000)
        let igc = IGCWriter.write(
            fixes: fixes, extensions: [], headers: IGCHeaderValues(pressureSensor: "test,country,max9999m"),
            serial: "CTY", flightNumberOfDay: 1)
        try Data(igc).write(to: URL(fileURLWithPath: dir + "/country.igc"))
        try Data(CountryAirspace.file().utf8).write(to: URL(fileURLWithPath: dir + "/country.txt"))
    }

    /// Even-odd over every edge of the projected outline, and the nearest edge: no box first.
    static func depth(of c: Coordinate, in shape: AirspaceInfringements.Outline) -> Meters? {
        let p = shape.projection.project(c)
        var inside = false
        var nearest = Double.infinity
        var j = shape.points.count - 1
        for i in shape.points.indices {
            let a = shape.points[j], b = shape.points[i]
            if (a.n > p.n) != (b.n > p.n), p.e < (b.e - a.e) * (p.n - a.n) / (b.n - a.n) + a.e { inside.toggle() }
            nearest = min(nearest, AirspaceInfringements.Outline.distance(p, a, b))
            j = i
        }
        return inside ? nearest : nil
    }
}
