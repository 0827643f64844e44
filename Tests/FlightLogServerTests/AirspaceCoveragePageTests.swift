import FlightLogAirspace
import FlightLogCore
import FlightLogLogbook
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

/// The phone flight page says what `show` says: a file far from the flight is "no imported airspace covers this
/// flight's area", not "No infringement"; a zone entered twice is one line.
@Suite("Airspace coverage on the phone page", .serialized, .timeLimit(.minutes(3)))
struct AirspaceCoveragePageTests {
    func page(_ file: String, named name: String) async throws -> String {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let id = try logbook.addFlight(
            store: store, track: AnalysisPageTests.thermalTrack(), details: AnalysisPageTests.details)
        try store.storeAirspaceFile(AirspaceFile(name: name, bytes: Array(file.utf8), importedAt: 0))
        return try await withServer(databasePath: logbook.databasePath) { client, _ in
            try await client.get("/flights/\(id)").text.replacing("\u{a0}", with: " ").replacing("&#39;", with: "'")
        }
    }

    @Test func aFileFarAwayIsNotNoInfringement() async throws {
        // 1,000 km north of the track.
        let page = try await page(
            AirspacePageTests.box("CTR", "CTR Far", north: 1_000_000...1_001_000, east: 0...1000), named: "far.txt")
        #expect(page.contains("<h2>Airspace</h2>"))
        #expect(page.contains("No imported airspace covers this flight's area (files: far.txt)."), "\(page)")
        #expect(!page.contains("No infringement"))
    }

    @Test func aZoneEnteredTwiceIsOneLine() async throws {
        // AirspacePageTests' box cut in two along the east leg (flown 0.5 to 1.5 and 2 to 3.5 km east).
        let file =
            AirspacePageTests.box("CTR", "CTR Box", north: -1000...3000, east: 500...1500)
            + AirspacePageTests.box("CTR", "CTR Box", north: -1000...3000, east: 2000...3500)
        let page = try await page(file, named: "boxes.txt")
        let list = try #require(
            page.components(separatedBy: "<ul class=\"faults airspace\">").dropFirst().first?
                .components(separatedBy: "</ul>").first)
        #expect(list.components(separatedBy: "<li>").count == 2, "one line: \(list)")
        #expect(list.contains("2 entries"), "\(list)")
    }
}
