import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// A flight's analysis is computed once and kept in the database file beside it; a stored analysis that is not
/// current (another version, other inputs) or not readable (the file is outside input) is computed again.
@Suite struct FlightAnalysisStoreTests {
    private func logbook() throws -> (TempDirectory, FlightStore, Int64) {
        let dir = try TempDirectory()
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let id = try store.importFlights(
            track: track(start: day0, count: 900), fileName: "a.igc", sha256: "a",
            flights: [flight(takeoff: day0 + 60_000, minutes: 12)])[0]
        return (dir, store, id)
    }

    private func storedBytes(_ path: String, _ id: Int64) throws -> Data? {
        try DatabaseQueue(path: path).read { db in
            try Data.fetchOne(db, sql: "SELECT data FROM flightAnalysis WHERE flightId = ?", arguments: [id])
        }
    }

    @Test func theFirstUseStoresItAndTheNextReadsIt() throws {
        let (dir, store, id) = try logbook()
        defer { dir.cleanup() }
        #expect(try store.storedAnalysis(forFlight: id) == nil)
        let first = try store.analysis(forFlight: id, glider: OwnGlider())
        let stored = try #require(try store.storedAnalysis(forFlight: id))
        #expect(stored == first)
        // This track circles from the start (no launch to find): the scoring window runs from takeoff to landing.
        #expect(first.scoringWindow?.startsAt == .takeoff)
        #expect(first.scoringStart == day0 + 60_000)
        #expect(first.scoringEnd == day0 + 60_000 + 12 * 60_000)
        #expect(first.freeSix?.turnpoints.count == 7)
        // Stored means not computed again: a planted marker in the stored copy comes back.
        var marked = stored
        marked.dmstPoints = 12_345
        try store.store(marked, forFlight: id)
        #expect(try store.analysis(forFlight: id, glider: OwnGlider()).dmstPoints == 12_345)
    }

    @Test func otherInputsOrAnotherVersionAreComputedAgain() throws {
        let (dir, store, id) = try logbook()
        defer { dir.cleanup() }
        let first = try store.analysis(forFlight: id, glider: OwnGlider())
        var old = first
        old.version = FlightAnalysis.currentVersion - 1
        old.dmstPoints = 12_345
        try store.store(old, forFlight: id)
        #expect(try store.analysis(forFlight: id, glider: OwnGlider()) == first)
        // The config's [glider] index is this device's glider's: not an imported file's flight's …
        #expect(try store.analysis(forFlight: id, glider: OwnGlider(index: 110)) == first)
        // … but one this device recorded: a known index changes the points, computed again for it, and stored.
        try DatabaseQueue(path: dir.databasePath).write { db in
            try db.execute(sql: "UPDATE recording SET kind = 'recorded', sha256 = NULL, fileName = NULL")
        }
        let indexed = try store.analysis(forFlight: id, glider: OwnGlider(index: 110))
        #expect(indexed.index == 110)
        #expect(abs(indexed.olcPlusPoints - first.olcPlusPoints * first.index / 110) < 1e-6)  // first: the type's index
        #expect(try store.storedAnalysis(forFlight: id)?.index == 110)
    }

    @Test(arguments: [
        Data("not json".utf8), Data("{}".utf8), Data(repeating: 0x7B, count: 2 << 20),
    ])
    func anUnreadableStoredAnalysisIsComputedAgain(_ bytes: Data) throws {
        let (dir, store, id) = try logbook()
        defer { dir.cleanup() }
        let good = try store.analysis(forFlight: id, glider: OwnGlider())
        try DatabaseQueue(path: dir.databasePath).write { db in
            try db.execute(sql: "UPDATE flightAnalysis SET data = ? WHERE flightId = ?", arguments: [bytes, id])
        }
        #expect(try store.storedAnalysis(forFlight: id) == nil)
        #expect(try store.analysis(forFlight: id, glider: OwnGlider()) == good)
        #expect(try storedBytes(dir.databasePath, id) != bytes)
    }

    @Test func outOfRangeNumbersInAStoredAnalysisAreNotUsed() throws {
        let (dir, store, id) = try logbook()
        defer { dir.cleanup() }
        let good = try store.analysis(forFlight: id, glider: OwnGlider())
        let text = String(decoding: try #require(try storedBytes(dir.databasePath, id)), as: UTF8.self)
        for planted in [
            text.replacingOccurrences(of: "\"olcPlusPoints\":", with: "\"olcPlusPoints\":1e300,\"x\":"),
            text.replacingOccurrences(of: "\"latitude\":", with: "\"latitude\":1e300,\"x\":"),
        ] {
            try DatabaseQueue(path: dir.databasePath).write { db in
                try db.execute(
                    sql: "UPDATE flightAnalysis SET data = ? WHERE flightId = ?", arguments: [Data(planted.utf8), id])
            }
            #expect(try store.analysis(forFlight: id, glider: OwnGlider()) == good)
        }
    }

    @Test func aReadOnlyStoreComputesWithoutWriting() throws {
        let (dir, store, id) = try logbook()
        defer { dir.cleanup() }
        let reader = try FlightStore(path: dir.databasePath, mode: .readOnly)
        let computed = try reader.analysis(forFlight: id, glider: OwnGlider())
        #expect(try storedBytes(dir.databasePath, id) == nil)
        #expect(try store.analysis(forFlight: id, glider: OwnGlider()) == computed)
    }

    @Test func itGoesWithItsFlight() throws {
        let (dir, store, id) = try logbook()
        defer { dir.cleanup() }
        _ = try store.analysis(forFlight: id, glider: OwnGlider())
        try store.delete(id: id)
        #expect(try storedBytes(dir.databasePath, id) == nil)
    }

    @Test func aFlightWithoutTrackHasNoRoute() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let id = try store.addManualFlight(flight(takeoff: day0))
        let analysis = try store.analysis(forFlight: id, glider: OwnGlider())
        #expect(analysis.freeSix == nil && analysis.faiTriangle == nil && analysis.scoringStart == nil)
    }
}
