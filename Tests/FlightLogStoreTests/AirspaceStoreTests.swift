import FlightLogCore
import FlightLogLogbook
import FlightLogTestSupport
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// Airspace files in the logbook: the migration of an older logbook, whole files replaced and removed by name.
@Suite struct AirspaceStoreTests {
    static let ctr = Array("AC D\nAN CTR A\nAL GND\nAH 3500ft\nV X=50:00:00 N 007:00:00 E\nDC 5\n".utf8)
    static let two =
        Array("AC R\nAN R 1\nAL FL65\nAH FL95\nDP 50:10:00 N 007:00:00 E\nDP 50:10:00 N 007:10:00 E\n".utf8)
        + Array("DP 50:20:00 N 007:10:00 E\n".utf8) + ctr

    /// What import keeps: a file with airspace (with the reader's warnings), never one without.
    @Test func onlyAFileWithAirspaceIsToBeKept() throws {
        let kept = try #require(AirspaceFile.reading(name: "a.txt", bytes: Self.ctr, importedAt: 7))
        #expect(kept.file.name == "a.txt" && kept.file.bytes == Self.ctr && kept.file.importedAt == 7)
        #expect(kept.contents.airspaces.map(\.name) == ["CTR A"])
        for nothing in [[], Array("hello\n".utf8), [0, 1, 2, 0xFF], Array("AC D\nAN no outline\n".utf8)] as [[UInt8]] {
            #expect(AirspaceFile.reading(name: "b.txt", bytes: nothing, importedAt: 7).map(\.file.name) == nil)
        }
    }

    @Test func anOldLogbookGainsTheTableAndKeepsItsFlights() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let path = dir.path + "/old.sqlite"
        try FileManager.default.copyItem(
            atPath: packageRoot.appendingPathComponent("Tests/Fixtures/schema-v3-by-main.sqlite").path, toPath: path)
        let before = try DatabaseQueue(path: path).read { db in
            (try db.tableExists("airspaceFile"), try Int.fetchOne(db, sql: "SELECT count(*) FROM flight") ?? 0)
        }
        #expect(!before.0 && before.1 > 0)
        let store = try FlightStore(path: path, mode: .readWrite)
        #expect(try store.flights(matching: FlightFilter()).count == before.1)
        #expect(try store.airspaceFiles().isEmpty)
        try store.storeAirspaceFile(AirspaceFile(name: "a.txt", bytes: Self.ctr, importedAt: day0))
        #expect(try FlightStore(path: path, mode: .readOnly).airspaces().map(\.name) == ["CTR A"])
    }

    @Test func aFileOfTheSameNameReplacesItsSetAndRemoveTakesItAway() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        #expect(try !store.storeAirspaceFile(AirspaceFile(name: "a.txt", bytes: Self.two, importedAt: day0)))
        #expect(try !store.storeAirspaceFile(AirspaceFile(name: "b.txt", bytes: Self.ctr, importedAt: day0)))
        #expect(try store.airspaces().map(\.name) == ["R 1", "CTR A", "CTR A"])
        #expect(try store.storeAirspaceFile(AirspaceFile(name: "a.txt", bytes: Self.ctr, importedAt: day0 + 1)))
        let files = try store.airspaceFiles()
        #expect(files.map(\.name) == ["a.txt", "b.txt"])
        #expect(files.first?.bytes == Self.ctr && files.first?.importedAt == day0 + 1)
        #expect(try store.removeAirspaceFile(named: "a.txt"))
        #expect(try !store.removeAirspaceFile(named: "a.txt"))
        #expect(try store.airspaceFiles().map(\.name) == ["b.txt"])
    }
}
