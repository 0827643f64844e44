import FlightLogCore
import FlightLogLogbook
import Foundation
import Testing

@testable import FlightLogStore

/// Measurements printed for the report; they assert correctness only, never timing. 10,000 flights inserted on
/// every run: only on request (`make bench`, or FLIGHTLOG_BENCHMARK=1 swift test --filter FlightStoreBenchmarks).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["FLIGHTLOG_BENCHMARK"] == "1", "benchmark: make bench"))
struct FlightStoreBenchmarks {
    @Test func storageBytesPerFix() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let empty = try store.databaseSizeBytes()
        let t = track(start: day0, count: 3 * 3600)
        _ = try store.importFlights(track: t, fileName: "t", sha256: "t", flights: [flight(takeoff: day0)])
        _ = try store.pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        let used = try store.databaseSizeBytes() - empty
        let blob = try store.pool.read { db in
            try Int.fetchOne(db, sql: "SELECT sum(length(data)) FROM trackChunk") ?? 0
        }
        print(
            "store: \(t.fixes.count) fixes, blobs \(blob) bytes (\(Double(blob) / Double(t.fixes.count)) bytes/fix), file growth \(used) bytes (\(Double(used) / Double(t.fixes.count)) bytes/fix)"
        )
        #expect(blob < t.fixes.count * 37 / 3)
    }

    @Test func listingTenThousandFlights() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        var rng = SeededRandom(seed: 10_000)
        let flights = (0..<10_000).map { _ in randomFlight(&rng) }
        let clock = ContinuousClock()
        let importTime = try clock.measure {
            _ = try store.importFlights(
                track: track(start: day0, count: 10), fileName: "b", sha256: "b", flights: flights)
        }
        var all: [Flight] = []
        let full = try clock.measure { all = try store.flights(matching: FlightFilter()) }
        // The same query, reading one column only: the SQLite part of "list all".
        let sqlOnly = try clock.measure {
            _ = try store.pool.read { db in
                try Int64.fetchAll(
                    db, sql: "SELECT f.id FROM flight f JOIN recording r ON r.id = f.recordingId ORDER BY f.takeoffTime"
                )
            }
        }
        var page: [Flight] = []
        let paged = try clock.measure {
            page = try store.flights(matching: FlightFilter(), newestFirst: true, limit: 50)
        }
        var filtered = 0
        let filter = FlightFilter(guest: "cagri", since: CivilDate(year: 2025, month: 6, day: 1))
        let filteredTime = try clock.measure { filtered = try store.count(matching: filter) }
        var totals = FlightTotals()
        let totalsTime = try clock.measure { totals = try store.totals(matching: FlightFilter(plane: "ask")) }
        print(
            "10k flights: import \(importTime), list all \(full) (SQL alone \(sqlOnly)), newest 50 \(paged), filtered count \(filteredTime) (\(filtered)), totals \(totalsTime)"
        )
        #expect(all.count == 10_000 && page.count == 50)
        #expect(page.first?.takeoffTime == all.last?.takeoffTime)
        #expect(filtered == flights.filter(filter.matches).count)
        #expect(totals.flights == flights.filter(FlightFilter(plane: "ask").matches).count)
    }
}
