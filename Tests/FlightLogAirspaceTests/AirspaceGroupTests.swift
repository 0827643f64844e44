import Testing

@testable import FlightLogAirspace
@testable import FlightLogCore

/// One line per airspace: a track weaving along a zone's edge enters it again and again, and a zone drawn as two
/// outlines under one name is one airspace; each is listed once with its time in all, its first entry and its
/// worst depth, and a single fix inside reads "touched".
struct AirspaceGroupTests {
    static let t0 = AirspaceCoverageTests.t0

    /// "TMA" (D, GND–FL100) is two squares side by side, 50–50.1 N, 7–7.1 E and 7.1–7.2 E; "R Touch" lies north.
    static let airspaces = [
        AirspaceCoverageTests.square("TMA", lat: 50, lon: 7, file: "de.txt"),
        AirspaceCoverageTests.square("TMA", lat: 50, lon: 7.1, file: "de.txt"),
        AirspaceCoverageTests.square("R Touch", lat: 50.2, lon: 7, file: "de.txt"),
    ]

    /// A fix a second: `inside` seconds in the TMA at `altitude`, then `outside` seconds south of it, per leg.
    static func fixes() -> [Fix] {
        var points: [(Double, Double, Double)] = []
        func leg(inside: Int, lon: Double, altitude: Double, outside: Int) {
            points += Array(repeating: (50.05, lon, altitude), count: inside)
            points += Array(repeating: (49.9, 7.05, 1000), count: outside)
        }
        leg(inside: 10, lon: 7.05, altitude: 2500, outside: 10)  // 9 s inside, 548 m below FL100
        leg(inside: 5, lon: 7.15, altitude: 1000, outside: 10)  // the other piece: 4 s, 2048 m below FL100
        leg(inside: 1, lon: 7.05, altitude: 2000, outside: 10)  // one fix
        points.append((50.25, 7.05, 1000))  // one fix in R Touch
        points += Array(repeating: (49.9, 7.05, 1000), count: 10)
        return points.enumerated().map { i, p in
            Fix(time: t0 + Int64(i) * 1000, latitude: p.0, longitude: p.1, pressureAltitude: p.2, gnssAltitude: p.2)
        }
    }

    @Test func theStretchesOfOneAirspaceAreOneLine() throws {
        let found = AirspaceCoverageTests.findings(Self.fixes(), Self.airspaces)
        #expect(found.items.count == 4, "the stretches are still there: \(found.items.count)")
        try #require(found.groups.count == 2)
        let tma = found.groups[0]
        #expect(tma.airspace.name == "TMA" && tma.entries.count == 3)
        #expect(tma.start == Self.t0 && tma.end == Self.t0 + 35_000)
        #expect(tma.insideMillis == 13_000)
        #expect(tma.durationText == "3 entries, 13 s in all")
        #expect(tma.depthText.hasPrefix("worst 2048 m inside vertically"), "\(tma.depthText)")
        #expect(tma.localText(offsetSeconds: 0) == "09:00:00–09:00:35")
        #expect(found.headline == "2 found")

        let touch = found.groups[1]
        #expect(touch.airspace.name == "R Touch" && touch.isTouch)
        #expect(touch.durationText == "touched (one fix)")
        #expect(touch.utcText == "09:00:46")
        #expect(!touch.depthText.hasPrefix("worst"))
    }

    @Test func severalSingleFixesAreTouchedSeveralTimes() {
        var fixes = Self.fixes().filter { $0.latitude != 50.05 || $0.longitude != 7.05 || $0.pressureAltitude != 2500 }
        fixes = fixes.enumerated().map { i, f in
            var f = f
            f.time = Self.t0 + Int64(i) * 1000
            return f
        }
        let found = AirspaceCoverageTests.findings(
            fixes + [
                Fix(
                    time: Self.t0 + 60_000, latitude: 50.25, longitude: 7.05, pressureAltitude: 1000,
                    gnssAltitude: 1000)
            ], Self.airspaces)
        let touch = found.groups.first { $0.airspace.name == "R Touch" }
        #expect(touch?.entries.count == 2)
        #expect(touch?.durationText == "touched 2 times (one fix each)")
    }
}
