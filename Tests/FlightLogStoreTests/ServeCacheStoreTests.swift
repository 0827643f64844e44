import FlightLogCore
import FlightLogLogbook
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogStore

/// What `flightlog serve` keeps between pages: the airspace files parsed once until another process imports or
/// removes one, and the airfield data set read once (a region's fields as the whole file's parse gives them), the
/// pilots' CUP files read again when they change.
@Suite struct ServeCacheStoreTests {
    @Test func theAirspaceIsReadAgainOnlyWhenItsFilesChange() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let writer = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let reader = try FlightStore(path: dir.databasePath, mode: .readOnly)  // another connection, as serve's
        let source = LocalLogbookSource(databasePath: dir.databasePath, config: FlightLogConfig()) { nil }
        let cache = source.airspaceCache
        #expect(try reader.airspaces(cache: cache).isEmpty)
        #expect(try reader.airspaces(cache: cache).isEmpty)
        #expect(cache.loads == 1)
        try writer.storeAirspaceFile(AirspaceFile(name: "a.txt", bytes: AirspaceStoreTests.ctr, importedAt: 1))
        #expect(try reader.airspaces(cache: cache).map(\.name) == ["CTR A"])
        for _ in 0..<3 { #expect(try reader.airspaces(cache: cache).map(\.name) == ["CTR A"]) }
        #expect(cache.loads == 2, "pages without a change read no file")
        // The same name imported again (another time, other bytes), then removed: each shows on the next read.
        try writer.storeAirspaceFile(AirspaceFile(name: "a.txt", bytes: AirspaceStoreTests.two, importedAt: 2))
        #expect(try reader.airspaces(cache: cache).map(\.name) == ["R 1", "CTR A"])
        #expect(try writer.removeAirspaceFile(named: "a.txt"))
        #expect(try reader.airspaces(cache: cache).isEmpty)
        #expect(cache.loads == 4)
        #expect(try reader.airspaces() == reader.airspaces(cache: cache))
    }

    /// A region read from the kept data set is exactly the whole file's parse of that region, runways included.
    @Test func aRegionOfTheKeptDataSetIsTheFilesRegion() throws {
        let path = try #require(AirfieldCatalog.dataSetPath())
        let bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        let kept = try AirfieldDataSet.Regions(bytes)
        #expect(kept.count > 25_000)
        let regions = [
            AirfieldDataSet.Region(points: [Coordinate(latitude: 51.0147, longitude: 7.0053)], radius: 60_000),
            AirfieldDataSet.Region(points: [Coordinate(latitude: -33.9, longitude: 151.2)], radius: 200_000),
            AirfieldDataSet.Region(points: [Coordinate(latitude: 65, longitude: 179.9)], radius: 300_000),
            AirfieldDataSet.Region(points: [Coordinate(latitude: 0, longitude: -30)], radius: 1000),
        ]
        for region in regions {
            let whole = try AirfieldDataSet.parse(bytes, region: region, runways: true)
            #expect(try kept.fields(in: region, runways: true) == whole)
        }
        #expect(try kept.fields(in: regions[0], runways: true).contains { $0.code == "EDKL" && !$0.runways.isEmpty })
        #expect(throws: AirfieldDataSet.FormatError.self) {
            try AirfieldDataSet.Regions(Array("not a data set\n".utf8))
        }
        let damaged = Array((AirfieldDataSet.header + "\n@Europe/Berlin\nEDKL\tLeverkusen\tfifty\t7\t0\t0\t\n").utf8)
        #expect(throws: AirfieldDataSet.FormatError.self) { try AirfieldDataSet.Regions(damaged) }
    }

    @Test func aPilotsCUPFileAddedOrChangedShowsOnTheNextMap() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let folder = dir.path + "/airfields"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let regions = AirfieldRegions(directories: [folder])
        let region = AirfieldDataSet.Region(points: [Coordinate(latitude: 51.0, longitude: 6.5)], radius: 30_000)
        let names = { try regions.index(region: region).fields.map(\.name) }
        #expect(try !names().contains("Bauer Meier"))
        let header = "name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc\n"
        let line = { (name: String) in "\"\(name)\",,DE,5100.000N,00630.000E,100.0m,3,,,,\n" }
        try Data((header + line("Bauer Meier")).utf8).write(to: URL(fileURLWithPath: folder + "/mine.cup"))
        #expect(try names().contains("Bauer Meier"))
        try Data((header + line("Bauer Schulze")).utf8).write(to: URL(fileURLWithPath: folder + "/mine.cup"))
        #expect(try names().contains("Bauer Schulze") && !names().contains("Bauer Meier"))
    }
}
