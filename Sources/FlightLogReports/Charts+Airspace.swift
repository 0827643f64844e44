import CPangoCairo
import FlightLogAirspace
import FlightLogCore

/// The imported airspace on the report: outlines under the track on the map, infringements among the details.
extension Charts {
    /// Each airspace whose outline reaches into the map (`x`, `y`, `width`, `height`), in its kind's colour
    /// (``Airspace/mapColor``), thin with a faint fill, projected by `place` (the track's projection); its name
    /// inside it where the name fits and clears the names drawn before. Call inside the map's clip.
    func airspaceLayer(
        x: Double, y: Double, width: Double, height: Double, place: (Coordinate) -> (x: Double, y: Double)
    ) {
        let style = TextStyle(size: 6.5)
        var taken: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        for airspace in options.airspaces {
            // Only the part on the map (and a margin wider than the line), thinned to what the page can show: a
            // country's borders and circles would otherwise be drawn whole, point by point, into every report.
            let m = Self.airspaceClipMargin
            let points = DrawnOutline.thinned(
                DrawnOutline.clipped(airspace.outline.map(place), to: (x - m, y - m, x + width + m, y + height + m)),
                tolerance: Self.airspaceTolerance)
            guard points.count >= 3, let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
                let minY = points.map(\.y).min(), let maxY = points.map(\.y).max(),
                maxX >= x, minX <= x + width, maxY >= y, minY <= y + height
            else { continue }
            let color = Color(hex: airspace.mapColor)
            canvas.fill(points, color, alpha: 0.06)
            canvas.polyline(points + [points[0]], color, width: 0.6)
            // The name at the middle of the part in view, when it fits there and clears the names before it.
            let x0 = max(minX, x), x1 = min(maxX, x + width), y0 = max(minY, y), y1 = min(maxY, y + height)
            let size = canvas.measure(airspace.name, style)
            let left = (x0 + x1 - size.width) / 2, top = (y0 + y1 - size.height) / 2
            let box = (x0: left - 2, y0: top - 1, x1: left + size.width + 2, y1: top + size.height + 1)
            guard size.width + 4 < x1 - x0, size.height + 2 < y1 - y0,
                !taken.contains(where: { $0.x0 < box.x1 && box.x0 < $0.x1 && $0.y0 < box.y1 && box.y0 < $0.y1 })
            else { continue }
            taken.append(box)
            var named = style
            named.color = color
            canvas.text(airspace.name, x: left, y: top, named)
        }
    }
}

extension Charts {
    /// Points beyond the map's box an outline is kept: its clipped edge stays outside the map's clip.
    static let airspaceClipMargin = 2.0
    /// Points (1/72 in) a drawn outline may stray from its true line: under 0.2 mm, less than the line is wide.
    static let airspaceTolerance = 0.5
}

extension ReportPage {
    /// "Airspace" rows for the details: the first airspaces entered (one row each), the part of the flight no
    /// imported file covers, and how heights were judged; none without imported airspace.
    var airspaceRows: [(String, String)] {
        guard !options.airspaces.isEmpty, flight.hasTrack else { return [] }
        let found = AirspaceFindings(
            flight: flight, fixes: fixes, airspaces: options.airspaces, qnh: options.qnhPascals)
        let uncovered = found.uncoveredText(offsetSeconds: flight.known(.utcOffset, flight.utcOffsetSeconds))
        guard !found.groups.isEmpty else {
            switch found.coverage.extent {
            case .none: return [("Airspace", found.headline)]
            case .partial: return [("Airspace", found.headline), ("", uncovered ?? ""), ("", found.mslText)]
            case .full: return [("Airspace", "no infringement (\(found.mslText))")]
            }
        }
        let shown = 4
        var rows: [(String, String)] = found.groups.prefix(shown).enumerated().map { i, group in
            let local = flight.text(.utcOffset) { group.localText(offsetSeconds: flight.utcOffsetSeconds) }
            return (
                i == 0 ? "Airspace" : "",
                "\(local) local (\(group.durationText)): \(group.airspace.label), \(group.limitsText); "
                    + group.depthText
            )
        }
        if found.groups.count > shown {
            rows.append(("", "and \(found.groups.count - shown) more (flightlog show lists them)"))
        }
        if let uncovered { rows.append(("", uncovered)) }
        rows.append(("", found.mslText))
        return rows
    }
}

extension Color {
    /// From `#rrggbb` (black when it is not).
    init(hex: String) {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        self.init(
            r: Double(value >> 16 & 0xff) / 255, g: Double(value >> 8 & 0xff) / 255, b: Double(value & 0xff) / 255)
    }
}

extension Canvas {
    /// Fills a closed polygon at `alpha`.
    func fill(_ points: [(x: Double, y: Double)], _ color: Color, alpha: Double) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
        set(color, alpha: alpha)
        cairo_fill(cr)
    }
}
