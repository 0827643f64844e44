/// A task: the points a flight was meant to go round, from the IGC file's declaration (C records), a competition's
/// task lines in the file (L records), or a task file the pilot gave (CUP task section, XCSoar `.tsk`).
///
/// Readers build it; FlightLogAnalysis scores a track against it (docs/TASKS.md). Take-off and landing of a
/// declaration are kept for the record but are not turnpoints.
package struct FlightTask: Sendable, Hashable, Codable {
    /// Where the task came from.
    package enum Source: String, Sendable, Hashable, Codable {
        /// The file's C records (declared in the logger before the flight).
        case declaration
        /// A task file the pilot gave (CUP task section, XCSoar `.tsk`), or one declared with `flightlog task`.
        case file
        /// Competition task lines in the file's L records (SeeYou `LSEEYOU`, LXNAV `LCU::C`).
        case competition
    }

    /// How the task is flown.
    package enum Kind: String, Sendable, Hashable, Codable {
        /// Round every turnpoint's zone in order (FAI badge/record tasks and competition racing tasks).
        case racing
        /// Assigned area task: each area reached, the scored distance through the achieved points.
        case assignedArea
    }

    package var source: Source
    package var kind: Kind
    /// The declaration's or the file's task name; `nil` when it gives none.
    package var name: String?
    /// UTC time the declaration was made (the C header); `nil` for a task file without one.
    package var declaredAt: UTCMillis?
    /// A C record declaration's intended flight date and task number as its header wrote them (`DDMMYYNNNN`, e.g.
    /// `0000000005`); written back unchanged when the file is rebuilt. `nil`: `0000000001` (no date, task 1).
    package var dateAndNumber: String?
    /// Declared take-off and landing places (C records); not turnpoints, never scored.
    package var takeoff: TaskPoint?
    package var landing: TaskPoint?
    /// Start, turnpoints in order, finish: at least two.
    package var points: [TaskPoint]
    /// Assigned area task: the minimum task time in seconds; `nil` for a racing task.
    package var minimumTimeSeconds: Int?
    /// The start gate (SeeYou `NoStart=HH:MM:SS`): seconds after midnight, local time of the task's day as the task
    /// file writes it; a start before the gate opens does not count. `nil`: no gate.
    package var startOpensSeconds: Int?
    /// What the reader noticed and kept going past (another declaration ignored, a placeholder point skipped…).
    package var warnings: [String]
    /// A declaration whose finish is the landing place (its finish line a placeholder; FAI Sporting Code Section 3,
    /// docs/TASKS.md "The finish at the landing place"): `points` are the start and turnpoints, and the scoring
    /// adds the landing point as the finish. `nil` (not in the JSON): the last point is the finish.
    package var finishAtLanding: Bool? = nil

    package init(
        source: Source, kind: Kind = .racing, name: String? = nil, declaredAt: UTCMillis? = nil,
        dateAndNumber: String? = nil, takeoff: TaskPoint? = nil, landing: TaskPoint? = nil, points: [TaskPoint],
        minimumTimeSeconds: Int? = nil, warnings: [String] = []
    ) {
        self.source = source
        self.kind = kind
        self.name = name
        self.declaredAt = declaredAt
        self.dateAndNumber = dateAndNumber
        self.takeoff = takeoff
        self.landing = landing
        self.points = points
        self.minimumTimeSeconds = minimumTimeSeconds
        self.warnings = warnings
    }
}

extension FlightTask {
    /// A plain declaration's start and finish lines (FAI Sporting Code: 1 km, across the first and last legs).
    package static let declaredLineLength: Meters = 1000

    /// `points` with a plain declaration's zones: start and finish ``declaredLineLength`` lines, turnpoints the FAI
    /// keyhole (500 m cylinder or 90° sector). At least two points.
    /// `finishAtLanding`: the last point is a turnpoint, the landing being the finish.
    package static func withDeclarationZones(_ points: [TaskPoint], finishAtLanding: Bool = false) -> [TaskPoint] {
        var points = points
        for k in points.indices { points[k].zone = .faiTurnpoint }
        points[0].zone = .line(length: declaredLineLength, orientation: .toNext)
        if !finishAtLanding {
            points[points.count - 1].zone = .line(length: declaredLineLength, orientation: .toPrevious)
        }
        return points
    }

