import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogCore

@Suite struct CUPReaderTests {
    static let seedPath = packageRoot.appendingPathComponent("Fuzz/seeds/cup/gliding-sites.cup").path

    static func read(_ text: String) -> CUPReader.Result { CUPReader.read(Array(text.utf8)) }

    @Test func theSeedFile() throws {
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: Self.seedPath)))
        let result = CUPReader.read(bytes)
        #expect(
            result.airfields.map(\.name) == [
                "Wershofen", "Leverkusen", "Dahlemer Binz", "Hangweide Sued", "Acker Nord",
            ])
        #expect(result.otherWaypoints == 1, "the turn point (style 1)")
        #expect(result.warnings.map(\.line) == [8, 9], "broken latitude, short line; the task section is not read")
        let wershofen = result.airfields[0]
        #expect(wershofen.code == "EDRV")
        #expect(abs(wershofen.coordinate.latitude - (50 + 27.083 / 60)) < 1e-9)
        #expect(abs(wershofen.coordinate.longitude - (6 + 47.0 / 60)) < 1e-9)
        #expect(wershofen.elevation == 499)
        #expect(wershofen.zoneIdentifier == nil && wershofen.source == .pilot)
        let hang = result.airfields[3]
        #expect(hang.code == nil)
        #expect(abs(hang.elevation! - 1620 * 0.3048) < 1e-9)
        #expect(CUPFuzzPipeline.run(bytes).violation == nil)
    }

    /// The fuzz target's data-set stage: the whole file's region and `Regions`' agree, and a damaged file is
    /// refused by both without a trap.
    @Test func theFuzzPipelineReadsTheDataSetFormatBothWays() throws {
        let file = Array(
            ("#flightlog-airfields 2\n@Europe/Berlin\n@Europe/Paris\n"
                + "EDKA\tAachen-Merzbrück Airport\t50.82306\t6.18639\t189\t0\t07/25:520:30:ASP\n"
                + "EDRV\tWershofen/Eifel Airport\t50.45139\t6.78333\t482\t0\t\n\tChamp\t48.85\t2.35\t35\t1\t\n").utf8)
        let region = AirfieldDataSet.Region(points: [Coordinate(latitude: 50.5, longitude: 6.8)], radius: 200_000)
        #expect(try AirfieldDataSet.parse(file, region: region).compactMap(\.code) == ["EDKA", "EDRV"])
        #expect(CUPFuzzPipeline.dataSet(file) == nil)
        #expect(CUPFuzzPipeline.dataSet(Array(file.dropLast(30))) == nil, "a line cut off: refused by both")
    }

    @Test func angles() {
        #expect(CUPReader.angle("5107.830N", degreeDigits: 2) == 51 + 7.83 / 60)
        #expect(CUPReader.angle("3352.500S", degreeDigits: 2) == -(33 + 52.5 / 60))
        #expect(CUPReader.angle("00647.500E", degreeDigits: 3) == 6 + 47.5 / 60)
        #expect(CUPReader.angle("07000.000W", degreeDigits: 3) == -70)
        #expect(CUPReader.angle(" 5107.830N ", degreeDigits: 2) == 51 + 7.83 / 60)
        for bad in [
            "5160.000N", "9100.000N", "5107.830E", "51O7.830N", "5107..830N", "N", "", "5107.830", "51-7.830N",
            "5107.8300000000000000000N", "-507.830N", "5107.8e3N", "517.830N",
        ] {
            #expect(CUPReader.angle(Substring(bad), degreeDigits: 2) == nil, "\(bad)")
        }
        #expect(CUPReader.angle("5107.830n", degreeDigits: 2) == 51 + 7.83 / 60, "hemisphere in any case")
        #expect(CUPReader.angle("18100.000E", degreeDigits: 3) == nil)
        #expect(CUPReader.angle("0647.500E", degreeDigits: 3) == nil, "two degree digits where three are needed")
    }

    @Test func elevations() {
        #expect(CUPReader.elevation("123.0m") == 123)
        #expect(CUPReader.elevation("100ft") == 30.48)
        #expect(CUPReader.elevation("100FT") == 30.48)
        #expect(CUPReader.elevation("250") == 250)
        #expect(CUPReader.elevation("-5m") == -5)
        for bad in ["", "m", "ft", "abc", "1e400m", "nanm", "99999m", "1.2.3m", "inf"] {
            #expect(CUPReader.elevation(Substring(bad)) == nil, "\(bad)")
        }
    }

    @Test func csvQuoting() {
        #expect(CUPReader.csvValues("\"a, b\",c,\"say \"\"hi\"\"\",") == ["a, b", "c", "say \"hi\"", ""])
        #expect(CUPReader.csvValues("\"unclosed, quote") == ["unclosed, quote"])
        #expect(CUPReader.csvValues("") == [""])
    }

    /// SeeYou writes CR LF (and old Mac tools CR alone): every line is a waypoint, header included.
    @Test func lineEndsAsSeeYouWritesThem() throws {
        let lines = [
            "name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc",
            "\"Wershofen\",\"EDRV\",DE,5027.083N,00647.000E,499.0m,4,,,,",
            "\"Turn\",\"TP\",DE,5027.000N,00647.000E,400.0m,1,,,,",
            "\"Bergfeld\",\"BF\",DE,5000.000N,00700.000E,300m,2,,,,\"last line, \"\"quoted\"\"\"",
        ]
        for end in ["\r\n", "\r", "\n"] {
            let result = Self.read(lines.joined(separator: end) + end)
            #expect(result.airfields.map(\.name) == ["Wershofen", "Bergfeld"], "\(end.debugDescription)")
            #expect(result.airfields.map(\.code) == ["EDRV", "BF"])
            #expect(result.otherWaypoints == 1 && result.warnings.isEmpty, "\(result.warnings)")
        }
        let seed = String(decoding: try #require(FileManager.default.contents(atPath: Self.seedPath)), as: UTF8.self)
        let crlf = CUPReader.read(Array(seed.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        #expect(crlf.airfields.count == 5 && crlf.warnings.map(\.line) == [8, 9])
    }

    @Test func oddFiles() {
        // No header, CRLF, BOM, a blank line, Latin-1 text.
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes += Array("\"Bergfeld\",\"BF\",DE,5000.000N,00700.000E,300m,4,,,,\r\n\r\n".utf8)
        let first = CUPReader.read(bytes)
        #expect(first.airfields.map(\.name) == ["Bergfeld"])
        #expect(first.warnings.isEmpty)
        let latin1: [UInt8] = Array("\"M".utf8) + [0xFC] + Array("nster\",,DE,5200.000N,00730.000E,50m,2\n".utf8)
        #expect(CUPReader.read(latin1).airfields.map(\.name) == ["Münster"])
        // Columns found by the header's names, in another order (with rwwidth and userdata).
        let reordered = Self.read(
            "code,name,lat,lon,style,elev,rwwidth,userdata\nEDXY,\"Feld\",4800.000N,01100.000E,5,500m,30,x\n")
        #expect(reordered.airfields.first?.code == "EDXY")
        #expect(reordered.airfields.first?.elevation == 500)
        // A header only, an empty file, garbage: no fields, no crash.
        #expect(Self.read("name,code,country,lat,lon,elev,style\n").airfields.isEmpty)
        #expect(Self.read("").airfields.isEmpty && Self.read("").warnings.isEmpty)
        let garbage = Self.read("\u{0}\u{1},,,,\n\"\n,,,,,,,,,,,,,,,,,\n")
        #expect(garbage.airfields.isEmpty)
        #expect(garbage.warnings.map(\.line) == [1, 2, 3])
        // A missing style is not an airfield; an unnamed line is damaged.
        #expect(Self.read("\"A\",,DE,5000.000N,00700.000E,300m,,,,\n").otherWaypoints == 1)
        #expect(Self.read(",,DE,5000.000N,00700.000E,300m,4\n").warnings.first?.message == "waypoint without a name")
    }

    @Test func pilotsFileFeedsTheIndex() throws {
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: Self.seedPath)))
        let pilots = CUPReader.read(bytes).airfields
        let index = AirfieldIndex(dataSet: CUPFuzzPipeline.dataSet, pilots: pilots)
        // The pilot's EDRV replaced the data set's; Hangweide (no code) is known by name; zones from the data set.
        #expect(index.fields.filter { $0.code == "EDRV" }.map(\.source) == [.pilot])
        let hang = index.place(at: Coordinate(latitude: 50 + 30.5 / 60, longitude: 6 + 52.25 / 60))
        #expect(hang.description == "Hangweide Sued")
        #expect(hang.zoneIdentifier == "Europe/Berlin")
    }
}
