import CPangoCairo
import FlightLogCore
import Foundation

/// The report map's background: the raster tiles of the user's MBTiles file (``FlightReportOptions/mapTiles``)
/// under the track, the map then drawn in Web Mercator as on the phone.
extension Charts {
    /// The tiles are put together into one image of the map at this many pixels per inch (the PNG report's
    /// resolution), whatever zoom they come from: the PDF holds the map's pixels once and no more (about
    /// 1,100 × 700 on A4), and neighbouring tiles show no seam.
    static let tileDPI = 150.0
    /// Most tiles read for one map (the zoom chosen puts 5 to 9 across the A4 map).
    static let maxTiles = 150

    /// A tile's address and its square on the map, in points from the map's top left corner.
    struct TilePlace {
        var z, x, y: Int
        var left, top, size: Double
    }

    /// The tiles covering a map of `width` × `height` points around `centre` (projected metres) at `scale` points
    /// per projected metre: from the coarsest zoom whose 256-pixel tiles have at least ``tileDPI`` on the page
    /// (within `zooms`), west to east, north to south; columns past 180° wrap around, rows beyond the poles are
    /// left out. Empty when that takes more than ``maxTiles``.
    static func tilePlaces(
        zooms: ClosedRange<Int>, width: Double, height: Double, centre: (e: Double, n: Double), scale: Double
    ) -> [TilePlace] {
        let pixelsPerMetre = tileDPI / 72 * scale
        let wanted = Int(log2(pixelsPerMetre * 2 * WebMercator.halfWorld / 256).rounded(.up))
        let z = min(max(wanted, zooms.lowerBound), zooms.upperBound)
        let span = WebMercator.tileSpan(zoom: z), count = 1 << z
        func column(_ e: Double) -> Int { Int(((e + WebMercator.halfWorld) / span).rounded(.down)) }
        func row(_ n: Double) -> Int { Int(((WebMercator.halfWorld - n) / span).rounded(.down)) }
        let west = column(centre.e - width / 2 / scale), east = column(centre.e + width / 2 / scale)
        let north = max(0, row(centre.n + height / 2 / scale))
        let south = min(count - 1, row(centre.n - height / 2 / scale))
        guard north <= south, east - west < count, (east - west + 1) * (south - north + 1) <= maxTiles else {
            return []
        }
        return (north...south).flatMap { y in
            (west...east).map { c in
                TilePlace(
                    z: z, x: (c % count + count) % count, y: y,
                    left: width / 2 + (Double(c) * span - WebMercator.halfWorld - centre.e) * scale,
                    top: height / 2 - (WebMercator.halfWorld - Double(y) * span - centre.n) * scale,
                    size: span * scale)
            }
        }
    }

    /// Draws `tiles` into the map at `x, y, width, height` (its centre at projected `centre`, `scale` points per
    /// projected metre); a tile the file lacks, or one that cannot be read, leaves the plain background. Returns
    /// how many were drawn and, in words, what could not be.
    func tileLayer(
        _ tiles: ReportMapTiles, x: Double, y: Double, width: Double, height: Double, centre: (e: Double, n: Double),
        scale: Double
    ) -> (drawn: Int, notes: [String]) {
        let places = Charts.tilePlaces(zooms: tiles.zooms, width: width, height: height, centre: centre, scale: scale)
        guard !places.isEmpty else {
            return (0, ["the map tiles file has no zoom level coarse enough for this map (it holds \(tiles.zooms))"])
        }
        let k = Charts.tileDPI / 72
        guard
            let image = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32((width * k).rounded(.up)), Int32((height * k).rounded(.up)))
        else { return (0, ["no memory for the map tiles"]) }
        defer { cairo_surface_destroy(image) }
        let cr = cairo_create(image)
        defer { cairo_destroy(cr) }
        cairo_scale(cr, k, k)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)  // whole pixels: neighbours meet without a seam
        var drawn = 0, failed: [String] = []
        for place in places {
            let tile: TileImage
            do {
                guard let bytes = try tiles.tile(place.z, place.x, place.y) else { continue }
                tile = try TileImage(bytes)
            } catch {
                failed.append("\(place.z)/\(place.x)/\(place.y): \(error)")
                continue
            }
            cairo_save(cr)
            cairo_translate(cr, place.left, place.top)
            cairo_scale(cr, place.size / Double(tile.width), place.size / Double(tile.height))
            cairo_set_source_surface(cr, tile.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_rectangle(cr, 0, 0, Double(tile.width), Double(tile.height))
            cairo_fill(cr)
            cairo_restore(cr)
            drawn += 1
        }
        cairo_surface_flush(image)
        if drawn > 0 {
            canvas.save()
            cairo_translate(canvas.cr, x, y)
            cairo_scale(canvas.cr, 1 / k, 1 / k)
            cairo_set_source_surface(canvas.cr, image, 0, 0)
            cairo_paint(canvas.cr)
            canvas.restore()
        }
        guard let first = failed.first else { return (drawn, []) }
        let count = failed.count == 1 ? "1 map tile" : "\(failed.count) map tiles"
        return (drawn, ["\(count) could not be drawn, the map shows its plain background there (tile \(first))"])
    }

    /// The tiles' attribution, in small grey type under the map's right edge ("Map: …", HTML tags dropped).
    func tileAttribution(_ text: String, x: Double, y: Double, width: Double) {
        let plain = text.replacing(/<[^>]*>/, with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !plain.isEmpty else { return }
        canvas.text("Map: " + plain, x: x, y: y + 2, width: width, TextStyle(size: 6, color: .grey, align: .right))
    }
}
