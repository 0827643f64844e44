import FlightLogCore

/// Which rules score a task (docs/TASKS.md, "Scoring").
package enum TaskRules: String, Sendable, Codable {
    /// FAI Sporting Code Section 3 (badges and records), for a declaration: a turnpoint is reached by a fix in
    /// its 500 m cylinder or its FAI 90° sector (either, whatever the declaration's zone); start and finish as
    /// declared.
    case sportingCode
    /// Competition racing task or AAT: exactly the zones in the file or the task file.
    case competition

    /// The rules a task's source implies: a declaration is scored as a badge or record flight.
    package static func `for`(_ task: FlightTask) -> TaskRules {
        task.source == .declaration ? .sportingCode : .competition
    }
}

/// A task point with its zone shapes placed on the sphere: any shape reached reaches the point.
struct PlacedPoint: Sendable {
    let name: String
    let coordinate: Coordinate
    let center: SpherePoint
    let shapes: [ZoneShape]
    /// A start or finish line: crossed, not entered.
    var isLine: Bool { shapes.first?.zone.isLine ?? false }

    func contains(_ p: SpherePoint) -> Bool { shapes.contains { $0.contains(p) } }

    func distanceOutside(_ p: SpherePoint) -> Meters { shapes.map { $0.distanceOutside(p) }.min() ?? 0 }
}

extension FlightTask {
    /// The points placed on the sphere with their orientations resolved, under `rules`.
    func placedPoints(rules: TaskRules) throws(TaskScoringError) -> [PlacedPoint] {
        guard points.count >= 2 else { throw .tooFewPoints(points.count) }
        let centers = points.map { SpherePoint($0.coordinate) }
        var placed: [PlacedPoint] = []
        for (i, point) in points.enumerated() {
            var zones = [point.zone]
            let isTurn = i > 0 && i < points.count - 1
            if rules == .sportingCode && isTurn {
                for extra in [TaskZone.cylinder(500), TaskZone.faiSector] where !zones.contains(extra) {
                    zones.append(extra)
                }
            }
            let shapes = try zones.map { zone throws(TaskScoringError) in
                ZoneShape(center: centers[i], zone: zone, axis: try axis(of: zone, at: i, centers))
            }
            placed.append(
                PlacedPoint(name: point.name, coordinate: point.coordinate, center: centers[i], shapes: shapes))
        }
        return placed
    }

    /// The unit tangent along `zone`'s bisector at point `i` (away from the course), `nil` for a cylinder.
    private func axis(of zone: TaskZone, at i: Int, _ centers: [SpherePoint]) throws(TaskScoringError) -> SpherePoint? {
        if zone.halfAngle >= 180 && !zone.isLine && (zone.innerHalfAngle ?? 180) >= 180 { return nil }
        let here = centers[i], name = points[i].name
        func toward(_ j: Int, _ what: String) throws(TaskScoringError) -> SpherePoint {
            guard let b = here.bearing(to: centers[j]) else {
                throw .noDirection(point: name, reason: "the \(what) point \(points[j].name) is at the same place")
            }
            return here.tangent(b)
        }
        let previous = i > 0 ? i - 1 : nil, next = i < centers.count - 1 ? i + 1 : nil
        let course: SpherePoint
        switch zone.orientation {
        case .fixed(let degrees): course = here.tangent(degrees)
        case .toStart where i > 0: course = try toward(0, "start")
        case .toNext where next != nil, .toStart where next != nil: course = try toward(next!, "next")
        case .toPrevious where previous != nil: course = try toward(previous!, "previous")
        case .toNext, .toPrevious, .toStart, .symmetric:
            switch (previous, next) {
            case (let p?, let n?):
                let sum = try toward(p, "previous").plus(try toward(n, "next"))
                // A straight course through the point: the bisector is either side; take the left of the way in.
                let bisector = sum.norm < 1e-9 ? here.cross(try toward(p, "previous")) : sum
                course = bisector.scaled(1 / bisector.norm)
            case (let p?, nil): course = try toward(p, "previous")
            case (nil, let n?): course = try toward(n, "next")
            case (nil, nil): return nil
            }
        }
        return course.scaled(-1)
    }

    /// The distances between consecutive points on the FAI sphere, metres.
    package func legDistances() -> [Meters] {
        let c = points.map { SpherePoint($0.coordinate) }
        return zip(c, c.dropFirst()).map { $0.distance(to: $1) }
    }
}
