import Testing

@testable import FlightLogAirspace
@testable import FlightLogCore

/// Infringements on tracks of known geometry through the example airspace (Fuzz/seeds/openair/example.txt): the
/// crossing that must be found, with its times and depths, and the near misses that must not.
struct AirspaceInfringementTests {
    let airspaces = OpenAirReader.read(OpenAirReaderTests.example).airspaces
    static let t0: UTCMillis = 1_751_446_800_000  // 2025-07-02 09:00 UTC
    /// The CTR's centre and radius (5 NM).
    let centre = Coordinate(latitude: 50, longitude: 7)
    let radius = 9260.0

    /// A straight line of 1 Hz fixes `offset` metres east of the CTR's centre, from 15 km south to 15 km north.
    func line(offset: Double, pressure: Double?, gnss: Double?, step: Double = 50) -> [Fix] {
        let start = Geodesy.destination(
            from: Geodesy.destination(from: centre, bearing: 90, distance: offset),
            bearing: 180, distance: 15_000)
        return (0...Int(30_000 / step)).map { i in
            let c = Geodesy.destination(from: start, bearing: 0, distance: Double(i) * step)
            return Fix(
                time: Self.t0 + Int64(i) * 1000, latitude: c.latitude, longitude: c.longitude,
                pressureAltitude: pressure,
                gnssAltitude: gnss)
        }
    }

    @Test func crossingTheControlZoneIsFoundWithItsTimesAndDepths() throws {
        let fixes = line(offset: 0, pressure: 520, gnss: 500)
        let found = AirspaceInfringements.find(in: fixes, airspaces: airspaces)
        try #require(found.count == 1, "\(found)")
        let f = found[0]
        #expect(airspaces[f.airspaceIndex].name == "CTR Testfeld" && f.isCertain)
        // Inside from 15000 − 9260 m to 15000 + 9260 m along the line, 50 m a second.
        let enter = (15_000 - radius) / 50, leave = (15_000 + radius) / 50
        #expect(abs(Double(f.start - Self.t0) / 1000 - enter.rounded(.up)) <= 1)
        #expect(abs(Double(f.end - Self.t0) / 1000 - leave.rounded(.down)) <= 1)
        // Deepest at the centre: 9260 m from the edge (the circle's chords stray < 1.5 m); 566.8 m below 3500 ft.
        #expect(abs(f.lateralDepth - radius) < 2)
        let depth = try #require(f.verticalDepth)
        #expect(abs(depth - (1066.8 - 500)) < 1e-6)
    }

    @Test func theSameAirspaceTwiceIsOneInfringement() throws {
        var twice = airspaces + airspaces
        twice[airspaces.count].line += 100  // as read from another file, or further down the same one
        let found = AirspaceInfringements.find(in: line(offset: 0, pressure: 520, gnss: 500), airspaces: twice)
        #expect(found.map(\.airspaceIndex) == [0], "\(found)")
    }

