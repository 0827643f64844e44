import FlightLogAirspace
import FlightLogCore
import Foundation

/// The airspace under the phone map's track: each outline within the view, thin, in its kind's colour
/// (``Airspace/mapColor``), projected with the track's own ``MapPlacement``, and its name where it fits.
package struct MapAirspaceLayer: Sendable {
    package struct Outline: Sendable {
        package var points: [MapChart.Point]
        package var color: String
        /// "CTR Hahn (D), GND–3500 ft MSL": the outline's `<title>`.
        package var title: String
    }

    package var outlines: [Outline] = []
    /// Names inside their outlines, clear of each other and of the map's own labels and marks at every width.
    package var labels: [ChartLabel] = []
    /// Each named outline's places for its name (inside it on the narrowest map), the largest outline first.
    package var spots: [[ChartLabel]] = []

    package init() {}

    /// Most names drawn on one map.
    static let maxLabels = AirspaceNameSpots.mostNames
}

extension MapChart {
    /// Adds `airspaces` to ``airspace``: those whose outline reaches into the view, and places for their names;
    /// then lays the labels out again (``layOutLabels()``), the names after every other label.
    package mutating func addAirspace(_ airspaces: [Airspace]) {
        var layer = MapAirspaceLayer()
        let h = viewHeight
        var named: [(spots: [ChartLabel], area: Double)] = []
        for a in airspaces {
            // Only the part in view (and a margin wider than the line) goes to the page, thinned to what a unit
            // (under a pixel even on the widest map) can show: a country's border of thousands of points around
            // the view, or a circle's 360, would otherwise be sent whole with every flight page.
            let m = Self.clipMargin
            let points = DrawnOutline.thinned(
                Self.clipped(a.outline.map(placement.point), to: (-m, -m, Self.viewWidth + m, h + m)),
                tolerance: Self.drawnTolerance)
            guard points.count >= 3, let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
                let minY = points.map(\.y).min(), let maxY = points.map(\.y).max(),
                maxX >= 0, minX <= Self.viewWidth, maxY >= 0, minY <= h
            else { continue }
            layer.outlines.append(
                .init(points: points, color: a.mapColor, title: "\(a.label), \(a.floor)–\(a.ceiling)"))
            let x0 = max(minX, 0), x1 = min(maxX, Self.viewWidth), y0 = max(minY, 0), y1 = min(maxY, h)
            let size = ChartText.labelSize(a.name)
            let spots = Self.nameSpots(size: size, inside: points, view: (x0, y0, x1, y1)).map { p in
                var label = ChartLabel(
                    text: a.name, fx: p.x / Self.viewWidth, fy: p.y / h, alignX: .center, alignY: .center,
                    width: size.width, height: size.height, style: "airspace")
                label.color = a.mapColor
                return label
            }
            if !spots.isEmpty { named.append((spots, (x1 - x0) * (y1 - y0))) }
        }
        layer.spots = named.sorted { $0.area > $1.area }.map(\.spots)
        airspace = layer
        layOutLabels()
    }

    /// Places (map units) for a name of `size` CSS px whose whole box lies inside the polygon `points` and the
    /// `view` rectangle on the narrowest map (and so on every wider one, where the box is smaller), nearest the
    /// middle of the view's part first (``AirspaceNameSpots``, the rule the PDF report's map follows too).
    package static func nameSpots(
        size: (width: Double, height: Double), inside points: [Point],
        view: (x0: Double, y0: Double, x1: Double, y1: Double)
    ) -> [Point] {
        let units = viewWidth / widths.lowerBound  // map units per CSS px on the narrowest map
        return AirspaceNameSpots.spots(
            halfWidth: size.width / 2 * units + 1, halfHeight: size.height / 2 * units + 1, inside: points, view: view)
    }

    /// Map units beyond the view an outline is kept (its line never shows at the clipped edge: 5 units are 1.5 px on
    /// the narrowest map, the line 1 px).
    static let clipMargin = 5.0

    /// Map units a drawn outline may stray from its true line (1 unit is 0.3–0.64 px on the phone's map).
    static let drawnTolerance = 1.0

    /// The polygon `points` cut to the rectangle `box` (``DrawnOutline/clipped(_:to:)``).
    static func clipped(_ points: [Point], to box: (x0: Double, y0: Double, x1: Double, y1: Double)) -> [Point] {
        DrawnOutline.clipped(points, to: box)
    }
}

extension ChartHTML {
    /// The outlines as SVG, drawn before the track so that it lies on top: a thin line and a faint fill.
    static func airspaceOutlines(_ c: MapChart) -> String {
        c.airspace.outlines.map { o in
            let list = o.points.map { "\(decimal($0.x, 1)),\(decimal($0.y, 1))" }.joined(separator: " ")
            return "<polygon class=\"airspace\" points=\"\(list)\" fill=\"\(o.color)\" fill-opacity=\"0.05\" "
                + "stroke=\"\(o.color)\" stroke-width=\"1\" vector-effect=\"non-scaling-stroke\">"
                + "<title>\(esc(o.title))</title></polygon>"
        }.joined()
    }

    /// The names, as the map's other labels, in their outline's colour and not bold.
    static func airspaceLabels(_ c: MapChart) -> String {
        c.airspace.labels.map { label($0, extraStyle: ";font-weight:400;border:0") }.joined()
    }
}
