import CPangoCairo

extension Output {
    /// Renders one page as a PNG image in memory: `width` × `height` points at `dpi` (a white background; the
    /// drawing is scaled from points). Throws when cairo reports any error.
    static func png(width: Double, height: Double, dpi: Double, draw: (Canvas) throws(ReportError) -> Void)
        throws(ReportError) -> [UInt8]
    {
        try Canvas.checkFonts()
        let scale = dpi / 72
        guard
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded(.up)), Int32((height * scale).rounded(.up)))
        else { throw ReportError("cannot make the image (cairo could not start it)") }
        defer { cairo_surface_destroy(surface) }
        try checkStatus(cairo_surface_status(surface))
        do {
            let canvas = Canvas(surface: surface)
            cairo_scale(canvas.cr, scale, scale)
            canvas.fillRect(0, 0, width, height, .white)
            try draw(canvas)
            try checkStatus(canvas.status)
        }
        cairo_surface_flush(surface)
        let sink = PNGSink()
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue().bytes
                .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        let opaque = Unmanaged.passRetained(sink)
        defer { opaque.release() }
        try checkStatus(cairo_surface_write_to_png_stream(surface, write, opaque.toOpaque()))
        return sink.bytes
    }

    private static func checkStatus(_ status: cairo_status_t) throws(ReportError) {
        if status != CAIRO_STATUS_SUCCESS {
            throw ReportError("cannot make the image (\(String(cString: cairo_status_to_string(status))))")
        }
    }
}

/// Collects the PNG bytes cairo streams out.
private final class PNGSink {
    var bytes: [UInt8] = []
}