    @Test func nearMissesAreNotInfringements() {
        // 200 m outside the circle, at the same height.
        #expect(
            AirspaceInfringements.find(in: line(offset: radius + 200, pressure: 520, gnss: 500), airspaces: airspaces)
                .isEmpty)
        // Right over it, 100 m above its 3500 ft ceiling (GNSS: the limit is above mean sea level).
        #expect(
            AirspaceInfringements.find(in: line(offset: 0, pressure: 2000, gnss: 1166.8), airspaces: airspaces).isEmpty)
    }

    /// Flight levels are pressure altitude: under FL65 by pressure is outside, whatever the GNSS altitude says.
    @Test func flightLevelsUsePressureAltitude() {
        let east = Coordinate(latitude: 50.25, longitude: 7.05)  // inside ED-R 1's square
        func fix(_ i: Int, pressure: Double?, gnss: Double?) -> Fix {
            Fix(
                time: Self.t0 + Int64(i) * 1000, latitude: east.latitude, longitude: east.longitude + Double(i) * 1e-4,
                pressureAltitude: pressure, gnssAltitude: gnss)
        }
        let low = (0..<10).map { fix($0, pressure: 1950, gnss: 2100) }  // FL65 = 1981.2 m
        #expect(
            AirspaceInfringements.find(in: low, airspaces: airspaces).filter {
                airspaces[$0.airspaceIndex].name.hasPrefix("ED-R")
            }.isEmpty)
        let high = (0..<10).map { fix($0, pressure: 2100, gnss: 1950) }
        let found = AirspaceInfringements.find(in: high, airspaces: airspaces).filter {
            airspaces[$0.airspaceIndex].name.hasPrefix("ED-R")
        }
        #expect(found.count == 1 && abs((found.first?.verticalDepth ?? 0) - (2100 - 1981.2)) < 1e-6)
        // No barometer: a flight level cannot be compared; laterally inside is only "possible".
        let noBarometer = (0..<10).map { fix($0, pressure: nil, gnss: 2100) }
        let possible = AirspaceInfringements.find(in: noBarometer, airspaces: airspaces).filter {
            airspaces[$0.airspaceIndex].name.hasPrefix("ED-R")
        }
        #expect(possible.count == 1 && possible.first?.isCertain == false)
    }

    /// Heights above mean sea level use the pressure altitude at the pilot's QNH when given.
    @Test func meanSeaLevelLimitsUseTheQNHWhenGiven() {
        // Pressure altitude 1000 m at QNH 1030 hPa is ≈ 1140 m above sea level: above the 1066.8 m ceiling.
        let fixes = line(offset: 0, pressure: 1000, gnss: 1000)
        #expect(AirspaceInfringements.find(in: fixes, airspaces: airspaces).count == 1)
        #expect(AirspaceInfringements.find(in: fixes, airspaces: airspaces, qnh: 103_000).isEmpty)
        #expect(AirspaceInfringements.find(in: fixes, airspaces: airspaces, qnh: 100_000).count == 1)
    }

    /// An AGL floor without terrain data: inside laterally and under the MSL ceiling is "possible", never certain.
    @Test func aboveGroundLimitsAreUnknownNeverGuessed() throws {
        let centre = Coordinate(latitude: 50.5, longitude: 7.5)
        func track(westNM: Double) -> [Fix] {
            let c = Geodesy.destination(from: centre, bearing: 270, distance: westNM * 1852)
            return (0..<20).map { i in
                Fix(
                    time: Self.t0 + Int64(i) * 1000, latitude: c.latitude + Double(i) * 1e-5, longitude: c.longitude,
                    pressureAltitude: 900, gnssAltitude: 900)
            }
        }
        // 1.5 NM west is inside the crescent's hollow (its inner arc is 2 NM): outside.
        #expect(AirspaceInfringements.find(in: track(westNM: 1.5), airspaces: airspaces).isEmpty)
        let fixes = track(westNM: 2.5)
        let found = AirspaceInfringements.find(in: fixes, airspaces: airspaces)
        try #require(found.count == 1, "\(found)")
        #expect(airspaces[found[0].airspaceIndex].name == "ED-D 2 Arcs")
        #expect(!found[0].isCertain && found[0].verticalDepth == nil)
        // Above its 5000 ft MSL ceiling: outside, whatever the ground.
        let above = fixes.map { fix -> Fix in
            var fix = fix
            fix.gnssAltitudeDm = 16_000
            return fix
        }
        #expect(AirspaceInfringements.find(in: above, airspaces: airspaces).isEmpty)
    }

    /// Class E is drawn but never reported; a gap of more than 5 minutes splits a stretch.
    @Test func unguardedClassesAndGaps() {
        var fixes = line(offset: 0, pressure: 520, gnss: 500)
        #expect(airspaces.contains { $0.airspaceClass == "E" })
        let middle = fixes.count / 2
        for i in middle..<fixes.count { fixes[i].time += 600_000 }
        let found = AirspaceInfringements.find(in: fixes, airspaces: airspaces)
        #expect(found.count == 2 && found.allSatisfy { airspaces[$0.airspaceIndex].airspaceClass == "D" })
    }
}
