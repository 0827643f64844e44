import FlightLogCore
import Foundation

@testable import FlightLogAnalysis
@testable import FlightLogSync

/// Any bytes as one of the values the club's server keeps beside a flight (``ClubKept``: the competition class,
/// the declared task's JSON, the analysis' JSON and its key), then used as the club's pages use them: the task
/// scored on a track through its points, a current analysis put in words. Shared by the `club` libFuzzer target
/// (Fuzz/club.swift) and ClubKeptFuzzRegressionTests. Returns the violation of an invariant, nil when none.
enum ClubKeptFuzzPipeline {
    static func run(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        if let klass = ClubKept.competitionClass(text), klass != text { return "the class changed on reading" }
        if let task = ClubKept.task(text), let violation = check(task) { return violation }
        if let analysis = ClubKept.analysis(text) {
            guard let json = try? JSONEncoder().encode(analysis),
                let again = ClubKept.analysis(String(decoding: json, as: UTF8.self)),
                (try? JSONEncoder().encode(again)) == json
            else { return "an analysis that does not read back" }
            if analysis.isCurrent(for: analysis.inputs) {
                _ = ContestSummary(analysis)
                if AnalysisWords.points(analysis).isEmpty { return "no words for the points" }
            }
        }
        if let key = ClubKept.AnalysisKey.of(text), key != ClubKept.AnalysisKey.of(text) { return "two keys for one" }
        return nil
    }

    /// A task the club kept: within its bounds, reads back the same, and scores (or is refused in words) on a track
    /// of one fix a minute at each of its points, as the club's flight page scores it.
    static func check(_ task: FlightTask) -> String? {
        guard (2...ClubKept.maxTaskPoints).contains(task.points.count) else { return "\(task.points.count) points" }
        guard let json = try? JSONEncoder().encode(task), ClubKept.task(String(decoding: json, as: UTF8.self)) == task
        else { return "a task that does not read back" }
        let start: UTCMillis = 1_750_000_000_000
        let fixes = task.points.enumerated().map { k, p in
            Fix(
                time: start + UTCMillis(k) * 60_000, latitude: p.coordinate.latitude,
                longitude: p.coordinate.longitude, pressureAltitude: 1000, gnssAltitude: 1000)
        }
        let events = TaskFlightEvents(
            release: .init(time: start, coordinate: task.points[0].coordinate, isEngineStop: false),
            engineStarts: [start + 90_000],
            landing: .init(time: fixes[fixes.count - 1].time, coordinate: fixes[fixes.count - 1].coordinate))
        guard let scoring = try? TaskScoring(task: task, fixes: fixes, events: events) else { return nil }
        for offset in [nil, 0, 50_400, -43_200] {
            let score = scoring.score(utcOffsetSeconds: offset)
            if score.reached.count != scoring.task.points.count { return "reached has \(score.reached.count) entries" }
            if !score.distanceKm.isFinite || !score.scoredKm.isFinite || score.scoredKm < 0 {
                return "distances \(score.distanceKm), \(score.scoredKm)"
            }
            if score.completed != (score.reason == nil) {
                return "completed \(score.completed), reason \(score.reason ?? "")"
            }
        }
        return nil
    }
}
