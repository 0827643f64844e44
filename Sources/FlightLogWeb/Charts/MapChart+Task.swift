import FlightLogAnalysis
import FlightLogCore
import Foundation

/// A task on the phone map (docs/TASKS.md, "On the phone"): the legs as great circles, each point's zone as its
/// true shape (``TaskOutline``: cylinder, sector, keyhole, line), green where the track reached it and red where
/// it did not, a ring on each point, a dot where each was reached, and the points' names placed with the map's
/// other labels (``MapChart/layOutLabels()``), clear of every mark and label at every width.
package struct MapTaskLayer: Sendable {
    /// Whether a point was reached: `nil` when the task is not scored (the task page, a zone without a direction).
    package struct Zone: Sendable {
        package var points: [MapChart.Point]
        package var isLine: Bool
        package var reached: Bool?
        package var title: String
    }

    /// A mark in fractions of the map: a task point's ring or the place it was reached.
    package struct Mark: Sendable {
        package var at: MapChart.Point
        package var title: String
        /// The name its label gives, and the short form used when the name fits nowhere ("TP2").
        package var name: String
        package var short: String
    }

    package var zones: [Zone] = []
    /// The legs in map units.
    package var legs: [[MapChart.Point]] = []
    /// The points' rings (one per place: a start that is also the finish has one), and the reached places.
    package var points: [Mark] = []
    package var reached: [Mark] = []
    package var labels: [ChartLabel] = []

    package init() {}

    /// The rings' and reached dots' size, CSS px.
    static let pointSize = 10.0, reachedSize = 8.0
    /// Longest name written beside a point.
    static let maxName = 24
}

extension MapChart {
    /// Draws `task` over the map: with `score`, each zone coloured by whether it was reached and a dot where; with
    /// `summary` (the Task block's words) each mark's tooltip says when. Lays the labels out again.
    package mutating func addTask(_ task: FlightTask, score: TaskScore? = nil, summary: TaskSummary? = nil) {
        var layer = MapTaskLayer()
        let outline = TaskOutline(task: task, reach: placement.viewCircle.radius)
        let m = Self.clipMargin, h = viewHeight
        layer.legs = outline.legs.map { $0.map(placement.point) }
        let last = task.points.count - 1
        func short(_ k: Int) -> String { k == 0 ? "Start" : k == last ? "Finish" : "TP\(k)" }
        func title(_ k: Int) -> String {
            guard let rows = summary?.rows, k < rows.count else { return "\(short(k)) \(task.points[k].name)" }
            let row = rows[k]
            return "\(row.role) \(row.name): \(row.when)"
        }
        for (k, shape) in outline.zones.enumerated() {
            let reached = score.map { k < $0.reached.count && $0.reached[k] != nil }
            switch shape {
            case .line(let a, let b):
                layer.zones.append(
                    .init(
                        points: [placement.point(a), placement.point(b)], isLine: true, reached: reached,
                        title: title(k)))
            case .area(let ring):
                let points = DrawnOutline.thinned(
                    Self.clipped(ring.map(placement.point), to: (-m, -m, Self.viewWidth + m, h + m)),
                    tolerance: Self.drawnTolerance)
                guard points.count >= 3 else { continue }
                layer.zones.append(.init(points: points, isLine: false, reached: reached, title: title(k)))
            }
        }
        func fraction(_ p: Point) -> Point { (p.x / Self.viewWidth, p.y / h) }
        for (k, point) in task.points.enumerated() {
            let p = placement.point(point.coordinate)
            guard placement.contains(p) else { continue }
            if let same = layer.points.firstIndex(where: { $0.name == Self.cut(point.name) && $0.at == fraction(p) }) {
                layer.points[same].title += "; " + title(k)
                continue
            }
            layer.points.append(.init(at: fraction(p), title: title(k), name: Self.cut(point.name), short: short(k)))
        }
        for (k, reached) in (score?.reached ?? []).enumerated() {
            guard let reached else { continue }
            let p = placement.point(Coordinate(latitude: reached.latitude, longitude: reached.longitude))
            guard placement.contains(p) else { continue }
            layer.reached.append(.init(at: fraction(p), title: title(k), name: "", short: ""))
        }
        self.task = layer
        layOutLabels()
    }

