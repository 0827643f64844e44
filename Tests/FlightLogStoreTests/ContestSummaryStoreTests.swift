import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// `list` and `stats` read every flight's contest distance in one query from the stored analyses
/// (`contestSummaries()`): only a current analysis counts, and a broken one is none, never an error.
@Suite struct ContestSummaryStoreTests {
    private func logbook(flights count: Int, fixes: Int? = nil) throws -> (TempDirectory, FlightStore, [Int64]) {
        let dir = try TempDirectory()
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let flights = (0..<Int64(count)).map { flight(takeoff: day0 + 60_000 + $0 * 20 * 60_000, minutes: 15) }
        let ids = try store.importFlights(
            track: track(start: day0, count: fixes ?? 20 * 60 * count + 600), fileName: "a.igc", sha256: "a",
            flights: flights)
        return (dir, store, ids)
    }

    private func setData(_ path: String, _ id: Int64, _ bytes: Data) throws {
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE flightAnalysis SET data = ? WHERE flightId = ?", arguments: [bytes, id])
        }
    }

    @Test func currentAnalysesAreReadAndOthersAreLeftOut() throws {
        let (dir, store, ids) = try logbook(flights: 6)
        defer { dir.cleanup() }
        var analyses: [FlightAnalysis] = []
        for id in ids.prefix(5) { analyses.append(try store.analysis(forFlight: id, glider: OwnGlider())) }
        // ids[5] has never been analysed.
        var old = analyses[1]
        old.version = FlightAnalysis.currentVersion - 1
        try store.store(old, forFlight: ids[1])
        var otherRelease = analyses[2]
        otherRelease.inputs.release = (otherRelease.inputs.release ?? 0) + 1_000
        try store.store(otherRelease, forFlight: ids[2])
        try setData(dir.databasePath, ids[3], Data("not json".utf8))
        let text = String(decoding: try JSONEncoder().encode(analyses[4]), as: UTF8.self)
        let meters = String(describing: try #require(analyses[4].freeSix?.meters))
        try setData(dir.databasePath, ids[4], Data(text.replacingOccurrences(of: meters, with: "\"far\"").utf8))

        let summaries = try FlightStore(path: dir.databasePath, mode: .readOnly).contestSummaries()
        #expect(summaries == [ids[0]: ContestSummary(analyses[0])])
        #expect(try #require(summaries[ids[0]]).freeSixMeters > 0)
    }

    /// A bound of another JSON type than a number (a hand edit) trapped GRDB's typed read of `list`'s query.
    @Test func anAnalysisWhoseUpperBoundIsNotANumberIsNoneNotATrap() throws {
        let (dir, store, ids) = try logbook(flights: 2)
        defer { dir.cleanup() }
        let analyses = try ids.map { try store.analysis(forFlight: $0, glider: OwnGlider()) }
        var damaged = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(analyses[1])) as? [String: Any])
        damaged["freeSixUpperBound"] = "far"
        try setData(dir.databasePath, ids[1], try JSONSerialization.data(withJSONObject: damaged))

        let summaries = try FlightStore(path: dir.databasePath, mode: .readOnly).contestSummaries()
        #expect(summaries == [ids[0]: ContestSummary(analyses[0])])
    }

    @Test func manyFlightsInOneQuery() throws {
        let (dir, store, ids) = try logbook(flights: 300, fixes: 1_200)
        defer { dir.cleanup() }
        // One analysis computed, stored as every flight's (for its times): what is read is the same for each.
        let analysis = try store.analysis(forFlight: ids[0], glider: OwnGlider())
        let flights = try store.flights(matching: FlightFilter())
        for f in flights {
            var copy = analysis
            copy.inputs.takeoff = f.takeoffTime
            copy.inputs.landing = f.landingTime
            copy.inputs.release = f.releaseTime
            try store.store(copy, forFlight: try #require(f.id))
        }
        let clock = ContinuousClock()
        let start = clock.now
        let summaries = try store.contestSummaries()
        print("contestSummaries of \(ids.count) flights: \(clock.now - start)")
        #expect(Set(summaries.keys) == Set(ids))
        #expect(Set(summaries.values) == [ContestSummary(analysis)])
    }
}
