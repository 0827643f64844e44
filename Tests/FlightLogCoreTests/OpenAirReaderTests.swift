import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogAirspace
@testable import FlightLogCore

/// The OpenAir reader on a file of known geometry (Fuzz/seeds/openair/example.txt), its values one by one, and
/// damaged files: every valid airspace kept, each problem named by its line.
struct OpenAirReaderTests {
    static let example: [UInt8] = {
        let url = packageRoot.appendingPathComponent("Fuzz/seeds/openair/example.txt")
        return [UInt8]((try? Data(contentsOf: url)) ?? Data())
    }()

    @Test func exampleFileHasFourAirspacesOfKnownShape() throws {
        let result = OpenAirReader.read(Self.example)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        try #require(result.airspaces.count == 4)
        let (ctr, restricted, classE, danger) = (
            result.airspaces[0], result.airspaces[1], result.airspaces[2], result.airspaces[3]
        )
        #expect(ctr.name == "CTR Testfeld" && ctr.airspaceClass == "D" && ctr.type == "CTR" && ctr.line == 4)
        #expect(ctr.floor == .ground && ctr.ceiling == .meanSeaLevel(3500 * 0.3048))
        // A 5 NM circle: 360 points, each 9260 m from the centre.
        let centre = Coordinate(latitude: 50, longitude: 7)
        #expect(ctr.outline.count == 360)
        #expect(ctr.outline.allSatisfy { abs(Geodesy.distance(centre, $0) - 9260) < 0.5 })
        #expect(restricted.floor == .flightLevel(65) && restricted.ceiling == .flightLevel(95))
        #expect(restricted.outline.count == 4, "the closing point repeats the first and is dropped")
        #expect(classE.isGuarded == false && ctr.isGuarded && restricted.isGuarded && danger.isGuarded)
        #expect(danger.floor == .aboveGround(1000 * 0.3048))
    }

    @Test func arcsFollowTheirDirection() throws {
        let danger = try #require(OpenAirReader.read(Self.example).airspaces.last)
        let centre = Coordinate(latitude: 50.5, longitude: 7.5)
        // DB from north to south anticlockwise passes west of the centre, not east; the ends are the given points.
        let north = Coordinate(latitude: 50.55, longitude: 7.5),
            southPoint = Coordinate(latitude: 50.45, longitude: 7.5)
        #expect(Geodesy.distance(danger.outline[0], north) < 1e-6)
        let south = try #require(danger.outline.firstIndex { Geodesy.distance($0, southPoint) < 1e-6 })
        let dbArc = danger.outline[0...south]
        #expect(dbArc.allSatisfy { $0.longitude <= 7.5 + 1e-9 })
        #expect(dbArc.contains { abs(Geodesy.bearing(centre, $0) - 270) < 1 })
        // DA 2 NM from 180° to 0° clockwise: through 270° (west again), 181 points at 3704 m; the outline is the
        // crescent between 2 and 3 NM west of the centre.
        let da = danger.outline[(south + 1)...]
        #expect(da.count == 181)
        #expect(da.allSatisfy { abs(Geodesy.distance(centre, $0) - 3704) < 0.5 })
        #expect(da.allSatisfy { $0.longitude <= 7.5 + 1e-9 })
        #expect(abs(Geodesy.bearing(centre, da.first!) - 180) < 1e-6)
        #expect(abs(Geodesy.bearing(centre, da[da.startIndex + 90]) - 270) < 1e-6)
    }

    @Test(arguments: [
        ("GND", AirspaceLimit.ground), ("SFC", .ground), ("0 AGL", .ground), ("MSL", .meanSeaLevel(0)),
        ("FL95", .flightLevel(95)), ("FL 65", .flightLevel(65)), ("fl100", .flightLevel(100)),
        ("3500ft", .meanSeaLevel(1066.8)), ("3500 FT MSL", .meanSeaLevel(1066.8)),
        ("3500FTMSL", .meanSeaLevel(1066.8)), ("3500", .meanSeaLevel(1066.8)), ("1000m", .meanSeaLevel(1000)),
        ("1000 m AMSL", .meanSeaLevel(1000)), ("2000ft AGL", .aboveGround(609.6)), ("1500 AGL", .aboveGround(457.2)),
        ("300m GND", .aboveGround(300)), ("UNL", .unlimited), ("UNLIM", .unlimited),
        ("4500 ALT", .meanSeaLevel(1371.6)),
    ])
    func heightsAreRead(text: String, limit: AirspaceLimit) throws {
        let read = try #require(OpenAirReader.limit(text[...]), "\(text)")
        switch (read, limit) {
        case (.meanSeaLevel(let a), .meanSeaLevel(let b)), (.aboveGround(let a), .aboveGround(let b)):
            #expect(abs(a - b) < 1e-9, "\(text)")
        default: #expect(read == limit, "\(text)")
        }
    }

