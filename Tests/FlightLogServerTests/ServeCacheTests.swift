import FlightLogAirspace
import FlightLogCore
import FlightLogLogbook
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

/// `flightlog serve` keeps the parsed airspace between pages, yet an `airspace import` or `remove` made while it
/// runs (another process: here another connection) shows on the next page, without a restart.
@Suite("serve keeps what pages read", .serialized, .timeLimit(.minutes(3)))
struct ServeCacheTests {
    @Test func anAirspaceChangeShowsOnTheNextPageWithoutARestart() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let id = try logbook.addFlight(
            store: store, track: AnalysisPageTests.thermalTrack(), details: AnalysisPageTests.details)
        let inside = AirspacePageTests.box("CTR", "CTR Box", north: -1000...3000, east: 500...3500)
        let other = AirspacePageTests.box("R", "R Other", north: -1000...3000, east: 500...3500)
        try await withServer(databasePath: logbook.databasePath) { client, app in
            let page = { try await client.get("/flights/\(id)").text }
            #expect(try await !page().contains("<h2>Airspace</h2>"))
            try store.storeAirspaceFile(AirspaceFile(name: "a.txt", bytes: Array(inside.utf8), importedAt: 1))
            #expect(try await page().contains("<strong>CTR Box</strong>"))
            #expect(try await page().contains("<strong>CTR Box</strong>"))
            try store.storeAirspaceFile(AirspaceFile(name: "a.txt", bytes: Array(other.utf8), importedAt: 2))
            let replaced = try await page()
            #expect(replaced.contains("<strong>R Other</strong>") && !replaced.contains("CTR Box"))
            #expect(try store.removeAirspaceFile(named: "a.txt"))
            #expect(try await !page().contains("<h2>Airspace</h2>"))
            #expect(try await !page().contains("<h2>Airspace</h2>"))
            // Read four times (none, a.txt, a.txt again, none) for seven pages.
            #expect(app.local?.airspaceCache.loads == 4)
        }
    }

    /// An imported flight edited since: beside the downloads, a note that its IGC file is the original without
    /// the edits; an unedited one has none.
    @Test func anEditedImportedFlightSaysItsIGCFileIsTheOriginal() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        var details = try store.flight(id: ids[0]).details
        details.pilot = "Anna Berg"
        _ = try store.updateDetails(id: ids[0], to: details, editedAt: 1_750_000_000_000)
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let edited = try await client.get("/flights/\(ids[0])").text
            let downloads = try #require(edited.components(separatedBy: "<h2>Downloads</h2>").last)
            let note = try #require(downloads.components(separatedBy: "<h2>").first)
            #expect(note.contains("id=\"igc-original\""), "\(note)")
            #expect(note.contains("original as imported") && note.contains("does not hold the edits"))
            #expect(try await !client.get("/flights/\(ids[1])").text.contains("igc-original"))
        }
    }
}
