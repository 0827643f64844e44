import CPangoCairo
import Foundation

/// RGB colour, components 0...1.
struct Color {
    var r, g, b: Double
    static let black = Color(r: 0.1, g: 0.1, b: 0.12)
    static let grey = Color(r: 0.42, g: 0.44, b: 0.48)
    static let rule = Color(r: 0.72, g: 0.74, b: 0.78)
    static let band = Color(r: 0.95, g: 0.96, b: 0.98)
    static let header = Color(r: 0.87, g: 0.90, b: 0.95)
    static let accent = Color(r: 0.12, g: 0.32, b: 0.62)
    static let gnss = Color(r: 0.55, g: 0.55, b: 0.6)
    static let takeoff = Color(r: 0.1, g: 0.6, b: 0.2)
    static let landing = Color(r: 0.8, g: 0.15, b: 0.15)
    static let release = Color(r: 0.85, g: 0.5, b: 0.05)
    static let white = Color(r: 1, g: 1, b: 1)
    /// Recording faults on the barogram: a pale amber band, its label in dark amber.
    static let faultBand = Color(r: 0.99, g: 0.89, b: 0.70)
    static let fault = Color(r: 0.62, g: 0.36, b: 0.02)
}

/// Text styling for one call of ``Canvas/text``.
struct TextStyle {
    var size: Double = 8
    var bold = false
    var color = Color.black
    var align: Align = .left
    /// Lines allowed before the rest is ellipsized (wraps at word boundaries when > 1).
    var maxLines = 1

    enum Align { case left, center, right }
}

/// A cairo drawing context with one reusable pango layout, set up for vector output: 72 dpi (1 unit = 1 pt),
/// no hinting, unrounded glyph positions. Not thread-safe (pango is not); create one per render.
final class Canvas {
    let cr: OpaquePointer
    private let layout: OpaquePointer
    private let font: OpaquePointer

    static let fontFamily = "DejaVu Sans"

    init(surface: OpaquePointer) {
        cr = cairo_create(surface)
        layout = pango_cairo_create_layout(cr)
        Canvas.configure(pango_layout_get_context(layout))
        pango_layout_context_changed(layout)
        font = pango_font_description_from_string(Canvas.fontFamily)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    }

    deinit {
        pango_font_description_free(font)
        g_object_unref(UnsafeMutableRawPointer(layout))
        cairo_destroy(cr)
    }

    /// 72 dpi (pango assumes 96, a PDF measures in points) and hinting off (vector output: exact glyph places).
    static func configure(_ context: OpaquePointer?) {
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// Throws unless fontconfig finds a font that covers Latin with diacritics and Greek (with no
    /// fonts pango draws nothing and says nothing).
    static func checkFonts() throws(ReportError) {
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        configure(context)
        let description = pango_font_description_from_string("\(fontFamily) 10")
        defer { pango_font_description_free(description) }
        guard let loaded = pango_context_load_font(context, description) else { throw .noFont }
        g_object_unref(UnsafeMutableRawPointer(loaded))
        let probe = pango_layout_new(context)
        defer { g_object_unref(UnsafeMutableRawPointer(probe)) }
        pango_layout_set_font_description(probe, description)
        pango_layout_set_text(probe, "Müller, Jürgen · Øyvind Ærø · Ιωάννης · Çağrı Şahin · Łódź", -1)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(probe, &width, &height)
        if pango_layout_get_unknown_glyphs_count(probe) != 0 || width == 0 { throw .noFont }
    }

    // MARK: Text

    /// Draws `text` with its top-left at (`x`, `y`) in a box `width` wide (ellipsized to fit); returns the height.
    @discardableResult
    func text(_ text: String, x: Double, y: Double, width: Double? = nil, _ style: TextStyle = TextStyle()) -> Double {
        prepare(text, width: width, style)
        set(style.color)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
        return size().height
    }

    /// The size of `text` set in `style` (no width limit).
    func measure(_ text: String, _ style: TextStyle = TextStyle()) -> (width: Double, height: Double) {
        prepare(text, width: nil, style)
        return size()
    }

    /// The height of `text` wrapped at word boundaries into `width` (up to `style.maxLines` lines).
    func measure(_ text: String, width: Double, _ style: TextStyle) -> Double {
        prepare(text, width: width, style)
        return size().height
    }

    private func prepare(_ text: String, width: Double?, _ style: TextStyle) {
        pango_font_description_set_size(font, Int32(style.size * Double(PANGO_SCALE)))
        pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, font)
        if let width {
            pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_height(layout, Int32(-style.maxLines))
        } else {
            pango_layout_set_width(layout, -1)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        }
        switch style.align {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pango_layout_set_text(layout, text, -1)
    }

    private func size() -> (width: Double, height: Double) {
        var w: Int32 = 0
        var h: Int32 = 0
        pango_layout_get_size(layout, &w, &h)
        return (Double(w) / Double(PANGO_SCALE), Double(h) / Double(PANGO_SCALE))
    }

    // MARK: Shapes

    func set(_ color: Color, alpha: Double = 1) { cairo_set_source_rgba(cr, color.r, color.g, color.b, alpha) }

    func fillRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color) {
        set(color)
        cairo_rectangle(cr, x, y, w, h)
        cairo_fill(cr)
    }

