import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

/// The flight page's map with the world under the track: a synthetic flight from Aachen-Merzbrück (EDKA) past
/// Linnich to Vettweiß-Soller, drawn over the shipped airfield data set; and the page's security policy with and
/// without an online tile server.
@Suite("Map airfields on the flight page", .serialized, .timeLimit(.minutes(2)))
struct MapAirfieldsPageTests {
    static let edka = Coordinate(latitude: 50.82305, longitude: 6.18639)
    static let vettweiss = Coordinate(latitude: 50.74750, longitude: 6.56694)

    /// A 50-minute flight, one fix per 2 s: EDKA → north-east to near Linnich → Vettweiß-Soller.
    static func track(start: UTCMillis) -> Track {
        let legs = [Self.edka, Coordinate(latitude: 50.95, longitude: 6.36), Self.vettweiss]
        var fixes: [Fix] = []
        let perLeg = 750
        for leg in 0..<2 {
            for i in 0..<perLeg {
                let t = Double(i) / Double(perLeg), n = leg * perLeg + i
                let a = legs[leg], b = legs[leg + 1]
                let altitude = 190 + 900 * sin(Double.pi * Double(n) / Double(2 * perLeg))
                fixes.append(
                    Fix(
                        time: start + Int64(n) * 2000, latitude: a.latitude + (b.latitude - a.latitude) * t,
                        longitude: a.longitude + (b.longitude - a.longitude) * t, pressureAltitude: altitude,
                        gnssAltitude: altitude + 45))
            }
        }
        fixes.append(
            Fix(
                time: start + Int64(2 * perLeg) * 2000, latitude: vettweiss.latitude, longitude: vettweiss.longitude,
                pressureAltitude: 160, gnssAltitude: 205))
        return Track(recorder: TestLogbook.track(start: start).recorder, fixes: fixes)
    }

    static func get(_ app: WebApp, _ path: String) async -> WebResponse {
        await app.respond(
            to: WebRequest(method: .get, path: path, query: [:], cookies: [:], form: [:], client: "127.0.0.1"))
    }

    /// `left:12.34%;top:56.78%` of the first element that starts with `prefix`, as fractions.
    static func position(after prefix: String, in page: String) -> (x: Double, y: Double)? {
        guard let start = page.range(of: prefix) else { return nil }
        let rest = page[start.upperBound...]
        guard let left = rest.firstMatch(of: /left:([0-9.]+)%;top:([0-9.]+)%/) else { return nil }
        return (Double(left.1)! / 100, Double(left.2)! / 100)
    }

    @Test func theMapShowsTheAirfieldsReleaseAndTurnpointsOfTheFlight() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let start = CivilDate(year: 2025, month: 5, day: 3).utcMidnight + 10 * 3_600_000
        let id = try logbook.addFlight(
            store: store, track: Self.track(start: start), details: FlightDetails(pilot: "A"))
        let app = WebApp(settings: ServerSettings(databasePath: logbook.databasePath, config: FlightLogConfig()))
        let clock = ContinuousClock.now
        let response = await Self.get(app, "/flights/\(id)")
        let elapsed = ContinuousClock.now - clock
        let page = String(decoding: response.body, as: UTF8.self)
        #expect(response.status == 200)
        print("flight page with airfields: \(elapsed)")

        // The take-off and landing fields highlighted, with their runway's direction; fields in view drawn.
        #expect(page.contains("<i class=\"afs takeoff\" style=\""))
        #expect(page.contains("title=\"Aachen-Merzbrück Airport (EDKA), 190 m\"><b style=\"transform:rotate(70deg)\">"))
        #expect(page.contains("<i class=\"afs landing\""))
        #expect(page.contains("title=\"Vettweiß-Soller, 160 m\"><b style=\"transform:rotate(140deg)\">"))
        for inView in ["UL-Flugplatz Linnich", "Stolberg-Diepenlinchen Airfield", "Sonderlandeplatz Morschenich"] {
            #expect(page.contains("title=\"\(inView)"), "\(inView) lies in the view")
        }
        // Fields off the map are not drawn: one 10 km west of the take-off, one 500 km away.
        #expect(!page.contains("Geilenkirchen") && !page.contains("Munich"))
        // The take-off and landing labels name their fields; other names beside the symbols where they fit,
        // without the words that only say what kind of field it is.
        // "Take-off Aachen-Merzbrück" would cover turnpoint 5 or the release's label on the narrowest map: the
        // shorter "Take-off" stands beside its dot instead.
        #expect(page.contains(">Take-off</span>") && page.contains(">Landing Vettweiß-Soller</span>"))
        let names = page.matches(of: /class="lb af[^"]*"[^>]*>([^<]+)</).map { String($0.1) }
        #expect(names.contains("Stolberg-Diepenlinchen"), "\(names)")
        #expect(names.allSatisfy { ["Linnich", "Stolberg-Diepenlinchen", "Morschenich"].contains($0) }, "\(names)")