    /// Whether the zones are a plain declaration's (``withDeclarationZones(_:)``), which need no words; a task
    /// file's own zones do.
    package var hasDeclarationZones: Bool {
        points.count >= 2 && Self.withDeclarationZones(points).map(\.zone) == points.map(\.zone)
    }
}

/// One point of a task and the zone the track must reach.
package struct TaskPoint: Sendable, Hashable, Codable {
    package var name: String
    package var coordinate: Coordinate
    package var zone: TaskZone

    package init(name: String, coordinate: Coordinate, zone: TaskZone) {
        self.name = name
        self.coordinate = coordinate
        self.zone = zone
    }
}

/// An observation zone, in the general form SeeYou's `OZ` lines use: a sector of `radius` and `halfAngle` about a
/// direction, with an optional inner sector (a keyhole's cylinder), or a line of `radius` either side of the point.
/// A cylinder is a sector with a half angle of 180°.
package struct TaskZone: Sendable, Hashable, Codable {
    /// Where the course lies, seen from the point, as SeeYou's `Style` names it: the sector opens the opposite way,
    /// away from the course (a start sector lies behind the start, a turnpoint's FAI sector outside the turn).
    package enum Orientation: Sendable, Hashable, Codable {
        /// The bisector of the inbound and outbound legs (FAI sector).
        case symmetric
        /// The next point (a start sector or line).
        case toNext
        /// The previous point (a finish sector or line).
        case toPrevious
        /// The start point.
        case toStart
        /// A fixed true bearing, degrees.
        case fixed(Degrees)
    }

    /// Outer radius in metres; `nil` for an unbounded sector (the FAI 90° sector of Sporting Code Section 3).
    /// For a line: half its length.
    package var radius: Meters?
    /// Half the sector's opening angle, degrees (45 for a 90° sector, 180 for a cylinder).
    package var halfAngle: Degrees
    /// Inner sector (keyhole): its radius and half angle, `nil` when there is none.
    package var innerRadius: Meters?
    package var innerHalfAngle: Degrees?
    package var orientation: Orientation
    /// A start or finish line across the course (perpendicular to `orientation`'s direction).
    package var isLine: Bool

    package init(
        radius: Meters?, halfAngle: Degrees = 180, innerRadius: Meters? = nil, innerHalfAngle: Degrees? = nil,
        orientation: Orientation = .symmetric, isLine: Bool = false
    ) {
        self.radius = radius
        self.halfAngle = halfAngle
        self.innerRadius = innerRadius
        self.innerHalfAngle = innerHalfAngle
        self.orientation = orientation
        self.isLine = isLine
    }

    /// A cylinder of `radius` metres (FAI: 500 m round a turnpoint).
    package static func cylinder(_ radius: Meters) -> TaskZone { TaskZone(radius: radius) }
    /// The FAI 90° sector: unbounded, symmetric about the bisector, pointing away from the course.
    package static let faiSector = TaskZone(radius: nil, halfAngle: 45, orientation: .symmetric)
    /// The zone of a turnpoint in a plain declaration (FAI Sporting Code Section 3): the 90° sector OR the 500 m
    /// cylinder, whichever the track reaches. Encoded as a keyhole: the unbounded sector with a 500 m cylinder as
    /// its inner zone (reaching either one reaches the zone).
    package static let faiTurnpoint = TaskZone(
        radius: nil, halfAngle: 45, innerRadius: 500, innerHalfAngle: 180, orientation: .symmetric)
    /// A start (`toNext`) or finish (`toPrevious`) line `length` metres long, centred on the point.
    package static func line(length: Meters, orientation: Orientation) -> TaskZone {
        TaskZone(radius: length / 2, halfAngle: 90, orientation: orientation, isLine: true)
    }
}