    @Test(arguments: ["", "FL", "FL9999", "FLx", "ft", "3500 furlongs", "-300ft", "1e9ft", "99999999 ft", ".5ft"])
    func badHeightsAreRefused(text: String) {
        #expect(OpenAirReader.limit(text[...]) == nil, "\(text)")
    }

    @Test func positionsInBothNotations() throws {
        let dms = try #require(OpenAirReader.coordinate("50:30:36 N 007:15:00 E"))
        #expect(abs(dms.latitude - 50.51) < 1e-9 && abs(dms.longitude - 7.25) < 1e-9)
        let ddm = try #require(OpenAirReader.coordinate("45:15.531S 108:26.460W"))
        #expect(abs(ddm.latitude + 45.25885) < 1e-9 && abs(ddm.longitude + 108.441) < 1e-9)
        #expect(OpenAirReader.coordinate("50:30:36.5N 007:15:00E") != nil)
        for bad in [
            "50:60:00 N 007:00:00 E", "91:00:00 N 007:00:00 E", "50:00:00 N 181:00:00 E", "50 N 7 E",
            "50:00:00 007:00:00", "50:00:00 N 007:00:00 E x", "::N ::E",
        ] {
            #expect(OpenAirReader.coordinate(bad[...]) == nil, "\(bad)")
        }
    }

    /// A damaged file: each bad record named by its line, every airspace that can still be drawn kept.
    @Test func damagedRecordsAreNamedAndTheRestKept() {
        let text = """
            AN before any class
            AC D
            AN Good one
            AL GND
            AH FL 75
            DP 50:00:00 N 007:00:00 E
            DP 50:00:00 N 007:10:00 E
            DP 51:99:00 N 007:10:00 E
            DP 50:10:00 N 007:10:00 E
            DY 50:10:00 N 007:10:00 E
            AC C
            AN No floor
            AH FL100
            DP 50:00:00 N 007:00:00 E
            DP 50:00:00 N 007:10:00 E
            DP 50:10:00 N 007:10:00 E
            AC R
            AN Circle without centre
            AL GND
            AH 2000ft
            DC 3
            AC P
            AN Huge radius
            AL GND
            AH UNL
            V X=50:00:00 N 007:00:00 E
            DC 100000
            DC 1
            ZZ what is this
            """
        let result = OpenAirReader.read(Array(text.utf8))
        #expect(result.airspaces.map(\.name) == ["Good one", "Huge radius"])
        #expect(result.airspaces.first?.outline.count == 3)
        #expect(result.warnings.map(\.line) == [1, 8, 10, 11, 17, 21, 27, 29], "\(result.warnings)")
        #expect(result.warnings.contains { $0.line == 11 && $0.message.contains("No floor has no floor (AL)") })
    }

    @Test func latin1AndCRLFAreRead() throws {
        let bytes =
            Array("AC D\r\nAN M".utf8) + [0xFC]
            + Array("nchen\r\nAL GND\r\nAH FL65\r\nV X=48:21:00 N 011:47:00 E\r\nDC 2\r\n".utf8)
        let result = OpenAirReader.read(bytes)
        #expect(result.airspaces.first?.name == "München")
        #expect(result.warnings.isEmpty)
    }

    /// The fuzz target's pipeline on the example and on damaged variants: no invariant broken.
    @Test func fuzzPipelineHoldsOnTheExample() {
        #expect(OpenAirFuzzPipeline.run(Self.example).violation == nil)
        #expect(OpenAirFuzzPipeline.run(Array(Self.example.prefix(700))).violation == nil)
    }

    /// Names, classes and types are shown on pages, in PDFs and terminals: no control or reordering character
    /// survives the reader, and none is longer than a name can be.
    @Test func namesClassesAndTypesAreReadAsPlainText() throws {
        let file =
            "AC r\u{1B}]0;x\u{7}\nAY \u{202E}ctr\nAN \u{202E}CTR\u{2066}  Hahn\u{85}\t(east)\u{200F}\n"
            + "AL GND\nAH FL100\n"
            + "DP 50:00:00 N 007:00:00 E\nDP 50:10:00 N 007:00:00 E\nDP 50:10:00 N 007:10:00 E\n"
            + "AC \(String(repeating: "D", count: 500))\nAN Long\nAL GND\nAH FL100\n"
            + "DP 50:00:00 N 007:00:00 E\nDP 50:10:00 N 007:00:00 E\nDP 50:10:00 N 007:10:00 E\n"
        let airspaces = OpenAirReader.read(Array(file.utf8)).airspaces
        try #require(airspaces.count == 2)
        #expect(airspaces[0].name == "CTR Hahn (east)")
        #expect(airspaces[0].airspaceClass == "R ]0;X" && airspaces[0].type == "CTR")
        #expect(airspaces[1].airspaceClass.count == 24)
    }
}
