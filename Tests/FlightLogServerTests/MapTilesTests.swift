import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

/// The offline background map: a real MBTiles file (made with the sqlite3 CLI) served at /tiles/z/x/y.png with
/// the TMS row flip, and drawn under the track of the flight page only where the file has tiles.
@Suite("Offline map tiles", .serialized, .timeLimit(.minutes(3)))
struct MapTilesTests {
    static let sqlite3 = ["/usr/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// An MBTiles file holding `tiles` (z, x, y from the north) with bytes naming their address.
    static func makeFile(at path: String, tiles: [(z: Int, x: Int, y: Int)], metadata: [String: String]) throws {
        var sql =
            "CREATE TABLE metadata (name text, value text);"
            + "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);"
        for (name, value) in metadata { sql += "INSERT INTO metadata VALUES ('\(name)', '\(value)');" }
        for t in tiles {
            let hex = Array("tile \(t.z)/\(t.x)/\(t.y)".utf8).map { String(format: "%02X", $0) }.joined()
            sql += "INSERT INTO tiles VALUES (\(t.z), \(t.x), \((1 << t.z) - 1 - t.y), X'\(hex)');"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sqlite3!)
        process.arguments = [path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// Slippy-map tile of a coordinate, by the usual formula (independent of WebMercator).
    static func tile(_ c: Coordinate, zoom z: Int) -> (x: Int, y: Int) {
        let n = Double(1 << z), lat = c.latitude * Double.pi / 180
        return (Int((c.longitude + 180) / 360 * n), Int((1 - log(tan(lat) + 1 / cos(lat)) / Double.pi) / 2 * n))
    }

    @Test(.enabled(if: sqlite3 != nil, "needs the sqlite3 CLI"))
    func tilesAreServedAndDrawnUnderTheTrack() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        let store = try FlightStore(path: logbook.databasePath, mode: .readOnly)
        let flight = try store.flight(id: ids[0]), fixes = try store.track(forFlight: ids[0]).fixes
        // The zoom the map chooses, and the tile under the takeoff at that zoom.
        let chart = try #require(MapChart(flight: flight, fixes: fixes, faults: [], tileZooms: 0...18))
        let z = try #require(chart.tiles.first?.z)
        let home = Self.tile(flight.takeoffCoordinate, zoom: z)
        let drawn = try #require(chart.tiles.first { $0.x == home.x && $0.y == home.y }, "the takeoff's tile is drawn")
        let at = (x: chart.takeoff.x * MapChart.viewWidth, y: chart.takeoff.y * chart.viewHeight)
        #expect(
            at.x >= drawn.left && at.x <= drawn.left + drawn.size && at.y >= drawn.top
                && at.y <= drawn.top + drawn.size,
            "the takeoff dot lies on its tile")
        #expect(chart.tiles.count >= 4 && chart.tiles.count <= MapChart.maxTiles)

        let file = logbook.folder + "/map.mbtiles"
        try Self.makeFile(
            at: file, tiles: [(z, home.x, home.y), (3, 4, 2)],
            metadata: ["format": "png", "minzoom": "0", "maxzoom": "18", "attribution": "<a>Test maps</a>"])
        var config = FlightLogConfig()
        config.server.mapTiles = file
        let app = WebApp(settings: ServerSettings(databasePath: logbook.databasePath, config: config))
        func get(_ path: String) async -> WebResponse {
            await app.respond(
                to: WebRequest(method: .get, path: path, query: [:], cookies: [:], form: [:], client: "127.0.0.1"))
        }
        let served = await get("/tiles/3/4/2.png")
        #expect(served.status == 200 && served.contentType == "image/png")
        #expect(String(decoding: served.body, as: UTF8.self) == "tile 3/4/2", "TMS row 5 is y 2 at zoom 3")
        for missing in [
            "/tiles/3/4/5.png", "/tiles/3/8/2.png", "/tiles/3/4/2.jpg", "/tiles/25/0/0.png", "/tiles/3/x/2.png",
            "/tiles/3/4/2",
        ] {
            #expect(await get(missing).status == 404, "\(missing)")
        }
        let page = String(decoding: await get("/flights/\(ids[0])").body, as: UTF8.self)
        #expect(page.contains("<image href=\"/tiles/\(z)/\(home.x)/\(home.y).png\""))
        #expect(page.components(separatedBy: "<image ").count - 1 == 1, "only the tile the file holds")
        #expect(page.contains("<p class=\"attribution\">Map: Test maps</p>"))

        let plain = WebApp(settings: ServerSettings(databasePath: logbook.databasePath, config: FlightLogConfig()))
        let without = await plain.respond(
            to: WebRequest(
                method: .get, path: "/flights/\(ids[0])", query: [:], cookies: [:], form: [:], client: "127.0.0.1"))
        #expect(!String(decoding: without.body, as: UTF8.self).contains("<image "), "no file: today's map")
        #expect(
            await plain.respond(
                to: WebRequest(
                    method: .get, path: "/tiles/3/4/2.png", query: [:], cookies: [:], form: [:], client: "127.0.0.1")
            ).status == 404)
    }
}
