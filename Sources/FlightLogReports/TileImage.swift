import CJPEG
import CPangoCairo

/// Raster map tiles for the report's map, read by the caller (the user's MBTiles file): drawn under the track.
package struct ReportMapTiles: Sendable {
    /// The zoom levels the file holds.
    package var zooms: ClosedRange<Int>
    /// The words the tiles' licence asks for (HTML tags are dropped), printed under the map; may be empty.
    package var attribution: String
    /// The PNG or JPEG image at slippy-map address z/x/y (y from the north); `nil` where the file has none.
    package var tile: @Sendable (_ z: Int, _ x: Int, _ y: Int) throws -> [UInt8]?

    package init(
        zooms: ClosedRange<Int>, attribution: String, tile: @escaping @Sendable (Int, Int, Int) throws -> [UInt8]?
    ) {
        self.zooms = zooms
        self.attribution = attribution
        self.tile = tile
    }
}

/// One map tile decoded into a cairo image surface: PNG by cairo, JPEG by libjpeg (CJPEG).
final class TileImage {
    let surface: OpaquePointer
    let width: Int, height: Int
    /// Tiles are 256 or 512 pixels; a larger size is refused before any memory is taken for it.
    static let maxSide = 1024

    init(_ bytes: [UInt8]) throws(ReportError) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // The IHDR chunk comes first: width and height, big-endian, at bytes 16 and 20.
            guard bytes.count > 24 else { throw ReportError("a PNG map tile is cut short") }
            let side = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            try Self.check(side(16), side(20))
            surface = try Self.png(bytes)
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            surface = try Self.jpeg(bytes)
        } else {
            throw ReportError("a map tile is neither PNG nor JPEG (WebP and vector tiles are not drawn in the report)")
        }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    private static func check(_ width: Int, _ height: Int) throws(ReportError) {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw ReportError("a map tile claims \(width) × \(height) pixels (at most \(maxSide) a side are drawn)")
        }
    }

    private static func png(_ bytes: [UInt8]) throws(ReportError) -> OpaquePointer {
        let reader = ByteReader(bytes)
        let read: cairo_read_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<ByteReader>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard reader.bytes.count - reader.offset >= count else { return CAIRO_STATUS_READ_ERROR }
            reader.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + reader.offset, count: count) }
            reader.offset += count
            return CAIRO_STATUS_SUCCESS
        }
        let opaque = Unmanaged.passRetained(reader)
        defer { opaque.release() }
        guard let surface = cairo_image_surface_create_from_png_stream(read, opaque.toOpaque()) else {
            throw ReportError("a PNG map tile could not be read")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw ReportError("a PNG map tile is damaged (\(String(cString: cairo_status_to_string(status))))")
        }
        return surface
    }

    private static func jpeg(_ bytes: [UInt8]) throws(ReportError) -> OpaquePointer {
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        func damaged() -> ReportError {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return ReportError("a JPEG map tile is damaged (\(text))")
        }
        guard flightlog_jpeg_read(bytes, UInt(bytes.count), &width, &height, nil, 0, &message) == 0 else {
            throw damaged()
        }
        try check(Int(width), Int(height))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw ReportError("no memory for a map tile") }
        cairo_surface_flush(surface)
        let done = flightlog_jpeg_read(
            bytes, UInt(bytes.count), &width, &height, cairo_image_surface_get_data(surface),
            cairo_image_surface_get_stride(surface), &message)
        cairo_surface_mark_dirty(surface)
        guard done == 0 else {
            cairo_surface_destroy(surface)
            throw damaged()
        }
        return surface
    }
}

/// The PNG bytes cairo reads from.
private final class ByteReader {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}
