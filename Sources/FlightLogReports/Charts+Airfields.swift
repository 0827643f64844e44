import CPangoCairo
import FlightLogCore
import Foundation

/// The report map's shipped layer, as on the phone: the airfields on the map (``FlightReportOptions/airfields``,
/// ranked by ``MapAirfields``) as a ring with a bar per runway direction, the take-off and landing fields in their
/// colours, names beside the symbols where they fit, and the release (or engine-off) point as a diamond.
extension Charts {
    /// Most airfield names written on the map.
    static let maxAirfieldNames = 15
    static let airfieldColor = Color(r: 0.24, g: 0.29, b: 0.36)

    /// Draws the layer over the map at `x, y, width, height`; `place` maps a position to the page, `taken` are
    /// boxes (x0, y0, x1, y1) names must keep clear of. Returns the other fields' names written, in order, the
    /// take-off and landing fields' names (for their labels), and the boxes of the symbols and names drawn.
    func mapAirfields(
        x: Double, y: Double, width: Double, height: Double, place: (Coordinate) -> (x: Double, y: Double),
        taken: [(Double, Double, Double, Double)]
    ) -> (names: [String], takeoff: String?, landing: String?, drawn: [PageBox]) {
        let inside = { (p: (x: Double, y: Double)) in
            p.x >= x + 4 && p.x <= x + width - 4 && p.y >= y + 4 && p.y <= y + height - 4
        }
        let runs = RecordingFaults.positionedRuns(fixes, faults: faults)
        let ends = flight.mapEnds(runs.flatMap { fixes[$0].map(\.coordinate) })
        let marks = MapAirfields.select(
            options.airfields, takeoff: ends.takeoff, landing: ends.landing, radius: options.airfieldRadius,
            centre: ends.takeoff
        ) { inside(place($0)) }
        var boxes = taken
        var names: [String] = []
        var drawn: [PageBox] = []
        for mark in marks.reversed() {  // the highest ranked on top
            let p = place(mark.airfield.coordinate)
            let color: Color =
                switch mark.role {
                case .takeoff, .takeoffAndLanding: .takeoff
                case .landing: .landing
                case .other: Charts.airfieldColor
                }
            for heading in Set(mark.airfield.runways.compactMap(\.heading)) {
                let dx = sin(heading * .pi / 180) * 5.5, dy = -cos(heading * .pi / 180) * 5.5
                canvas.line(p.x - dx, p.y - dy, p.x + dx, p.y + dy, color, width: 1.8)
            }
            canvas.set(.white)
            cairo_new_sub_path(canvas.cr)
            cairo_arc(canvas.cr, p.x, p.y, 2.6, 0, 2 * Double.pi)
            cairo_fill_preserve(canvas.cr)
            canvas.set(color)
            cairo_set_line_width(canvas.cr, mark.role == .other ? 1 : 1.5)
            cairo_stroke(canvas.cr)
        }
        for p in marks.map({ place($0.airfield.coordinate) }) {
            boxes.append((p.x - 4, p.y - 4, p.x + 4, p.y + 4))
            drawn.append((p.x - 6, p.y - 6, p.x + 6, p.y + 6))  // the runway bars reach 5.5 pt
        }
        for mark in marks where names.count < Self.maxAirfieldNames && mark.role == .other {
            let p = place(mark.airfield.coordinate)
            let name = MapAirfields.mapName(mark.airfield)
            let color: Color =
                switch mark.role {
                case .takeoff, .takeoffAndLanding: .takeoff
                case .landing: .landing
                case .other: Charts.airfieldColor
                }
            let size = canvas.measure(name, TextStyle(size: 6.5, bold: true))
            for (left, top) in [(p.x + 6, p.y - size.height / 2), (p.x - 6 - size.width, p.y - size.height / 2)] {
                let box = (left - 1, top, left + size.width + 1, top + size.height)
                guard box.0 >= x + 2, box.2 <= x + width - 2, box.1 >= y + 2, box.3 <= y + height - 2,
                    boxes.allSatisfy({ box.2 <= $0.0 || $0.2 <= box.0 || box.3 <= $0.1 || $0.3 <= box.1 })
                else { continue }
                label(name, x: left, y: top, rightAligned: false, color, size: 6.5)
                boxes.append(box)
                drawn.append(box)
                names.append(name)
                break
            }
        }
        func name(_ roles: [MapAirfields.Role]) -> String? {
            marks.first { roles.contains($0.role) }.map { MapAirfields.mapName($0.airfield) }
        }
        let from = name([.takeoff, .takeoffAndLanding]), to = name([.landing, .takeoffAndLanding])
        return (names, from, to, drawn)
    }

    /// The release or engine-off point (the analysis's scoring start, else the flight's release) as a diamond.
    func releaseMark(place: (Coordinate) -> (x: Double, y: Double)) -> (x: Double, y: Double)? {
        var time = flight.releaseTime
        if let window = analysis?.scoringWindow, window.startsAt != .takeoff { time = window.start }
        let positioned = RecordingFaults.positionedRuns(fixes, faults: faults).flatMap { fixes[$0] }
        guard let time, let fix = positioned.first(where: { $0.time >= time }) ?? positioned.last else { return nil }
        let p = place(fix.coordinate)
        canvas.polygon(
            [(p.x, p.y - 4.5), (p.x + 4.5, p.y), (p.x, p.y + 4.5), (p.x - 4.5, p.y)], .release, outline: .black)
        return p
    }
}
