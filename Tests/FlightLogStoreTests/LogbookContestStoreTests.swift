import FlightLogCore
import FlightLogTestSupport
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// The printed logbook's contest column reads the stored analyses of all its flights in one query, computing none:
/// only an analysis of the current version for the flight's takeoff, landing and release counts.
@Suite struct LogbookContestStoreTests {
    @Test func onlyCurrentStoredAnalysesAreRead() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let ids = try (0..<4).map { n in
            let start = day0 + Int64(n) * 86_400_000
            return try store.importFlights(
                track: track(start: start, count: 900), fileName: "\(n).igc", sha256: "\(n)",
                flights: [flight(takeoff: start + 60_000, minutes: 12)])[0]
        }
        let manual = try store.addManualFlight(flight(takeoff: day0 + 9 * 86_400_000))
        // 0: analysed and current, with an engine run planted; 1: never analysed; 2: an older version;
        // 3: analysed for another landing time (the flight was edited since).
        let current = try store.analysis(forFlight: ids[0], glider: OwnGlider())
        try DatabaseQueue(path: dir.databasePath).write { db in
            try db.execute(
                sql: """
                    UPDATE flightAnalysis SET data = json_set(CAST(data AS TEXT), '$.engineSensor', 'ENL', '$.engineRuns',
                        json('[{"startIndex":0,"endIndex":1,"start":0,"end":754000,"heightGain":300}]'))
                    WHERE flightId = ?
                    """, arguments: [ids[0]])
        }
        #expect(try store.storedAnalysis(forFlight: ids[0])?.engineRuns.first?.seconds == 754)
        var old = try store.analysis(forFlight: ids[2], glider: OwnGlider())
        old.version -= 1
        try store.store(old, forFlight: ids[2])
        var moved = try store.analysis(forFlight: ids[3], glider: OwnGlider())
        moved.inputs.landing += 60_000
        try store.store(moved, forFlight: ids[3])

        let flights = try store.flights(matching: FlightFilter())
        let summaries = try FlightStore(path: dir.databasePath, mode: .readOnly).storedContestSummaries(of: flights)
        #expect(Set(summaries.keys) == [ids[0]], "\(summaries)")
        let summary = try #require(summaries[ids[0]])
        let km = summary.freeSixKm
        #expect(abs(km - (current.freeSix?.kilometers ?? -1)) < 1e-9)
        #expect(summary.engineSeconds == 754)
        // Nothing was computed or stored by reading.
        #expect(try store.storedAnalysis(forFlight: ids[1]) == nil)
        #expect(try store.storedAnalysis(forFlight: manual) == nil)
        #expect(try store.storedContestSummaries(of: []) == [:])
    }
}
