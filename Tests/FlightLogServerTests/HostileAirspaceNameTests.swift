import FlightLogCore
import FlightLogLogbook
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

    /// An outline far larger than the map (a country's border, a FIR) is sent only as far as the map shows it.
    @Test func aHugeOutlineAroundTheMapIsSentOnlyWhereItShows() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let id = try logbook.addFlight(
            store: store, track: AnalysisPageTests.thermalTrack(), details: AnalysisPageTests.details)
        // 20,000 points on a circle of 200 km around the track's start: every point far outside the map.
        let centre = Coordinate(latitude: 51.0, longitude: 6.2)
        var file = "AC G\nAN FIR Big\nAL GND\nAH FL100\n"
        for i in 0..<20_000 {
            let p = Geodesy.destination(from: centre, bearing: Double(i) * 360 / 20_000, distance: 200_000)
            file += "DP \(AirspacePageTests.dms(p.latitude, "N")) \(AirspacePageTests.dms(p.longitude, "E"))\n"
        }
        try store.storeAirspaceFile(AirspaceFile(name: "fir.txt", bytes: Array(file.utf8), importedAt: 0))
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/flights/\(id)").text
            let polygon = try #require(
                page.components(separatedBy: "<polygon class=\"airspace\" points=\"").dropFirst().first?
                    .components(separatedBy: "\"").first)
            // The map's rectangle (and its margin) filled: its corners, not the 20,000 points.
            #expect(polygon.split(separator: " ").count <= 12, "\(polygon.prefix(300))")
            #expect(page.contains("<title>FIR Big (G), GND–FL 100</title>"))
        }
    }
}
