import FlightLogAnalysis
import FlightLogCore
import FlightLogServer
import FlightLogStore
import Foundation
import Testing

/// The phone's flight page says when a free distance is not proven yet (its search stopped at the work budget),
/// with its bound, in the words `show` and the report use; once `flightlog analyse --prove` has proven it, not.
@Suite("Unproven contest on the phone page", .serialized, .timeLimit(.minutes(2)))
struct UnprovenContestPageTests {
    @Test func theFlightPageSaysNotProvenYetUntilItIsProven() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let id = try logbook.addFlight(
            store: store, track: AnalysisPageTests.thermalTrack(), details: AnalysisPageTests.details)
        let proven = try store.analysis(forFlight: id, glider: OwnGlider())
        let six = try #require(proven.freeSix)
        var open = proven
        open.freeSixUpperBound = six.meters + 4321
        try store.store(open, forFlight: id)
        let words =
            "\(decimal(six.kilometers, 1)) km (not proven yet: at most \(decimal((six.meters + 4321) / 1000, 1)) km)"
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/flights/\(id)").text.replacing("\u{a0}", with: " ")
            #expect(page.contains("<dt>Free distance</dt><dd>\(words) (6 legs"), "the page lacks: \(words)")
            try store.store(proven, forFlight: id)
            let after = try await client.get("/flights/\(id)").text.replacing("\u{a0}", with: " ")
            #expect(after.contains("<dt>Free distance</dt><dd>\(decimal(six.kilometers, 1)) km (6 legs"))
            #expect(!after.contains("not proven"))
        }
    }
}