    /// A name of at most ``MapTaskLayer/maxName`` characters: a longer airfield label's code
    /// (`Leverkusen Airport (EDKL)`: `EDKL`), else the name cut.
    package static func cut(_ name: String) -> String {
        guard name.count > MapTaskLayer.maxName else { return name }
        if name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
            let code = name[name.index(after: open)..<name.index(before: name.endIndex)]
            if (2...8).contains(code.count), !code.contains(" ") { return String(code) }
        }
        return String(name.prefix(MapTaskLayer.maxName - 1)) + "…"
    }

    /// The task's names beside their rings (each name, else its short form), after the take-off and landing.
    mutating func taskNames(in layout: inout MapLabelLayout) {
        task.labels = []
        for point in task.points {
            let clearance = MapTaskLayer.pointSize / 2
            let candidates = [point.name, point.short].flatMap {
                MapLabelLayout.candidates($0, at: point.at, clearance: clearance, style: "task")
            }
            if let label = layout.place(candidates) { task.labels.append(label) }
        }
    }
}

extension ChartHTML {
    static let taskColor = "#0b4fa8", reachedColor = "#1a7f37", missedColor = "#c0392b"

    /// The task's zones (a faint fill and an edge in the colour of reached, missed or not scored) and legs
    /// (dashed), inside the map's SVG over the track.
    static func taskShapes(_ c: MapChart) -> String {
        var html = ""
        for zone in c.task.zones {
            let color = zone.reached.map { $0 ? reachedColor : missedColor } ?? taskColor
            let list = zone.points.map { "\(decimal($0.x, 1)),\(decimal($0.y, 1))" }.joined(separator: " ")
            let kind = zone.reached.map { $0 ? " reached" : " missed" } ?? ""
            if zone.isLine {
                html +=
                    "<polyline class=\"task-zone line\(kind)\" points=\"\(list)\" fill=\"none\" stroke=\"\(color)\" "
                    + "stroke-width=\"4\" vector-effect=\"non-scaling-stroke\"><title>\(esc(zone.title))</title></polyline>"
            } else {
                html +=
                    "<polygon class=\"task-zone\(kind)\" points=\"\(list)\" fill=\"\(color)\" fill-opacity=\"0.12\" "
                    + "stroke=\"\(color)\" stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\">"
                    + "<title>\(esc(zone.title))</title></polygon>"
            }
        }
        for leg in c.task.legs {
            html += polyline(leg, color: taskColor, width: 2)
                .replacing("<polyline ", with: "<polyline class=\"task-leg\" stroke-dasharray=\"6 4\" ")
        }
        return html
    }

    /// The task's rings and reached dots over the SVG (a fixed size in CSS px, like the other marks).
    static func taskMarks(_ c: MapChart) -> String {
        (c.task.points.map { mark("tkp", at: $0.at, title: $0.title) }
            + c.task.reached.map { mark("tkr", at: $0.at, title: $0.title) }).joined()
    }

    static let taskStylesheet = """
        .mapbox .tkp{position:absolute;width:10px;height:10px;margin:-5px 0 0 -5px;box-sizing:border-box;\
        border:2.5px solid \(taskColor);border-radius:50%;background:#fff}
        .mapbox .tkr{position:absolute;width:8px;height:8px;margin:-4px 0 0 -4px;border-radius:50%;\
        background:\(reachedColor);outline:1.5px solid #fff}
        .mapbox .lb.task{color:\(taskColor)}
        @media (prefers-color-scheme:dark){
        .mapbox .tkp{border-color:#7fb2ff;background:#1b1e1c}
        .mapbox .lb.task{color:#7fb2ff}
        .task-leg{stroke:#7fb2ff}}
        """
}
