import FlightLogAnalysis
import FlightLogCore
import Foundation

/// The club logbook's copy of what a glider keeps beside a flight (server addition "class, task, analysis":
/// ``ServerSchema/keptColumns``), read back. Every value comes from the server, so it is outside input (another
/// login's row, a hand edit, an older flightlog): one that cannot be read or is out of range is nil, unknown for
/// that flight alone, never a failed page or list. Pure (no server code), so the `club` fuzz target builds it alone.
enum ClubKept {
    /// The columns, for ``ServerSchema/hasColumns(_:_:logger:)``.
    static let columns = ["competition_class", "declared_task", "analysis"]
    /// Bytes the JSON of a declared task may take on the server (its column's CHECK): twice the glider's limit
    /// (`FlightStore.maxTaskBytes`), as `jsonb` prints a space after each `:` and `,`.
    static let maxTaskBytes = 512 * 1024
    /// Bytes the JSON of an analysis may take on the server: twice the glider's (`FlightStore.maxAnalysisBytes`).
    static let maxAnalysisBytes = 2 << 20

    /// A competition class as every logbook text (``FieldRules``: at most 200 characters, no control characters).
    static func competitionClass(_ text: String?) -> String? {
        guard let text, !text.isEmpty, FieldRules.textProblem(field: "competition class", text: text) == nil else {
            return nil
        }
        return text
    }

    /// A declared task from the server's JSON: nil when it is not a task or holds what no declaration can (a place
    /// off the earth, a zone wider than any task, more points than any task has, a start gate outside the day, a
    /// minimum time over a week, a declaration time before 1970 or after 9999).
    static func task(_ json: String?) -> FlightTask? {
        guard let json, json.utf8.count <= maxTaskBytes,
            let task = try? JSONDecoder().decode(FlightTask.self, from: Data(json.utf8))
        else { return nil }
        let points = task.points + [task.takeoff, task.landing].compactMap { $0 }
        guard (2...maxTaskPoints).contains(task.points.count), points.allSatisfy(isPlausible),
            task.startOpensSeconds.map({ (0..<86_400).contains($0) }) ?? true,
            task.minimumTimeSeconds.map({ (0...maxTaskSeconds).contains($0) }) ?? true,
            task.declaredAt.map({ (0...latestMillis).contains($0) }) ?? true
        else { return nil }
        return task
    }

    /// Longer than any task's minimum time (a week); the scoring multiplies what it reads, so nothing beyond.
    static let maxTaskSeconds = 7 * 86_400
    /// 9999-12-31T23:59:59.999Z, the last instant a date is written for.
    static let latestMillis: UTCMillis = 253_402_300_799_999

    /// More than any task of any competition or badge (turnpoints plus start and finish).
    static let maxTaskPoints = 100
    /// Farther than any zone reaches (a line or cylinder of 1,000 km).
    static let maxZoneMeters = 1_000_000.0

    private static func isPlausible(_ point: TaskPoint) -> Bool {
        let c = point.coordinate, z = point.zone
        let lengths = [z.radius, z.innerRadius].compactMap { $0 }
        let angles = [z.halfAngle, z.innerHalfAngle].compactMap { $0 }
        var fixed: [Double] = []
        if case .fixed(let bearing) = z.orientation { fixed.append(bearing) }
        return (-90...90).contains(c.latitude) && (-180...180).contains(c.longitude)
            && lengths.allSatisfy { (0...maxZoneMeters).contains($0) } && angles.allSatisfy { (0...360).contains($0) }
            && fixed.allSatisfy { (-360...360).contains($0) } && point.name.count <= FieldRules.maxTextCharacters
    }

    /// An analysis from the server's JSON, nil when it cannot be read; whether it is current for the flight (and
    /// plausible) is ``FlightAnalysis/isCurrent(for:)``'s question.
    static func analysis(_ json: String?) -> FlightAnalysis? {
        guard let json, json.utf8.count <= maxAnalysisBytes else { return nil }
        return try? JSONDecoder().decode(FlightAnalysis.self, from: Data(json.utf8))
    }

    /// What tells two copies of a flight's analysis apart without sending either: its version and inputs, and what
    /// `flightlog analyse --prove` changes (the budget searched, the bounds left, the triangle proven). Sync sends a
    /// glider's analysis when the server's key differs from its own.
    struct AnalysisKey: Codable, Equatable {
        var version: Int
        var inputs: FlightAnalysis.Inputs
        var freeDistanceBudget: Int?
        var freeSixUpperBound: Double?
        var freeFourUpperBound: Double?
        var faiTriangleProven: Bool?

        /// The key's fields as JSON paths, for the SQL that builds it on each side.
        static let fields = [
            "version", "inputs", "freeDistanceBudget", "freeSixUpperBound", "freeFourUpperBound", "faiTriangleProven",
        ]

        /// The key of a JSON object of ``fields``; nil when it cannot be read (then the copies differ).
        static func of(_ json: String?) -> AnalysisKey? {
            guard let json else { return nil }
            return try? JSONDecoder().decode(AnalysisKey.self, from: Data(json.utf8))
        }
    }
}
