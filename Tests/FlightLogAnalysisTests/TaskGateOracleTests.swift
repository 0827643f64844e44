import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogAnalysis

/// The start gate against PyPI opensoar (`start_opening`, scripts/score-task.py's `startOpening`) on a synthetic
/// flight written as an IGC file: a gate after the only start leaves both without a start; a gate before it gives
/// both the same start and completion. Skipped without the venv of scripts/setup-opensoar.sh.
@Suite struct TaskGateOracleTests {
    @Test(
        .enabled(if: TaskOracleTests.python != nil, "needs scripts/setup-opensoar.sh"),
        arguments: [20_000, 30_000] as [UTCMillis])
    func opensoarAgreesOnTheGate(_ gateAfterFirstFix: UTCMillis) throws {
        let flown = TaskRulesTests.triangleFixes()
        let bytes = IGCWriter.write(
            fixes: flown, extensions: [], headers: IGCHeaderValues(pressureSensor: "test,gate,max9999m"),
            serial: "GAT", flightNumberOfDay: 1)
        let fixes = try IGCReader.read(bytes).track.fixes
        var task = TaskScoringTests.triangle()
        // opensoar orients every zone, cylinders too, and has no bisector at the first and last point.
        task.points[0].zone.orientation = .toNext
        task.points[3].zone.orientation = .toPrevious
        task.startOpensSeconds = TaskRulesTests.local(gateAfterFirstFix) - TaskRulesTests.offset
        let ours = try TaskScoring(task: task, fixes: fixes).score(utcOffsetSeconds: 0)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let igc = dir.appendingPathComponent("gate.igc"), json = dir.appendingPathComponent("task.json")
        try Data(bytes).write(to: igc)
        var object = try #require(
            try JSONSerialization.jsonObject(with: TaskOracleTests.opensoarJSON(task)) as? [String: Any])
        object["startOpening"] = iso8601UTC(fixes[0].time + gateAfterFirstFix)
        try JSONSerialization.data(withJSONObject: object).write(to: json)
        let script = packageRoot.appendingPathComponent("scripts/score-task.py").path
        let run = try runProcess(TaskOracleTests.python!, [script, igc.path, json.path])
        try #require(run.status == 0, "\(run.stderr)")
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])

        #expect(ours.completed == (theirs["completed"] as? Bool), "\(ours.reason ?? "") \(theirs)")
        #expect(ours.completed == (gateAfterFirstFix < 24_000))
        if let start = ours.startTime, let theirStart = theirs["startTime"] as? String {
            #expect(abs(TaskOracleTests.seconds(start) - TaskOracleTests.seconds(theirStart)) <= 3)
        } else {
            #expect(ours.startTime == nil && (theirs["reached"] as? Int) == 0, "\(theirs)")
        }
    }
}
