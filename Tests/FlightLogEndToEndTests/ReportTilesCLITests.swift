import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `flightlog export --report` over the MBTiles file the config names (`[server] map_tiles`): a real SQLite file of
/// PNG tiles of one colour, written with the sqlite3 CLI, lies under the report's map with its attribution; a
/// damaged or missing file is a warning and the report is made on the plain background.
@Suite("flightlog export --report: map tiles", .serialized, .timeLimit(.minutes(3)))
struct ReportTilesCLITests {
    static let tools = ["/usr/bin/sqlite3", "/usr/bin/pdftoppm", "/usr/bin/pdftotext"]
    static var hasTools: Bool { tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) } }

    /// The share of page 1's pixels (72 dpi) in the tiles' colour.
    static func tileShare(_ pdf: URL) throws -> Double {
        let prefix = pdf.path + "-page"
        _ = try runProcess(tools[1], ["-r", "72", "-f", "1", "-l", "1", "-singlefile", pdf.path, prefix])
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: prefix + ".ppm")))
        // P6 header: magic, width, height, maxval, each followed by one whitespace byte.
        var fields = 0, i = 0
        while fields < 4 {
            if data[i] == 0x0A || data[i] == 0x20 { fields += 1 }
            i += 1
        }
        let pixels = (data.count - i) / 3
        let hits: Int = stride(from: i, to: data.count - 2, by: 3).filter { (k: Int) -> Bool in
            TestImages.isTile(Int(data[k]), Int(data[k + 1]), Int(data[k + 2]))
        }.count
        return Double(hits) / Double(pixels)
    }

    @Test("tiles under the report's map; a damaged or missing file warns", .enabled(if: hasTools))
    func reportOverTiles() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let simulated = try CLI.run(
            ["simulate", "--minutes", "5", "--seed", "2", "-o", "s.igc"], database: nil, in: dir)
        try #require(simulated.status == 0, "\(simulated.stderr)")
        try #require(try CLI.run(["import", "s.igc"], database: db, in: dir).status == 0)

        // Zoom 8 only (a tile is about 100 km): the 3 × 3 tiles around Aachen-Merzbrück, where simulate flies, in
        // the layout many tools write: `tiles` a view over one stored image (`images`) and the grid (`map`).
        let tiles = dir.appendingPathComponent("map.mbtiles")
        let png = TestImages.png(side: 64).map { String(format: "%02X", $0) }.joined()
        let (x0, y0) = (132, 85)  // 6.19° E, 50.83° N at zoom 8
        var sql =
            "CREATE TABLE metadata (name text, value text); CREATE TABLE images (tile_id text, tile_data blob); "
            + "CREATE TABLE map (zoom_level integer, tile_column integer, tile_row integer, tile_id text); "
            + "CREATE VIEW tiles AS SELECT zoom_level, tile_column, tile_row, tile_data FROM map JOIN images "
            + "USING (tile_id); INSERT INTO images VALUES ('cyan', X'\(png)'); INSERT INTO metadata VALUES "
            + "('format', 'png'), ('minzoom', '8'), ('maxzoom', '8'), "
            + "('attribution', '<a href=\"https://x.example\">Test maps</a>');"
        for x in (x0 - 1)...(x0 + 1) {
            for y in (y0 - 1)...(y0 + 1) { sql += "INSERT INTO map VALUES (8, \(x), \(255 - y), 'cyan');" }
        }
        try #require(try runProcess(Self.tools[0], [tiles.path], stdin: sql).status == 0)
        let config = dir.appendingPathComponent("flightlog.toml")
        try "[server]\nmap_tiles = \"\(tiles.path)\"\n".write(to: config, atomically: true, encoding: .utf8)

        func report(_ name: String) throws -> (ProcessResult, URL) {
            let out = dir.appendingPathComponent(name)
            let run = try CLI.run(
                ["export", "--report", "1", "-o", out.path, "--config", config.path], database: db, in: dir)
            #expect(run.status == 0 && FileManager.default.fileExists(atPath: out.path), "\(run.stderr)")
            return (run, out)
        }
        let (drawn, withTiles) = try report("tiles.pdf")
        #expect(!drawn.stderr.contains("warning"), "\(drawn.stderr)")
        #expect(try Self.tileShare(withTiles) > 0.15, "the map over the tiles")
        let text = try runProcess(Self.tools[2], ["-f", "1", "-l", "1", withTiles.path, "-"]).stdout
        #expect(text.contains("Map: Test maps"), "the tiles' attribution under the map")

        try Data("not an MBTiles file, not SQLite either".utf8).write(to: tiles)
        let (damaged, plain) = try report("damaged.pdf")
        #expect(damaged.stderr.contains("warning: the map tiles file cannot be used: \(tiles.path) is not a readable"))
        #expect(damaged.stderr.contains("plain background"), "\(damaged.stderr)")
        #expect(try Self.tileShare(plain) == 0)

        // A missing file: the same warning, its reason in words (checked without another export).
        try FileManager.default.removeItem(at: tiles)
        guard case .failure(let error) = LogbookExporter.mapTiles(path: tiles.path) else {
            Issue.record("a missing file opened")
            return
        }
        #expect("\(error)".contains("no readable map tiles file at \(tiles.path) ([server] map_tiles)"))

        // A named pipe in its place: SQLite's open would wait for a writer forever; refused at once instead.
        try #require(mkfifo(tiles.path, 0o600) == 0)
        let (piped, _) = try report("fifo.pdf")
        #expect(piped.stderr.contains("\(tiles.path) is not a regular file"), "\(piped.stderr)")
    }
}
