import CPangoCairo
import FlightLogAirspace
import FlightLogCore

/// The imported airspace on the report: outlines under the track on the map, infringements among the details.
extension Charts {
    /// An airspace's name waiting for its place on the map: the places inside its outline, best first.
    struct AirspaceName {
        var text: String
        var color: Color
        var size: (width: Double, height: Double)
        var spots: [(x: Double, y: Double)]
        /// The area of the outline's part on the map (points²): the largest is named first.
        var area: Double
    }

    /// The style of an airspace's name on the map: small, not bold, in its outline's colour.
    static let airspaceNameStyle = TextStyle(size: 6.5)

    /// Each airspace whose outline reaches into the map (`x`, `y`, `width`, `height`), in its kind's colour
    /// (``Airspace/mapColor``), thin with a faint fill, projected by `place` (the track's projection). Call inside
    /// the map's clip. Returns the names and their places inside their outlines (``AirspaceNameSpots``), for
    /// ``airspaceNames(_:taken:)`` once every other label is placed.
    func airspaceLayer(
        x: Double, y: Double, width: Double, height: Double, place: (Coordinate) -> (x: Double, y: Double)
    ) -> [AirspaceName] {
        var names: [AirspaceName] = []
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
            // The name's box with its halo, inside the outline's part on the map and 2 pt from the map's edge.
            let view = (
                x0: max(minX, x + 2), y0: max(minY, y + 2), x1: min(maxX, x + width - 2), y1: min(maxY, y + height - 2)
            )
            let size = canvas.measure(airspace.name, Self.airspaceNameStyle)
            let spots = AirspaceNameSpots.spots(
                halfWidth: size.width / 2 + 2, halfHeight: size.height / 2 + 1, inside: points, view: view)
            guard !spots.isEmpty else { continue }
            names.append(
                AirspaceName(
                    text: airspace.name, color: color, size: size, spots: spots,
                    area: (view.x1 - view.x0) * (view.y1 - view.y0)))
        }
        return names
    }

    /// Writes the names of ``airspaceLayer(x:y:width:height:place:)``, the largest airspace first, each at its
    /// first place that covers nothing in `taken` (the map's labels, marks and furniture) nor a name written before;
    /// a name with no such place is left out, and at most ``AirspaceNameSpots/mostNames`` are written.
    func airspaceNames(_ names: [AirspaceName], taken: [PageBox]) {
        var taken = taken
        var written = 0
        for name in names.sorted(by: { $0.area > $1.area }) where written < AirspaceNameSpots.mostNames {
            let halfW = name.size.width / 2 + 2, halfH = name.size.height / 2 + 1
            let boxes = name.spots.lazy.map { p -> PageBox in (p.x - halfW, p.y - halfH, p.x + halfW, p.y + halfH) }
            guard let box = boxes.first(where: { b in !taken.contains { Self.overlap(b, $0) } }) else { continue }
            taken.append(box)
            written += 1
            canvas.set(.white, alpha: 0.7)
            cairo_rectangle(canvas.cr, box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0)
            cairo_fill(canvas.cr)
            var style = Self.airspaceNameStyle
            style.color = name.color
            canvas.text(name.text, x: box.x0 + 2, y: box.y0 + 1, style)
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
