import FlightLogAnalysis
import FlightLogCore
import Foundation

/// The shipped layer of the phone map, drawn over the track and any tiles so that it works offline and when tiles
/// do not load: the airfields in view (a symbol with the runway's direction, the name where it fits), the take-off
/// and landing fields highlighted, the release (or engine-off) point and the scored turnpoints. Symbols and
/// markers keep their size in CSS px at every map width, like the take-off and landing dots.
extension MapChart {
    /// An airfield on the map: where (fractions of the map), its role, name and runway directions.
    package struct AirfieldSymbol: Sendable {
        package var at: Point
        package var role: MapAirfields.Role
        package var name: String
        /// Full name, code and elevation, for the symbol's tooltip.
        package var title: String
        package var runwayHeadings: [Degrees]

        package init(at: Point, role: MapAirfields.Role, name: String, title: String, runwayHeadings: [Degrees]) {
            (self.at, self.role, self.name, self.title, self.runwayHeadings) = (at, role, name, title, runwayHeadings)
        }
    }

    /// Where scoring starts: the release from the tow or winch, or a self-launcher's engine stopping.
    package struct ReleaseMark: Sendable {
        /// Fractions of the map.
        package var at: Point
        /// "Release 10:14" or "Engine off 10:14" (local time).
        package var text: String

        package init(at: Point, text: String) { (self.at, self.text) = (at, text) }
    }

    /// Most airfield names written on one map.
    package static let maxAirfieldLabels = 12
    /// Symbol and marker sizes, CSS px.
    static let airfieldSize = 10.0, turnpointSize = 16.0, releaseSize = 12.0

    /// The release point: the analysis's scoring start when it is a release or the engine stopping, else the
    /// flight's stored release time; the positioned fix at or after that time. Nil when there is none.
    static func releaseMark(flight: Flight, fixes: [Fix], analysis: FlightAnalysis?, placement: MapPlacement)
        -> ReleaseMark?
    {
        var time = flight.releaseTime, word = "Release"
        if let window = analysis?.scoringWindow, window.startsAt != .takeoff {
            time = window.start
            word = window.startsAt == .engineOff ? "Engine off" : "Release"
        }
        guard let time, let fix = fixes.first(where: { $0.time >= time }) ?? fixes.last else { return nil }
        let p = placement.point(fix.coordinate)
        let local = CivilDateTime(utc: fix.time, offsetSeconds: flight.utcOffsetSeconds).hourMinute
        return ReleaseMark(at: (p.x / viewWidth, p.y / placement.viewHeight), text: "\(word) \(local)")
    }

    /// The scored turnpoints as fractions of the map, with their names (S, 1 … 5, F) as the report has them.
    package var turnpoints: [(at: Point, name: String)] {
        route.enumerated().map { n, p in
            ((p.x / Self.viewWidth, p.y / viewHeight), n == 0 ? "S" : n == route.count - 1 ? "F" : "\(n)")
        }
    }

    /// Adds the airfields of `marks` (ranked, ``MapAirfields/select``) that lie on the map, and lays the labels out
    /// again (``layOutLabels()``): the take-off and landing fields named in their labels ("Take-off
    /// Aachen-Merzbrück") where those fit, the other names beside their symbols where they fit.
    package mutating func addAirfields(_ marks: [MapAirfields.Mark]) {
        airfields = marks.compactMap { mark in
            let p = placement.point(mark.airfield.coordinate)
            guard placement.contains(p) else { return nil }
            let field = mark.airfield
            var title = field.label
            if let elevation = field.elevation, elevation != 0 { title += ", \(Int(elevation.rounded())) m" }
            return AirfieldSymbol(
                at: (p.x / Self.viewWidth, p.y / viewHeight), role: mark.role, name: MapAirfields.mapName(field),
                title: title, runwayHeadings: Array(Set(field.runways.compactMap(\.heading))).sorted())
        }
        layOutLabels()
    }
}