    func strokeRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color, width: Double = 0.5) {
        set(color)
        cairo_set_line_width(cr, width)
        cairo_rectangle(cr, x, y, w, h)
        cairo_stroke(cr)
    }

    func line(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ color: Color, width: Double = 0.5,
        dash: Double? = nil
    ) {
        set(color)
        cairo_set_line_width(cr, width)
        if let dash {
            var pattern = [dash, dash]
            cairo_set_dash(cr, &pattern, 2, 0)
        }
        cairo_move_to(cr, x0, y0)
        cairo_line_to(cr, x1, y1)
        cairo_stroke(cr)
        if dash != nil { cairo_set_dash(cr, nil, 0, 0) }
    }

    /// Strokes a polyline through `points`.
    func polyline(_ points: [(x: Double, y: Double)], _ color: Color, width: Double) {
        guard let first = points.first else { return }
        set(color)
        cairo_set_line_width(cr, width)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_stroke(cr)
    }

    /// Fills a closed polygon.
    func polygon(_ points: [(x: Double, y: Double)], _ color: Color, outline: Color? = nil) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
        set(color)
        if let outline {
            cairo_fill_preserve(cr)
            set(outline)
            cairo_set_line_width(cr, 0.6)
            cairo_stroke(cr)
        } else {
            cairo_fill(cr)
        }
    }

    func circle(_ x: Double, _ y: Double, radius: Double, fill: Color) {
        set(fill)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * Double.pi)
        cairo_fill_preserve(cr)
        set(.black)
        cairo_set_line_width(cr, 0.6)
        cairo_stroke(cr)
    }

    func save() { cairo_save(cr) }
    func restore() { cairo_restore(cr) }
    func clip(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        cairo_rectangle(cr, x, y, w, h)
        cairo_clip(cr)
    }
    func showPage() { cairo_show_page(cr) }
    /// cairo's sticky error state of this context (e.g. out of memory while drawing).
    var status: cairo_status_t { cairo_status(cr) }
}

// MARK: - Output

/// Where a render goes: a whole PDF or SVG document in memory. Nothing here touches the file system: the
/// caller writes the bytes (the CLI atomically, the server as a response), so a failed render can never leave
/// a truncated file behind or replace a good one.
enum Output {
    /// A4 sizes in points.
    static let a4Landscape = (width: 841.89, height: 595.28)
    static let a4Portrait = (width: 595.28, height: 841.89)

    enum Kind { case pdf, svg }

    /// Renders one document and returns its bytes; throws when cairo reports any error (the document would be
    /// incomplete).
    static func document(
        _ kind: Kind, width: Double, height: Double, title: String, draw: (Canvas) throws(ReportError) -> Void
    ) throws(ReportError) -> [UInt8] {
        try Canvas.checkFonts()
        let sink = ByteSink()
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        let opaqueSink = Unmanaged.passRetained(sink)
        defer { opaqueSink.release() }
        let surface: OpaquePointer? =
            switch kind {
            case .pdf: cairo_pdf_surface_create_for_stream(write, opaqueSink.toOpaque(), width, height)
            case .svg: cairo_svg_surface_create_for_stream(write, opaqueSink.toOpaque(), width, height)
            }
        guard let surface else { throw ReportError("cannot make the document (cairo could not start it)") }
        defer { cairo_surface_destroy(surface) }
        try check(surface)
        switch kind {
        case .pdf:
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "flightlog")
        case .svg:
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT)
        }
        do {
            let canvas = Canvas(surface: surface)
            try draw(canvas)
            try check(canvas.status)
        }
        cairo_surface_finish(surface)
        try check(surface)
        return sink.bytes
    }

    /// Renders one SVG image in memory and returns its text.
    static func svgString(width: Double, height: Double, draw: (Canvas) -> Void) throws(ReportError) -> String {
        let bytes = try document(.svg, width: width, height: height, title: "") { canvas in draw(canvas) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func check(_ surface: OpaquePointer) throws(ReportError) {
        try check(cairo_surface_status(surface))
    }

    private static func check(_ status: cairo_status_t) throws(ReportError) {
        if status != CAIRO_STATUS_SUCCESS {
            throw ReportError("cannot make the document (\(String(cString: cairo_status_to_string(status))))")
        }
    }
}

/// Collects the bytes cairo streams out.
private final class ByteSink {
    var bytes: [UInt8] = []
}
