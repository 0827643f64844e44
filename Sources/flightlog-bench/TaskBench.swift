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

        func run() throws {
            var (task, fixes) = SyntheticTracks.taskFlight(points: points, hours: hours)
            if kind == "aat" {
                task.kind = .assignedArea
                task.minimumTimeSeconds = 3 * 3600
                for i in task.points.indices.dropFirst().dropLast() { task.points[i].zone = .cylinder(20_000) }
            }
            var completed = 0
            let elapsed = try ContinuousClock().measure {
                for _ in 0..<iterations where try TaskScoring(task: task, fixes: fixes).score().completed {
                    completed += 1
                }
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print(
                "{\"op\": \"task-score-\(kind)\", \"fixes\": \(fixes.count), \"points\": \(points), \"completed\": \(completed == iterations), \"seconds_per_op\": \(seconds / Double(iterations))}"
            )
        }
    }
}
