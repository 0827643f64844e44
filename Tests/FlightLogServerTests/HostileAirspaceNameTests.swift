import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

/// An OpenAir file's names, classes and types reach the phone page (and the PDF report and the terminal): markup
/// in them is escaped, and the invisible characters that steer a terminal or reorder the text around them
/// (controls, bidirectional overrides) never get there.
@Suite("Hostile airspace names on the phone page", .serialized, .timeLimit(.minutes(3)))
struct HostileAirspaceNameTests {
    @Test func aNameWithMarkupControlsAndAnOverrideReadsAsPlainText() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let id = try logbook.addFlight(
            store: store, track: AnalysisPageTests.thermalTrack(), details: AnalysisPageTests.details)
        let name = "<svg onload=alert(1)>\u{1B}[31m CTR\u{202E}Box\u{7}"
        let file = AirspacePageTests.box("CTR\u{1B}", name, north: -1000...3000, east: 500...3500)
        try store.storeAirspaceFile(AirspaceFile(name: "boxes.txt", bytes: Array(file.utf8), importedAt: 0))
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/flights/\(id)").text
            #expect(!page.contains("<svg onload"))
            #expect(page.contains("&lt;svg onload=alert(1)&gt; [31m CTR Box"), "\(page.count) bytes")
            for steering in ["\u{1B}", "\u{202E}", "\u{7}"] { #expect(!page.contains(steering)) }
        }
    }
}
