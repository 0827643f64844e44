import FlightLogAnalysis
import FlightLogCore
import FlightLogText
import Foundation
import Testing

/// `show`'s Task block and `show --json`'s `"task"` from a synthetic IGC file with a declaration (C records).
@Suite("the task in show and show --json")
struct TaskTextTests {
    /// A 4-point task (start line, two turnpoints, finish line) on a 20 km circle and a 1 h track flying it.
    static let flown = SyntheticTracks.taskFlight(points: 4, hours: 1, radius: 20_000)

    /// The IGC file of `fixes` declaring the task, made `declaredBefore` ms before the first fix.
    static func file(_ fixes: [Fix], declaredBefore: UTCMillis = 3_600_000) -> [UInt8] {
        var task = flown.0
        task.source = .declaration
        task.name = "Circle"
        task.declaredAt = flown.1[0].time - declaredBefore
        return IGCWriter.write(
            fixes: fixes, extensions: [], headers: IGCHeaderValues(pressureSensor: "test,task,max9999m"),
            serial: "TSK", flightNumberOfDay: 1, task: task)
    }

    static func flight(_ fixes: [Fix]) -> Flight {
        Flight(
            id: 3, takeoffTime: fixes[0].time, landingTime: fixes[fixes.count - 1].time,
            takeoffCoordinate: fixes[0].coordinate, landingCoordinate: fixes[fixes.count - 1].coordinate,
            details: FlightDetails(), source: .imported(fileName: "task.igc", sha256: "00"), maxAltitude: 1000,
            maxDistanceFromTakeoff: 20_000, pathLength: 100_000, utcOffsetSeconds: 7_200)
    }

    /// `show --json`'s `"task"`, parsed.
    static func taskJSON(_ flight: Flight, _ report: FlightTaskReport?) throws -> Any? {
        let json = FlightJSON.show(flight, faults: [], analysis: nil, owner: nil, task: report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(object["task"])
    }

    @Test func aFlownDeclarationIsCompletedWithEveryPointsTime() throws {
        let fixes = Self.flown.1
        let flight = Self.flight(fixes)
        let found = FlightTaskReport.of(flight, fixes: fixes, originalFile: Self.file(fixes), declared: nil)
        let report = try #require(found.report)
        #expect(report.task.source == .declaration && report.task.name == "Circle")
        let score = try #require(report.score)
        #expect(score.completed && score.reason == nil, "\(score)")
        #expect(score.rules == .sportingCode)

        let task = try #require(try Self.taskJSON(flight, report) as? [String: Any])
        #expect(task["completed"] as? Bool == true && task["source"] as? String == "declaration")
        let points = try #require(task["turnpoints"] as? [[String: Any]])
        #expect(points.map { $0["name"] as? String } == ["TP0", "TP1", "TP2", "TP3"])
        let start = try #require(points[0]["zone"] as? [String: Any])
        #expect(start["line"] as? Bool == true && start["orientation"] as? String == "toNext", "\(start)")
        let reached = try #require(task["reached"] as? [Any])
        #expect(reached.count == 4 && reached.allSatisfy { $0 is [String: Any] }, "\(reached)")
        #expect(task["distanceKm"] as? Double == score.distanceKm && task["speedKmh"] as? Double == score.speedKmh)

        let block = try #require(FlightTaskReport.block(found, flight: flight))
        let lines = block.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("Task: \"Circle\", declared in the file"), "\(block)")
        #expect(lines.count == 6 && lines[1...4].allSatisfy { $0.hasSuffix(" local") }, "\(block)")
        #expect(lines[5].hasPrefix("  Completed: \(decimal(score.distanceKm, 1)) km at "), "\(block)")
        let text = FlightDetailsText.text(flight, fixes: fixes, history: [], task: block)
        #expect(text.contains("\n\nTask: \"Circle\""), "\(text)")
    }

    @Test func aTrackCutShortMissesTheFinishAndSaysWhy() throws {
        let fixes = Array(Self.flown.1.prefix(Self.flown.1.count * 6 / 10))
        let flight = Self.flight(fixes)
        let found = FlightTaskReport.of(flight, fixes: fixes, originalFile: Self.file(fixes), declared: nil)
        let score = try #require(found.report?.score)
        #expect(!score.completed && score.scoredKm > 0 && score.scoredKm < score.distanceKm, "\(score)")
        let task = try #require(try Self.taskJSON(flight, found.report) as? [String: Any])
        #expect(task["completed"] as? Bool == false && task["reason"] as? String == score.reason)
        #expect((task["reached"] as? [Any])?.last is NSNull)
        let block = try #require(FlightTaskReport.block(found, flight: flight))
        #expect(block.contains(" missed\n") && block.contains("Not completed: \(decimal(score.scoredKm, 1)) of "))
        #expect(block.contains(score.reason ?? "?"), "\(block)")
    }

    @Test func aDeclarationMadeAfterTakeoffCountsNotAndSaysSo() throws {
        let fixes = Self.flown.1
        let flight = Self.flight(fixes)
        let file = Self.file(fixes, declaredBefore: -60_000)
        let found = FlightTaskReport.of(flight, fixes: fixes, originalFile: file, declared: nil)
        #expect(found.report == nil)
        #expect(try Self.taskJSON(flight, nil) is NSNull)
        let block = try #require(FlightTaskReport.block(found, flight: flight))
        #expect(block.hasPrefix("Task: none counts\n  warning: the declaration was made after take-off"), "\(block)")
    }

    @Test func aRecordedFlightScoresTheTaskItWasDeclaredWith() throws {
        let (task, fixes) = Self.flown
        var flight = Self.flight(fixes)
        flight.source = .recorded
        let found = FlightTaskReport.of(flight, fixes: fixes, originalFile: nil, declared: task)
        let report = try #require(found.report)
        #expect(report.task.source == .file && report.score?.completed == true && report.score?.rules == .competition)
        #expect(FlightTaskReport.block((nil, []), flight: flight) == nil)
    }

    @Test func aTaskThatCannotBeScoredSaysWhyInBoth() throws {
        let fixes = Self.flown.1
        let here = fixes[0].coordinate
        let task = FlightTask(
            source: .file, name: "Nowhere",
            points: [
                TaskPoint(name: "A", coordinate: here, zone: .line(length: 1000, orientation: .toNext)),
                TaskPoint(name: "B", coordinate: here, zone: .line(length: 1000, orientation: .toPrevious)),
            ])
        let flight = Self.flight(fixes)
        let found = FlightTaskReport.of(flight, fixes: fixes, originalFile: nil, declared: task)
        let report = try #require(found.report)
        let problem = try #require(report.scoringProblem)
        #expect(report.score == nil && problem.contains("has no direction"), "\(problem)")
        let json = try #require(try Self.taskJSON(flight, report) as? [String: Any])
        #expect(json["distanceKm"] is NSNull && json["completed"] as? Bool == false, "\(json)")
        #expect(json["reason"] as? String == problem)
        let block = try #require(FlightTaskReport.block(found, flight: flight))
        #expect(block.hasSuffix("  Not scored: \(problem)") && block.contains("A not scored"), "\(block)")
    }
}
