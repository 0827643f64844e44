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
    }

    /// Where scoring starts: the release from the tow or winch, or a self-launcher's engine stopping.
    package struct ReleaseMark: Sendable {
        /// Fractions of the map.
        package var at: Point
        /// "Release 10:14" or "Engine off 10:14" (local time).
        package var text: String
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

    /// Adds the airfields of `marks` (ranked, ``MapAirfields/select``) that lie on the map; names the take-off
    /// and landing fields in their labels ("Take-off Aachen-Merzbrück") where those still fit, and writes the
    /// other names that fit beside their symbol without leaving the map or touching another label, dot or marker
    /// at any width (highest ranked first, at most ``maxAirfieldLabels``).
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
        let from = airfields.first { $0.role == .takeoff || $0.role == .takeoffAndLanding }?.name
        let to = airfields.first { $0.role == .landing || $0.role == .takeoffAndLanding }?.name
        var named = false
        if from != nil || to != nil {
            let texts = (
                from.map { "Take-off \($0)" } ?? "Take-off", to.map { "Landing \($0)" } ?? "Landing",
                from == to ? "Take-off · Landing \(from!)" : "Take-off · Landing"
            )
            let ends = Self.placeLabels(takeoff: takeoff, landing: landing, cell: cell, texts: texts)
            if !ends.isEmpty {
                let dots = [Self.dot(takeoff), Self.dot(landing)]
                labels = ends
                if let release, let label = Self.releaseLabel(release, avoiding: ends + dots, cell: cell) {
                    labels.append(label)
                }
                named = true
            }
        }
        func box(_ at: Point, _ size: Double) -> ChartLabel {
            ChartLabel(text: "", fx: at.x, fy: at.y, alignX: .center, alignY: .center, width: size, height: size)
        }
        var taken =
            labels + [Self.dot(takeoff), Self.dot(landing)] + turnpoints.map { box($0.at, Self.turnpointSize) }
            + airfields.map { box($0.at, Self.airfieldSize) } + (release.map { [box($0.at, Self.releaseSize)] } ?? [])
        airfieldLabels = []
        for field in airfields where airfieldLabels.count < Self.maxAirfieldLabels {
            if named && field.role != .other { continue }  // named in the take-off or landing label
            let style =
                switch field.role {
                case .takeoff, .takeoffAndLanding: "af takeoff"
                case .landing: "af landing"
                case .other: "af"
                }
            for side in [0, 1, 3, 2] {
                var label = Self.label(field.name, at: field.at, side: side, style: style)
                label.width = ChartText.labelSize(field.name, bold: field.role != .other).width
                if cell.contains(label), taken.allSatisfy({ cell.apart($0, label, gap: 1) }) {
                    airfieldLabels.append(label)
                    taken.append(label)
                    break
                }
            }
        }
    }

    /// The release's label ("Release 10:14") beside its marker where it fits, apart from the other labels and dots.
    static func releaseLabel(_ mark: ReleaseMark, avoiding taken: [ChartLabel], cell: ChartCell) -> ChartLabel? {
        for side in [0, 1, 3, 2] {
            let label = label(mark.text, at: mark.at, side: side, style: "release")
            if cell.contains(label), taken.allSatisfy({ cell.apart($0, label, gap: 1) }) { return label }
        }
        return nil
    }
}

extension ChartHTML {
    /// The shipped layer's HTML over the map's SVG: airfield symbols (a ring, with a bar per runway direction),
    /// the scored turnpoints (numbered squares) and the release marker; their labels come with the others.
    static func mapLayer(_ c: MapChart) -> String {
        var html = ""
        for field in c.airfields {
            let kind = field.role == .other ? "" : field.role == .landing ? " landing" : " takeoff"
            html += "<i class=\"afs\(kind)\" style=\"left:\(percent(field.at.x));top:\(percent(field.at.y))\" "
            html += "title=\"\(esc(field.title))\">"
            html += field.runwayHeadings.map { "<b style=\"transform:rotate(\(Int($0))deg)\"></b>" }.joined()
            html += "</i>"
        }
        for tp in c.turnpoints {
            html +=
                "<i class=\"tp\" style=\"left:\(percent(tp.at.x));top:\(percent(tp.at.y))\" "
                + "title=\"Turnpoint \(tp.name)\">\(tp.name)</i>"
        }
        if let release = c.release {
            html +=
                "<i class=\"rel\" style=\"left:\(percent(release.at.x));top:\(percent(release.at.y))\" "
                + "title=\"\(esc(release.text))\"></i>"
        }
        return html
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
        .mapbox .tp{position:absolute;width:16px;height:16px;margin:-8px 0 0 -8px;box-sizing:border-box;\
        background:#111;color:#fff;border:1.5px solid #fff;font:700 12px/13px sans-serif;text-align:center;\
        font-style:normal}
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
        .mapbox .lb.release{color:#ffb35c}}
        """
}
