import CPangoCairo
import FlightLogAnalysis
import FlightLogCore

/// The declared task on the report map (docs/TASKS.md, "In the report"): each point's zones in their true shapes
/// as the scoring places them, the legs between the points dashed, where each point was reached a dot, and the
/// points' names placed by the map's label rule (``mapLabels``).
extension Color {
    /// The task: a deep teal, on no colour ramp of the track and apart from the route's violet.
    static let task = Color(r: 0.0, g: 0.42, b: 0.45)
}

extension Charts {
    /// The task's points, which the map keeps in view (a point missed far from the track too).
    var taskCoordinates: [Coordinate] { options.task?.task.points.map(\.coordinate) ?? [] }

    /// Draws the task's zones and legs under the track; `place` maps a position to the page. Returns the points'
    /// labels, one per place (a start and finish at one place share it: "Start, Finish Home").
    func taskLayer(_ place: (Coordinate) -> (x: Double, y: Double)) -> [(text: String, at: (x: Double, y: Double))] {
        guard let report = options.task, let outlines = try? report.task.outlines() else { return [] }
        for outline in outlines {
            for shape in outline.shapes {
                let points = shape.map(place)
                if outline.isLine || shape.count == 2 {
                    canvas.polyline(points, .task, width: 1.4)
                    continue
                }
                polygonPath(points)
                canvas.set(.task, alpha: 0.08)
                cairo_fill_preserve(canvas.cr)
                canvas.set(.task, alpha: 0.7)
                cairo_set_line_width(canvas.cr, 0.7)
                cairo_stroke(canvas.cr)
            }
        }
        let centres = outlines.map { place($0.coordinate) }
        var pattern = [4.0, 3.0]
        cairo_set_dash(canvas.cr, &pattern, 2, 0)
        canvas.polyline(centres, .task, width: 0.9)
        cairo_set_dash(canvas.cr, nil, 0, 0)
        var groups: [(roles: [String], name: String, at: (x: Double, y: Double))] = []
        for (k, p) in centres.enumerated() {
            let role = k == 0 ? "Start" : k == centres.count - 1 ? "Finish" : "TP\(k)"
            if let n = groups.firstIndex(where: { abs($0.at.x - p.x) < 4 && abs($0.at.y - p.y) < 4 }) {
                groups[n].roles.append(role)
            } else {
                groups.append(([role], outlines[k].name, p))
            }
        }
        return groups.map { ($0.roles.joined(separator: ", ") + " " + $0.name, $0.at) }
    }

    /// Where each point was reached: a dot over the track. Returns their places (no label may cover them).
    func taskReached(_ place: (Coordinate) -> (x: Double, y: Double)) -> [(x: Double, y: Double)] {
        let reached = (options.task?.score?.reached ?? []).compactMap { $0 }
        let places = reached.map { place(Coordinate(latitude: $0.latitude, longitude: $0.longitude)) }
        for p in places { canvas.ring(p.x, p.y, radius: 2.2, fill: .task, fillAlpha: 1, stroke: .white, width: 0.8) }
        return places
    }

    private func polygonPath(_ points: [(x: Double, y: Double)]) {
        guard let first = points.first else { return }
        cairo_new_path(canvas.cr)
        cairo_move_to(canvas.cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(canvas.cr, p.x, p.y) }
        cairo_close_path(canvas.cr)
    }
}
