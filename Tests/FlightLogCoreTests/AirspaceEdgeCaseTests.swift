import Testing

@testable import FlightLogAirspace
@testable import FlightLogCore

/// The airspace reader and judge at their edges: files in mixed or wide encodings, limits that hold no height,
/// outlines around a pole.
struct AirspaceEdgeCaseTests {
    static let t0: UTCMillis = 1_751_446_800_000

    /// A 5 NM circle around `centre` in OpenAir, named `name`, between `floor` and `ceiling`.
    static func circle(_ name: String, floor: String = "GND", ceiling: String = "3500ft MSL", centre: String)
        -> String
    {
        "AC D\nAN \(name)\nAL \(floor)\nAH \(ceiling)\nV X=\(centre)\nDC 5\n"
    }

    static func fix(_ c: Coordinate, _ i: Int, altitude: Double = 1000) -> Fix {
        Fix(
            time: t0 + Int64(i) * 1000, latitude: c.latitude, longitude: c.longitude, pressureAltitude: altitude,
            gnssAltitude: altitude)
    }

    @Test func eachLineIsDecodedByItself() {
        // One line written in UTF-8, the next in Latin-1 (ö is C3 B6 in the one, F6 in the other).
        let utf8 = Array(Self.circle("Köln", centre: "50:52:00 N 007:08:00 E").utf8)
        let latin1 = Array(Self.circle("N_rvenich", centre: "50:50:00 N 006:39:00 E").utf8).map {
            $0 == UInt8(ascii: "_") ? 0xF6 : $0
        }
        let names = OpenAirReader.read(utf8 + latin1).airspaces.map(\.name)
        #expect(names == ["Köln", "Nörvenich"], "\(names)")
    }

    @Test func utf16FilesAreRead() {
        let text = "\u{FEFF}" + Self.circle("Köln", centre: "50:52:00 N 007:08:00 E")
        let little = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let noMark = text.utf16.dropFirst().flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for bytes in [little, big, Array(noMark)] {
            #expect(OpenAirReader.read(bytes).airspaces.map(\.name) == ["Köln"])
        }
        #expect(BroughtText.encodingName(little) == "UTF-16")
        #expect(BroughtText.encodingName(Array("AC D\n".utf8) + [0xF6]) == "ISO-8859-1 (Latin-1)")
    }

    @Test func anUnlimitedFloorOrAGroundCeilingHoldsNoHeight() {
        let centre = Coordinate(latitude: 50, longitude: 7)
        let fixes = (0..<10).map { Self.fix(centre, $0, altitude: 1000) }
        for (floor, ceiling) in [("UNL", "FL100"), ("GND", "GND"), ("UNL", "UNL"), ("1000ft MSL", "GND")] {
            let airspaces = OpenAirReader.read(
                Array(Self.circle("Empty", floor: floor, ceiling: ceiling, centre: "50:00:00 N 007:00:00 E").utf8)
            ).airspaces
            #expect(airspaces.count == 1)
            #expect(AirspaceInfringements.find(in: fixes, airspaces: airspaces).isEmpty, "\(floor)–\(ceiling)")
        }
        // The ground to no ceiling is still every height.
        let all = OpenAirReader.read(
            Array(Self.circle("All", floor: "GND", ceiling: "UNL", centre: "50:00:00 N 007:00:00 E").utf8)
        ).airspaces
        #expect(AirspaceInfringements.find(in: fixes, airspaces: all).count == 1)
    }

    @Test func aCircleAroundAPoleIsInfringedAtThePole() throws {
        for hemisphere in ["N", "S"] {
            // Centre 0.05° from the pole, radius 5 NM (0.083°): the pole is inside, 3 km from the centre.
            let text = Self.circle("Polar", ceiling: "FL100", centre: "89:57:00 \(hemisphere) 010:00:00 E")
            let airspaces = OpenAirReader.read(Array(text.utf8)).airspaces
            try #require(airspaces.count == 1)
            let sign = hemisphere == "N" ? 1.0 : -1.0
            let fixes = [
                Coordinate(latitude: sign * 89.99, longitude: 100),
                Coordinate(latitude: sign * 89.999, longitude: -150),
                Coordinate(latitude: sign * 89.98, longitude: 10),
            ].enumerated().map { Self.fix($1, $0) }
            let found = AirspaceInfringements.find(in: fixes, airspaces: airspaces)
            #expect(found.count == 1 && found.first?.startIndex == 0 && found.first?.endIndex == 2, "\(found)")
            #expect(AirspaceInfringements.enclosedPole(airspaces[0].outline) == sign * 90)
        }
        // A circle away from the pole goes round none.
        let plain = OpenAirReader.read(Array(Self.circle("Plain", centre: "50:00:00 N 007:00:00 E").utf8)).airspaces
        #expect(AirspaceInfringements.enclosedPole(plain[0].outline) == nil)
    }
}
