import FlightLogCore
import FlightLogServer
import FlightLogStore
import Foundation
import Testing

/// Speed of the list page on a big logbook (10,000 flights). Prints numbers; asserts only correctness.
/// Run with FLIGHTLOG_BENCHMARK=1 (it takes a minute to fill the database).
@Suite("List page benchmark", .serialized)
struct ListBenchmark {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FLIGHTLOG_BENCHMARK"] != nil))
    func listPageOn10000Flights() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let start = CivilDate(year: 2000, month: 1, day: 1).utcMidnight
        for i in 0..<10_000 {
            try logbook.addFlight(
                store: store, start: start + Int64(i) * 21_600_000,
                details: FlightDetails(pilot: "Pilot \(i % 7)", gliderType: i % 2 == 0 ? "ASK 21" : "LS 4"), minutes: 1)
        }
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            for target in ["/", "/?page=150", "/?plane=ls&since=2003-01-01"] {
                _ = try await client.get(target)
                let clock = ContinuousClock()
                var reply: HTTPReply?
                let elapsed = try await clock.measure { for _ in 0..<20 { reply = try await client.get(target) } }
                #expect(reply?.status == 200)
                print("list \(target): \(elapsed / 20) per request, \(reply?.body.count ?? 0) bytes")
            }
        }
        let rss =
            (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("VmHWM") } ?? ""
        print("peak memory of the test process: \(rss)")
    }
}