extension ChartHTML {
    /// The shipped layer's HTML over the map's SVG: airfield symbols (a ring, with a bar per runway direction),
    /// the scored turnpoints (numbered squares) and the release marker; their labels come with the others.
    static func mapLayer(_ c: MapChart) -> String {
        var html = ""
        for field in c.airfields {
            let kind = field.role == .other ? "" : field.role == .landing ? " landing" : " takeoff"
            let runways = field.runwayHeadings.map { "<b style=\"transform:rotate(\(Int($0))deg)\"></b>" }.joined()
            html += mark("afs\(kind)", at: field.at, title: field.title, inner: runways)
        }
        // A corner whose number lies beside it (or found no room) gets a small square of its own.
        let centred = Set(c.turnpointLabels.filter { $0.dx == 0 && $0.dy == 0 }.map(\.text))
        for tp in c.turnpoints where !centred.contains(tp.name) {
            html += mark("tpv", at: tp.at, title: "Turnpoint \(tp.name)")
        }
        for leader in c.leaders {
            let length = (leader.dx * leader.dx + leader.dy * leader.dy).squareRoot() - leader.from
            let angle = atan2(leader.dy, leader.dx)
            let start = (x: leader.from * cos(angle), y: leader.from * sin(angle))
            html +=
                "<i class=\"leader\" style=\"left:\(place(leader.at.x, start.x));top:\(place(leader.at.y, start.y));"
                + "width:\(n(length))px;transform:rotate(\(decimal(angle * 180 / .pi, 1))deg)\"></i>"
        }
        for tp in c.turnpointLabels {
            let box = (x: tp.dx + tp.alignX.shift * tp.width, y: tp.dy + tp.alignY.shift * tp.height)
            html +=
                "<i class=\"tp\" style=\"left:\(place(tp.fx, box.x));top:\(place(tp.fy, box.y))\" "
                + "title=\"Turnpoint \(tp.text)\">\(tp.text)</i>"
        }
        if let release = c.release { html += mark("rel", at: release.at, title: release.text) }
        return html
    }

    /// A mark of a fixed size in CSS px over the map at `at` (fractions of the map), with its tooltip: an
    /// airfield symbol (with its runway bars `inner`), a turnpoint, the release, a task point.
    static func mark(_ classes: String, at: MapChart.Point, title: String, inner: String = "") -> String {
        "<i class=\"\(classes)\" style=\"left:\(percent(at.x));top:\(percent(at.y))\" title=\"\(esc(title))\">\(inner)</i>"
    }

    /// The layer's part of the stylesheet; in dark mode the names sit on the dark halo of the map's other labels
    /// and the symbols and names take the lighter colours of its take-off and landing marks.
    static let mapLayerStylesheet = """
        .mapbox .afs{position:absolute;width:10px;height:10px;margin:-5px 0 0 -5px;box-sizing:border-box;\
        border:2px solid #3d4a5c;border-radius:50%;background:#fff}
        .mapbox .afs b{position:absolute;left:1px;top:-5px;width:4px;height:16px;background:#3d4a5c;border-radius:1px}
        .mapbox .afs.takeoff{border-color:#0f6b22;box-shadow:0 0 0 3px rgba(26,153,51,.35)}
        .mapbox .afs.takeoff b{background:#0f6b22}
        .mapbox .afs.landing{border-color:#a31c1c;box-shadow:0 0 0 3px rgba(204,38,38,.35)}
        .mapbox .afs.landing b{background:#a31c1c}
        .mapbox .lb.af{font-weight:400;color:#26303d;background:rgba(255,255,255,.8)}
        .mapbox .lb.af.takeoff{font-weight:700;color:#0f6b22}
        .mapbox .lb.af.landing{font-weight:700;color:#a31c1c}
        .mapbox .tp{position:absolute;width:16px;height:16px;box-sizing:border-box;\
        background:#111;color:#fff;border:1.5px solid #fff;font:700 12px/13px sans-serif;text-align:center;\
        font-style:normal}
        .mapbox .tpv{position:absolute;width:6px;height:6px;margin:-3px 0 0 -3px;background:#111;outline:1px solid #fff}
        .mapbox .leader{position:absolute;height:0;border-top:1.5px solid #111;transform-origin:0 0;\
        box-shadow:0 0 0 .5px #fff}
        .mapbox .rel{position:absolute;width:12px;height:12px;margin:-6px 0 0 -6px;box-sizing:border-box;\
        background:#e07b00;border:2px solid #111;transform:rotate(45deg)}
        .mapbox .lb.release{color:#8a4b00}
        @media (prefers-color-scheme:dark){
        .mapbox .afs{border-color:#c3ccd8;background:#1b1e1c}
        .mapbox .afs b{background:#c3ccd8}
        .mapbox .afs.takeoff{border-color:#7ddc9a}
        .mapbox .afs.takeoff b{background:#7ddc9a}
        .mapbox .afs.landing{border-color:#ff8f80}
        .mapbox .afs.landing b{background:#ff8f80}
        .mapbox .lb.af{color:#e3e8ee;background:var(--halo)}
        .mapbox .lb.af.takeoff{color:#7ddc9a}
        .mapbox .lb.af.landing{color:#ff8f80}
        .mapbox .lb.release{color:#ffb35c}
        .mapbox .leader{border-color:#f0f0f0;box-shadow:0 0 0 .5px #000}}
        """
}
