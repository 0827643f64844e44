import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogReports

/// The report's map over the raster tiles of an MBTiles file: PNG and JPEG tiles under the track at the printed
/// resolution, a missing tile leaving the plain background, a damaged one a note, the attribution under the map.
@Suite("Report map tiles")
struct MapTilesReportTests {
    typealias Pixels = ReportAnalysisTests.Pixels
    /// The fixture flight, analysed once.
    static let fixture = ReportAnalysisTests.analysed(seconds: 1800)

    /// Renders page 1 with `tiles` and rasterises it (1 pixel per point).
    static func render(_ tiles: ReportMapTiles?, _ name: String) throws -> (Pixels, Charts.Frame, String) {
        let (flight, fixes, analysis) = fixture
        var options = FlightReportOptions()
        options.mapTiles = tiles
        let (bytes, layout) = try FlightReport.renderWithLayout(
            flight: flight, fixes: fixes, analysis: analysis, format: .pdf, options: options)
        let path = Tool.scratch("map-tiles") + "/\(name).pdf"
        try Tool.save(bytes, to: path)
        Tool.keep(path, as: "report-tiles-\(name).pdf")
        return (try Pixels(pdf: path, page: 1), try #require(layout.map), path)
    }

    /// The share of the map's pixels (a grid inside its frame) that `kind` accepts.
    static func share(_ pixels: Pixels, _ map: Charts.Frame, _ kind: (Int, Int, Int) -> Bool) -> Double {
        var hits = 0, all = 0
        for y in stride(from: map.y + 4, to: map.y + map.height - 4, by: 3) {
            for x in stride(from: map.x + 4, to: map.x + map.width - 4, by: 3) {
                all += 1
                if pixels.has(kind, near: x, y, radius: 0) { hits += 1 }
            }
        }
        return Double(hits) / Double(all)
    }

    /// Positions along the track, every 200th fix.
    static func trackPoints(_ map: Charts.Frame) throws -> [(x: Double, y: Double)] {
        let fixes = fixture.1
        let place = try #require(map.place)
        return stride(from: 0, to: fixes.count, by: 200).map { place(fixes[$0].coordinate) }
    }

    @Test("PNG tiles lie under the track, at 150 dpi", .enabled(if: ReportAnalysisTests.hasPpm))
    func pngTilesUnderTheTrack() throws {
        let png = TestImages.png()
        let tiles = ReportMapTiles(zooms: 0...18, attribution: "<a href=\"https://x.example\">Test maps</a>") {
            _, _, _ in png
        }
        let (pixels, map, path) = try Self.render(tiles, "png")
        #expect(map.tiles > 0 && map.notes.isEmpty, "\(map.notes)")
        #expect(Self.share(pixels, map, TestImages.isTile) > 0.6, "the map is the tiles' colour")
        for p in try Self.trackPoints(map) {
            #expect(pixels.has(TestImages.isTile, near: p.x, p.y, radius: 5), "tile colour beside the track at \(p)")
        }
        let text = try Tool.run("pdftotext", ["-f", "1", "-l", "1", path, "-"])
        #expect(text.contains("Map: Test maps"), "the attribution under the map, tags dropped")
        // One image of the map's box at the printed resolution, however many tiles went into it.
        if Tool.exists("pdfimages") {
            let images = try Tool.run("pdfimages", ["-list", path]).split(separator: "\n").dropFirst(2)
            #expect(images.count == 1, "\(images)")
            let width = images.first.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[3]) }
            #expect(width == Int((map.width * Charts.tileDPI / 72).rounded(.up)))
        }
    }

    @Test("without tiles the map has its plain background", .enabled(if: ReportAnalysisTests.hasPpm))
    func noTiles() throws {
        let (plain, plainMap, plainPath) = try Self.render(nil, "none")
        #expect(Self.share(plain, plainMap, TestImages.isTile) == 0, "no tiles: the plain background")
        #expect(plainMap.tiles == 0 && plainMap.notes.isEmpty)
        #expect(!(try Tool.run("pdftotext", ["-f", "1", "-l", "1", plainPath, "-"])).contains("Map:"))
    }

    @Test(
        "JPEG tiles are drawn; a missing tile leaves the background, a damaged one is a note",
        .enabled(if: ReportAnalysisTests.hasPpm))
    func jpegMissingAndDamaged() throws {
        let tiles = ReportMapTiles(zooms: 0...18, attribution: "") { z, x, y -> [UInt8]? in
            if x % 2 == 1 { return nil }
            if y % 2 == 1 { return [0xFF, 0xD8, 0xFF, 0xE0, 0, 0] }  // a JPEG cut short
            return TestImages.jpeg
        }
        let (pixels, map, path) = try Self.render(tiles, "jpeg")
        let share = Self.share(pixels, map, TestImages.isTile)
        #expect(share > 0.1 && share < 0.5, "a quarter of the tiles drawn: \(share)")
        let paper = Self.share(pixels, map) { r, g, b in r > 240 && g > 240 && b > 240 }
        #expect(paper > 0.3, "where tiles are missing or damaged, the plain background: \(paper)")
        #expect(map.notes.count == 1 && map.notes[0].contains("could not be drawn"), "\(map.notes)")
        #expect(map.notes.first?.contains("JPEG map tile is damaged") == true, "\(map.notes)")
        #expect(!(try Tool.run("pdftotext", ["-f", "1", "-l", "1", path, "-"])).contains("Map:"), "no attribution")
    }

    @Test("the zoom gives the printed resolution or a little more, within the file's zooms")
    func zoomChoice() {
        let width = 523.0, height = 380.0
        let scale = 0.004  // points per projected metre: a map about 130 km across
        let places = Charts.tilePlaces(zooms: 0...18, width: width, height: height, centre: (7e5, 6.6e6), scale: scale)
        let z = try? #require(places.first?.z)
        let dpi = places.first.map { 256 / $0.size * 72 } ?? 0
        #expect(dpi >= Charts.tileDPI && dpi < 2 * Charts.tileDPI, "tiles at \(dpi) dpi (zoom \(z ?? -1))")
        // The tiles cover the map and no more than a tile beyond it.
        let left = places.map(\.left).min() ?? 0, right = places.map { $0.left + $0.size }.max() ?? 0
        let top = places.map(\.top).min() ?? 0, bottom = places.map { $0.top + $0.size }.max() ?? 0
        #expect(left <= 0 && right >= width && top <= 0 && bottom >= height)
        #expect(left > -places[0].size && top > -places[0].size)
        #expect(places.count <= Charts.maxTiles)
        // A file whose finest zoom is coarser: its tiles, enlarged. One whose coarsest is far finer: none.
        let coarse = Charts.tilePlaces(zooms: 0...5, width: width, height: height, centre: (7e5, 6.6e6), scale: scale)
        #expect(coarse.allSatisfy { $0.z == 5 } && !coarse.isEmpty)
        #expect(
            Charts.tilePlaces(zooms: 16...18, width: width, height: height, centre: (7e5, 6.6e6), scale: scale)
                .isEmpty)
    }
}
