import FlightLogAirspace
import FlightLogCore
import FlightLogLogbook
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

/// The imported airspace on the phone flight page: the infringement listed, outlines in view drawn under the
/// track with their names, outlines far away left out; without airspace the page reads as before.
@Suite("Airspace on the phone page", .serialized, .timeLimit(.minutes(3)))
struct AirspacePageTests {
    /// A box `north`, `east` metres from the track's start (AnalysisPageTests' L: 5 min east at 25 m/s from
    /// 51.0 N 6.2 E, at 1000 m falling 1 m/s).
    static func box(_ cls: String, _ name: String, north: ClosedRange<Double>, east: ClosedRange<Double>) -> String {
        let start = Coordinate(latitude: 51.0, longitude: 6.2)
        let corners = [
            (north.lowerBound, east.lowerBound), (north.lowerBound, east.upperBound),
            (north.upperBound, east.upperBound), (north.upperBound, east.lowerBound),
        ]
        return "AC \(cls)\nAN \(name)\nAL GND\nAH FL100\n"
            + corners.map { c in
                let p = Geodesy.destination(
                    from: Geodesy.destination(from: start, bearing: 0, distance: c.0), bearing: 90, distance: c.1)
                return "DP \(Self.dms(p.latitude, "N")) \(Self.dms(p.longitude, "E"))\n"
            }.joined()
    }

    static func dms(_ degrees: Double, _ hemisphere: String) -> String {
        let seconds = (degrees * 3600).rounded()
        let d = Int(seconds / 3600), m = Int(seconds.truncatingRemainder(dividingBy: 3600) / 60)
        return String(format: "%d:%02d:%02d %@", d, m, Int(seconds) % 60, hemisphere)
    }

    @Test func theInfringementIsListedAndTheOutlinesDrawn() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let id = try logbook.addFlight(
            store: store, track: AnalysisPageTests.thermalTrack(), details: AnalysisPageTests.details)
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let before = try await client.get("/flights/\(id)").text
            #expect(!before.contains("<h2>Airspace</h2>") && !before.contains("class=\"airspace\""))
        }
        // Flown through from 0.5 to 3.5 km east (seconds 20 to 140); 500 m south of the east leg (not entered);
        // one 100 km away (not in view).
        let file =
            Self.box("CTR", "CTR Box", north: -1000...3000, east: 500...3500)
            + Self.box("R", "R South", north: -3000 ... -500, east: 4000...6000)
            + Self.box("D", "D Far", north: 100_000...101_000, east: 0...1000)
        try store.storeAirspaceFile(AirspaceFile(name: "boxes.txt", bytes: Array(file.utf8), importedAt: 0))
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/flights/\(id)").text.replacing("\u{a0}", with: " ")
            #expect(page.contains("<h2>Airspace</h2>"))
            let item = try #require(
                page.components(separatedBy: "<ul class=\"faults airspace\">").dropFirst().first?
                    .components(separatedBy: "</ul>").first)
            #expect(item.components(separatedBy: "<li>").count == 2, "one infringement: \(item)")
            #expect(item.contains("<strong>CTR Box</strong> GND–FL 100: 12:00:"), "\(item)")  // 10:00 UTC, CEST
            #expect(item.contains("UTC (2 min") || item.contains("UTC (1 min 5"), "\(item)")
            #expect(page.contains("MSL: GNSS altitude (no QNH given)"))
            // Two outlines in view, under the track (before its first polyline); the far one left out.
            let polygons = page.components(separatedBy: "<polygon class=\"airspace\"").count - 1
            #expect(polygons == 2, "\(polygons) outlines")
            #expect(!page.contains("D Far"))
            let svg = try #require(page.range(of: "<polygon class=\"airspace\""))
            let track = try #require(page.range(of: "<polyline"))
            #expect(svg.lowerBound < track.lowerBound, "the outlines lie under the track")
            #expect(page.contains("#1f5fbf") && page.contains("#c62828"), "a colour per kind")
            #expect(page.contains(">CTR Box</span>"), "the name where it fits")
        }
    }
}
