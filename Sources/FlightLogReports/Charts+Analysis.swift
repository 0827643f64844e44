import CPangoCairo
import FlightLogAnalysis
import FlightLogCore

/// The analysis on the charts: the scored route (free distance, 6 legs) as a polyline over the track with its
/// turnpoints, thermals as circles at their centres sized by ``ThermalMark`` (the rule every view shares), and each
/// thermal's time span as a band on the barogram.
extension Color {
    /// The scored route and its turnpoints: a deep violet, on no colour ramp of the track.
    static let route = Color(r: 0.42, g: 0.05, b: 0.58)
    /// Thermals: magenta, on no colour ramp of the track; bands on the barogram in a pale tint of it.
    static let thermal = Color(r: 0.80, g: 0.08, b: 0.52)
    static let thermalBand = Color(r: 0.98, g: 0.89, b: 0.95)
}

extension Charts {
    /// Thermal circles on the page map, radius in points (``ThermalMark/radius(climbRate:minimumRadius:maximumRadius:)``).
    static let thermalRadius = (minimum: 2.5, maximum: 8.0)

    /// The thermals drawn as marks (circling that lost height has none), with their numbers in the report's table.
    var markedThermals: [(number: Int, thermal: FlightPhases.Thermal, radius: Double)] {
        (analysis?.phases.thermals ?? []).enumerated().compactMap { n, t in
            ThermalMark.radius(
                climbRate: t.climbRate, minimumRadius: Self.thermalRadius.minimum,
                maximumRadius: Self.thermalRadius.maximum
            ).map { (n + 1, t, $0) }
        }
    }

    /// The turnpoints of the scored route with their labels (`S`, `1`…`5`, `F`).
    var routePoints: [(label: String, point: FlightAnalysis.Point)] {
        guard let route = analysis?.freeSix, route.turnpoints.count >= 2 else { return [] }
        let last = route.turnpoints.count - 1
        return route.turnpoints.enumerated().map { n, p in (n == 0 ? "S" : n == last ? "F" : "\(n)", p) }
    }

    /// Draws the thermals and the route over the map's track; `place` maps a position to the page. Returns the
    /// route's marks and their names ("S", "2,3"), for ``mapLabels`` to write where they cover nothing.
    @discardableResult
    func mapMarks(_ place: (Coordinate) -> (x: Double, y: Double)) -> [(text: String, at: (x: Double, y: Double))] {
        let thermals = markedThermals.map { ($0.number, place($0.thermal.center), $0.radius) }
        for (_, c, radius) in thermals {
            canvas.ring(c.x, c.y, radius: radius, fill: .thermal, fillAlpha: 0.28, stroke: .thermal, width: 0.8)
        }
        let points = routePoints.map {
            ($0.label, place(Coordinate(latitude: $0.point.latitude, longitude: $0.point.longitude)))
        }
        if !points.isEmpty {
            canvas.polyline(points.map(\.1), .white, width: 3.2)
            canvas.polyline(points.map(\.1), .route, width: 1.4)
        }
        // Turnpoints at one place (a route of fewer legs) share one mark: "2,3".
        var groups: [(labels: [String], at: (x: Double, y: Double))] = []
        for (label, p) in points {
            if let n = groups.firstIndex(where: { abs($0.at.x - p.x) < 4 && abs($0.at.y - p.y) < 4 }) {
                groups[n].labels.append(label)
            } else {
                groups.append(([label], p))
            }
        }
        for group in groups {
            canvas.ring(group.at.x, group.at.y, radius: 3.2, fill: .white, fillAlpha: 1, stroke: .route, width: 1.2)
        }
        // Labels last, over every line: each circle's number at its top left, unless it would cover a number
        // already there (thermals crowd where a pilot came back to one or climbed in a street).
        var taken: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        for (number, c, radius) in thermals {
            let size = canvas.measure("\(number)", TextStyle(size: 5.5, bold: true))
            let box = (
                x0: c.x - radius - 3 - size.width, y0: c.y - radius - 7, x1: c.x - radius + 1,
                y1: c.y - radius - 5 + size.height
            )
            guard !taken.contains(where: { $0.x0 < box.x1 && box.x0 < $0.x1 && $0.y0 < box.y1 && box.y0 < $0.y1 })
            else { continue }
            taken.append(box)
            label("\(number)", x: c.x - radius - 1, y: c.y - radius - 6, rightAligned: true, .thermal, size: 5.5)
        }
        return groups.map { ($0.labels.joined(separator: ","), $0.at) }
    }

    /// The map's key to the marks, in one row above the map (over the track it would hide turnpoints), ending at
    /// `right`: the route's length and what a thermal's size means.
    func mapKey(right: Double, y: Double) {
        var items: [(String, Bool)] = []
        if let six = analysis?.freeSix {
            items.append(("Scored route \(ReportText.fixed(six.kilometers, 1)) km (S start, F finish)", true))
        }
        if !markedThermals.isEmpty {
            let weak = ThermalMark.label(climbRate: ThermalMark.weakClimb)
            let strong = ThermalMark.label(climbRate: ThermalMark.strongClimb)
            items.append(
                (
                    "Thermals (numbers as in the table where there is room); larger = stronger, \(weak) to \(strong)",
                    false
                ))
        }
        let style = TextStyle(size: 6.5)
        var x = right - items.reduce(0) { $0 + canvas.measure($1.0, style).width + 30 } + 10
        for (text, isRoute) in items {
            if isRoute {
                canvas.line(x, y + 4.5, x + 14, y + 4.5, .route, width: 1.4)
            } else {
                canvas.ring(x + 7, y + 4.5, radius: 3.5, fill: .thermal, fillAlpha: 0.28, stroke: .thermal, width: 0.8)
            }
            canvas.text(text, x: x + 18, y: y, style)
            x += canvas.measure(text, style).width + 30
        }
    }

    /// Narrowest thermal band drawn on the barogram (points).
    static let minimumThermalBand = 1.5

    /// A pale band over each thermal's time span (under the grid and the lines) and a solid tick along the top of
    /// the plot; `px` maps a time to the plot, `t0...t1` is its span.
    func thermalBands(top: Double, bottom: Double, t0: UTCMillis, t1: UTCMillis, px: (UTCMillis) -> Double) {
        for (_, thermal, _) in markedThermals where thermal.end >= t0 && thermal.start <= t1 {
            let x0 = px(max(thermal.start, t0)), x1 = max(px(min(thermal.end, t1)), x0 + Self.minimumThermalBand)
            canvas.fillRect(x0, top, x1 - x0, bottom - top, .thermalBand)
            canvas.fillRect(x0, top, x1 - x0, 3, .thermal)
        }
    }
}

extension Canvas {
    /// A circle filled with `fill` at `fillAlpha` and outlined in `stroke`.
    func ring(_ x: Double, _ y: Double, radius: Double, fill: Color, fillAlpha: Double, stroke: Color, width: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * Double.pi)
        set(fill, alpha: fillAlpha)
        cairo_fill_preserve(cr)
        set(stroke)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }
}
