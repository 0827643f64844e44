import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

/// The barogram–map link (its data block and same-origin script under the CSP) and the desktop flight table.
@Suite("Barogram-map cursor and desktop table", .serialized, .timeLimit(.minutes(3)))
struct FlightCursorTests {
    /// The page's JSON block, decoded: column name → values (`nil` for `null`).
    static func cursorData(_ page: String) throws -> [String: [Double?]] {
        let open = "<script type=\"application/json\" id=\"cursor-data\">"
        let block = try #require(
            page.components(separatedBy: open).dropFirst().first?.components(separatedBy: "</script>").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: [Any]])
        return object.mapValues { $0.map { ($0 as? NSNumber)?.doubleValue } }
    }

    @Test func flightPageHoldsTheCursorDataOnTheMapsProjection() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        let track = TestLogbook.track(start: CivilDate(year: 2025, month: 5, day: 3).utcMidnight + 9 * 3_600_000)
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/flights/\(ids[0])").text
            let data = try Self.cursorData(page)
            let fx = try #require(data["fx"]).map { $0 ?? -1 }
            // 600 fixes at 2 s: every one is a cursor point, from the barogram's left edge to its right.
            #expect(fx.count == 600 && fx.first == 0 && fx.last == 1 && fx == fx.sorted())
            for name in ["x", "y", "t", "p", "g", "v", "s"] { #expect(data[name]?.count == fx.count, "\(name)") }
            // Local time (UTC+2) of the first and last fix, and the first fix's altitudes.
            #expect(data["t"]?.first == 11 * 3600 && data["t"]?.last == Double(11 * 3600 + 599 * 2))
            #expect(data["p"]?.first == 100 && data["g"]?.first == 145)
            // The first fix is the take-off: its map place is the take-off dot's (the map's own placement).
            let dot = try #require(page.firstMatch(of: /class="dot takeoff" style="left:([\d.]+)%;top:([\d.]+)%"/))
            #expect(abs(try #require(data["x"]?.first ?? nil) - Double(dot.1)!) < 0.02)
            #expect(abs(try #require(data["y"]?.first ?? nil) - Double(dot.2)!) < 0.02)
            // Climbing in the first half, sinking in the second; speeds of a glider, not of a jet.
            let vario = try #require(data["v"]).compactMap { $0 }
            #expect(vario[100] > 0 && vario[500] < 0)
            let speeds = try #require(data["s"]).compactMap { $0 }
            #expect(speeds.count == 600 && speeds.allSatisfy { $0 >= 0 && $0 < 200 })
            #expect(track.fixes.count == 600)
            // The script from this site, after the data; nothing inline.
            #expect(page.contains("<script src=\"/static/flight.js?v="))
            let scripts = page.components(separatedBy: "<script").dropFirst()
            #expect(scripts.count == 2)
            #expect(
                scripts.allSatisfy { $0.hasPrefix(" type=\"application/json\"") || $0.hasPrefix(" src=\"/static/") })
            // A flight entered by hand has no barogram: no data, no script.
            let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
            let manual = try store.addManualFlight(
                Flight(
                    takeoffTime: 1_750_000_000_000, landingTime: 1_750_003_600_000,
                    takeoffCoordinate: Coordinate(latitude: 0, longitude: 0),
                    landingCoordinate: Coordinate(latitude: 0, longitude: 0), source: .manual, hasBarometer: false))
            #expect(!(try await client.get("/flights/\(manual)").text.contains("<script")))
        }
    }

    @Test func scriptIsServedFromThisSiteAndTheCSPAllowsNoOtherScript() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        try await withRealServer(databasePath: logbook.databasePath) { client, _ in
            let page = try await client.get("/flights/\(ids[0])")
            let csp = try #require(page.header("content-security-policy"))
            let directives = csp.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(directives.contains("script-src 'self'"), "\(csp)")
            #expect(directives.contains("default-src 'none'"))
            #expect(!directives.contains { $0.hasPrefix("script-src") && $0.contains("unsafe") })
            #expect(page.header("cache-control") == "no-store")
            let path = try #require(page.text.firstMatch(of: /src="(\/static\/flight\.js\?v=[0-9a-f]{8})"/)?.1)
            let script = try await client.get(String(path))
            #expect(script.status == 200)
            #expect(script.header("content-type") == "text/javascript; charset=utf-8")
            #expect(script.header("cache-control") == "public, max-age=31536000, immutable", "only its own")
            #expect(script.header("content-security-policy") == csp)
            #expect(script.text.contains("getElementById('cursor-data')") && script.text.contains("ArrowRight"))
            #expect(try await client.get("/static/other.js").status == 404)
        }
    }

    @Test func listHasADesktopTableWithContestKilometres() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            _ = try await client.get("/flights/\(ids[1])")  // analyses and keeps the analysis
            let page = try await client.get("/").text
            let table = try #require(page.components(separatedBy: "<div class=\"flights-table\">").dropFirst().first)
            for head in [
                "Date", "Take-off", "Duration", "Glider", "Registration", "Pilot", "Instructor / guest", "Launch",
                "Places", "Contest km",
            ] {
                #expect(table.contains(">\(head)</th>"), "\(head)")
            }
            let rows = table.components(separatedBy: "<tr><td>").dropFirst()
            #expect(rows.count == 3)
            let second = try #require(rows.first { $0.contains("href=\"/flights/\(ids[1])\"") })
            #expect(second.contains("<td>Çağrı Şahin (guest)</td>") && second.contains("<td>D-1234</td>"))
            #expect(second.contains("<td class=\"num\">15:00</td>") && second.contains("<td>Aerotow</td>"))
            let store = try FlightStore(path: logbook.databasePath, mode: .readOnly)
            let analysed = try #require(try store.contestSummaries()[ids[1]])
            #expect(second.hasSuffix("<td class=\"num\">\(decimal(analysed.freeSixKm, 1))</td></tr>"))
            let first = try #require(rows.first { $0.contains("href=\"/flights/\(ids[0])\"") })
            #expect(first.contains("<td class=\"num\">—</td></tr>"), "not analysed yet: a dash")
            #expect(page.contains("@media (min-width:1000px){ul.flights{display:none}.flights-table{display:block"))
        }
    }

    /// The cursor's points stay few on a long flight, lose no time span, and have no place without a position.
    @Test func cursorThinsALongTrackAndLeavesUnknownPlacesOut() throws {
        let start: UTCMillis = 1_750_000_000_000
        var fixes = (0..<10_800).map { i in
            Fix(
                time: start + Int64(i) * 1000, isValid: true, latitudeE7: 510_000_000 + Int32(i) * 100,
                longitudeE7: 70_000_000, pressureAltitudeDm: 5000, gnssAltitudeDm: 5200)
        }
        for i in 5000..<5600 { fixes[i].isValid = false }
        let flight = Flight(
            takeoffTime: start, landingTime: fixes.last!.time, takeoffCoordinate: fixes[0].coordinate,
            landingCoordinate: fixes.last!.coordinate, source: .imported(fileName: "a.igc", sha256: "00"))
        let map = try #require(MapChart(flight: flight, fixes: fixes, faults: []))
        let cursor = try #require(TrackCursor(flight: flight, fixes: fixes, placement: map.placement))
        #expect(cursor.points.count == TrackCursor.maxPoints)
        #expect(cursor.points.first?.fx == 0 && cursor.points.last?.fx == 1)
        let unplaced = cursor.points.filter { $0.mapX == nil }
        #expect(!unplaced.isEmpty && unplaced.allSatisfy { $0.fx > 0.46 && $0.fx < 0.52 })
        // Due north at 1.1 m/s: 4 km/h, level.
        #expect(cursor.points.allSatisfy { $0.vario == 0 && $0.groundSpeed.map { abs($0 - 4.0) < 0.1 } ?? true })
        #expect(!cursor.json.contains("nan") && cursor.json.hasPrefix("{\"fx\":[0.0000,"))
    }
}
