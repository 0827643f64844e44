import FlightLogAnalysis
import FlightLogCore

/// `show --json`'s `"task"` (docs/TASKS.md, "In show"): the task that counts and its score on the track.
extension FlightTaskReport {
    package struct Object: Encodable {
        /// `declaration`, `competition` or `file`.
        var source: String
        /// `racing` or `assignedArea`.
        var kind: String
        var declaredAt: FlightJSON.OrNull<String>
        var name: FlightJSON.OrNull<String>
        var minimumTimeSeconds: Int?
        /// The start gate (`NoStart`), `HH:MM:SS` local time as the task gives it; absent without a gate.
        var startOpens: String?
        /// Start, turnpoints, finish (no take-off or landing).
        var turnpoints: [Point]
        /// Null when the task cannot be scored (`reason` says why).
        var distanceKm: FlightJSON.OrNull<Double>
        var nominalKm: Double?
        var achievedKm: Double?
        var completed: Bool
        var startTime: FlightJSON.OrNull<String>
        var finishTime: FlightJSON.OrNull<String>
        var speedKmh: FlightJSON.OrNull<Double>
        var reached: [TaskScore.Reached?]
        var scoredKm: Double
        var reason: FlightJSON.OrNull<String>
        /// A Sporting Code start or end option used (`started at the release point, 14:02 local`); absent without.
        var note: String?
        /// `sportingCode` or `competition`.
        var rules: String
        var proven: Bool
        var warnings: [String]
    }

    struct Point: Encodable {
        var name: String
        var latitude: Double
        var longitude: Double
        var zone: Zone
    }

    /// A ``TaskZone``: `radiusMeters` null for an unbounded sector, half the length for a line; `bearingDegrees`
    /// only with the orientation `fixed`.
    struct Zone: Encodable {
        var line: Bool
        var radiusMeters: FlightJSON.OrNull<Double>
        var halfAngleDegrees: Double
        var innerRadiusMeters: Double?
        var innerHalfAngleDegrees: Double?
        var orientation: String
        var bearingDegrees: Double?

        init(_ zone: TaskZone) {
            line = zone.isLine
            radiusMeters = FlightJSON.OrNull(zone.radius)
            halfAngleDegrees = zone.halfAngle
            innerRadiusMeters = zone.innerRadius
            innerHalfAngleDegrees = zone.innerHalfAngle
            switch zone.orientation {
            case .symmetric: orientation = "symmetric"
            case .toNext: orientation = "toNext"
            case .toPrevious: orientation = "toPrevious"
            case .toStart: orientation = "toStart"
            case .fixed(let bearing):
                orientation = "fixed"
                bearingDegrees = bearing
            }
        }
    }

    package var object: Object {
        let points = task.points.map {
            Point(
                name: $0.name, latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, zone: Zone($0.zone)
            )
        }
        return Object(
            source: task.source.rawValue, kind: task.kind.rawValue,
            declaredAt: FlightJSON.OrNull(task.declaredAt.map(iso8601UTC)), name: FlightJSON.OrNull(task.name),
            minimumTimeSeconds: task.minimumTimeSeconds,
            startOpens: startOpensWords, turnpoints: points,
            distanceKm: FlightJSON.OrNull(score?.distanceKm), nominalKm: score?.nominalKm,
            achievedKm: score?.achievedKm, completed: score?.completed ?? false,
            startTime: FlightJSON.OrNull(score?.startTime), finishTime: FlightJSON.OrNull(score?.finishTime),
            speedKmh: FlightJSON.OrNull(score?.speedKmh),
            reached: score?.reached ?? Array(repeating: nil, count: task.points.count),
            scoredKm: score?.scoredKm ?? 0, reason: FlightJSON.OrNull(score?.reason ?? scoringProblem),
            note: score?.note,
            rules: (score?.rules ?? TaskRules.for(task)).rawValue, proven: score?.proven ?? true, warnings: warnings)
    }
}