        // The release (scoring start) at the fix of its time; the turnpoints as numbered squares.
        let flight = try store.flight(id: id), fixes = try store.track(forFlight: id).fixes
        let analysis = try store.analysis(forFlight: id, glider: OwnGlider())
        let window = try #require(analysis.scoringWindow)
        let releaseTime = window.startsAt == .takeoff ? try #require(flight.releaseTime) : window.start
        let releaseFix = try #require(fixes.first { $0.time >= releaseTime })
        let chart = try #require(MapChart(flight: flight, fixes: fixes, faults: [], analysis: analysis))
        let expected = chart.placement.point(releaseFix.coordinate)
        let drawn = try #require(Self.position(after: "<i class=\"rel\"", in: page))
        #expect(abs(drawn.x * MapChart.viewWidth - expected.x) < 0.5)
        #expect(abs(drawn.y * chart.viewHeight - expected.y) < 0.5)
        #expect(page.contains("title=\"Release 12:"), "local time of the release (UTC+2)")
        let route = try #require(analysis.freeSix).turnpoints
        #expect(page.components(separatedBy: "<i class=\"tp\"").count - 1 == route.count)
        #expect(page.contains("title=\"Turnpoint S\">S</i>") && page.contains("title=\"Turnpoint F\">F</i>"))

        // No two labels overlap, and every one stays on the map, at every width.
        let all = chart.labels + chart.airfieldLabels
        #expect(all.allSatisfy { chart.cell.contains($0) })
        var drawnChart = chart
        drawnChart.addAirfields(
            MapAirfields.select(
                try AirfieldCatalog.dataSet(
                    region: AirfieldDataSet.Region(points: [Self.edka], radius: 60_000), runways: true),
                takeoff: flight.takeoffCoordinate, landing: flight.landingCoordinate, radius: 3000,
                centre: Self.edka
            ) { drawnChart.placement.contains(drawnChart.placement.point($0)) })
        let labels = drawnChart.labels + drawnChart.airfieldLabels
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] { #expect(drawnChart.cell.apart(a, b, gap: 0), "\(a.text) / \(b.text)") }
        }
    }

    @Test func onlineTilesAreDrawnAndOnlyTheirHostIsAllowed() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let start = CivilDate(year: 2025, month: 5, day: 3).utcMidnight + 10 * 3_600_000
        let id = try logbook.addFlight(
            store: store, track: Self.track(start: start), details: FlightDetails(pilot: "A"))

        try await withServer(databasePath: logbook.databasePath, config: FlightLogConfig()) { client, _ in
            let reply = try await client.get("/flights/\(id)")
            let policy = try #require(reply.header("Content-Security-Policy"))
            #expect(policy.contains("img-src 'self' data:;"), "\(policy)")
            #expect(!reply.text.contains("<image "), "no tiles configured: no images")
        }

        var config = FlightLogConfig()
        config.server.onlineTiles = TileURLTemplate("https://tile.example.org/{z}/{x}/{y}.png")
        config.server.onlineTilesAttribution = "© Example <b>maps</b>"
        try await withServer(databasePath: logbook.databasePath, config: config) { client, _ in
            let reply = try await client.get("/flights/\(id)")
            let policy = try #require(reply.header("Content-Security-Policy"))
            #expect(policy.contains("img-src 'self' data: https://tile.example.org;"), "\(policy)")
            #expect(policy.contains("default-src 'none'"))
            let page = reply.text
            let images = page.matches(of: /<image href="https:\/\/tile\.example\.org\/(\d+)\/(\d+)\/(\d+)\.png"/)
            #expect(images.count >= 4 && images.count <= MapChart.maxTiles)
            #expect(page.contains("<p class=\"attribution\">Map: © Example maps</p>"))
            // The airfields are drawn over the tiles (after the SVG that holds them), so they work without them.
            let svgEnd = try #require(
                page.range(of: "</svg>", range: page.range(of: "id=\"map\"")!.upperBound..<page.endIndex))
            #expect(page.range(of: "<i class=\"afs takeoff\"")!.lowerBound > svgEnd.lowerBound)
            // Every other kind of response carries the same policy.
            let status = try await client.get("/status")
            #expect(status.header("Content-Security-Policy") == policy)
        }

        // A tile file, when set too, wins: no image from the online server.
        guard MapTilesTests.sqlite3 != nil else { return }
        config.server.mapTiles = logbook.folder + "/map.mbtiles"
        try MapTilesTests.makeFile(
            at: config.server.mapTiles!, tiles: [(3, 4, 2)],
            metadata: ["format": "png", "minzoom": "0", "maxzoom": "18"])
        let both = WebApp(settings: ServerSettings(databasePath: logbook.databasePath, config: config))
        let page = String(decoding: await Self.get(both, "/flights/\(id)").body, as: UTF8.self)
        #expect(page.contains("id=\"map\"") && !page.contains("tile.example.org/"), "the file is configured: it wins")
    }
}
