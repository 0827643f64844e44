import ArgumentParser
import FlightLogAnalysis
import FlightLogCore

extension Bench {
    /// Scores a synthetic flight against a synthetic task again and again (issue 41's goal: a 10-hour 1 Hz flight
    /// against a 10-point task in under 0.2 s); prints seconds per score as JSON.
    struct TaskScoreBench: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "task-score")
        @Option var hours = 10.0
        @Option var points = 10
        @Option(help: "racing or aat (the turnpoints as 20 km areas, 3 h minimum time)") var kind = "racing"
        @Option var iterations = 5
        @Flag(help: "Also the flight rules: a start gate, the release and engine runs found on the fixes each time")
        var flightRules = false
        @Flag(help: "With --flight-rules: the release and engine runs read from the flight's analysis, made once")
        var fromAnalysis = false

        func run() throws {
            var (task, fixes) = SyntheticTracks.taskFlight(points: points, hours: hours)
            if kind == "aat" {
                task.kind = .assignedArea
                task.minimumTimeSeconds = 3 * 3600
                for i in task.points.indices.dropFirst().dropLast() { task.points[i].zone = .cylinder(20_000) }
            }
            // The gate opens with the first fix (local time = UTC here); an engine sensor that stays quiet.
            if flightRules {
                task.startOpensSeconds = Int((fixes[0].time / 1000) % 86_400)
                for i in fixes.indices { fixes[i].extensions = "010" }
            }
            let enl = [FixExtension(code: "ENL", length: 3)]
            let (takeoff, landing) = (fixes[0].time, fixes[fixes.count - 1].time)
            // What the import keeps: the analysis, whose events the task result then reads (not timed here).
            let analysis =
                fromAnalysis
                ? FlightAnalysis.compute(
                    fixes: fixes, extensions: enl,
                    inputs: .init(takeoff: takeoff, landing: landing, release: nil, fixCount: fixes.count, index: nil),
                    budget: 1000) : nil
            var completed = 0
            let elapsed = try ContinuousClock().measure {
                for _ in 0..<iterations {
                    let events =
                        !flightRules
                        ? .none
                        : analysis.flatMap { TaskFlightEvents.of($0, fixes: fixes) }
                            ?? TaskFlightEvents.of(fixes, extensions: enl, takeoff: takeoff, landing: landing)
                    let scoring = try TaskScoring(task: task, fixes: fixes, events: events)
                    if scoring.score(utcOffsetSeconds: 0).completed { completed += 1 }
                }
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print(
                "{\"op\": \"task-score-\(kind)\(fromAnalysis ? "-events-from-analysis" : "")\", \"fixes\": \(fixes.count), \"points\": \(points), \"completed\": \(completed == iterations), \"seconds_per_op\": \(seconds / Double(iterations))}"
            )
        }
    }
}
