import Testing

@testable import FlightLogCore

/// The task fuzz target's seeds and stored inputs (`Fuzz/seeds/task`, `Tests/FuzzCorpus/task`) through its pipeline.
@Suite struct TaskFuzzRegressionTests {
    @Test func taskInputs() throws {
        let outcomes = try FuzzRegressionTests.expectNoViolation("task", TaskFuzzPipeline.run)
        #expect(outcomes["declaration.igc"]?.summary == "igc: 1 declarations, 0 warnings", "\(outcomes)")
        #expect(outcomes["several-hostile.igc"]?.summary == "igc: 1 declarations, 1 warnings", "\(outcomes)")
        #expect(outcomes["competition.igc"]?.summary == "igc: 0 declarations, 0 warnings", "\(outcomes)")
        #expect(outcomes["tasks.cup"]?.summary == "igc rejected; cup: 2 tasks", "\(outcomes)")
    }

    /// The pipeline catches what it is there for: a task unsound in any way is reported.
    @Test func unsoundTasksAreCaught() {
        let a = TaskPoint(name: "A", coordinate: Coordinate(latitude: 51, longitude: -1), zone: .faiTurnpoint)
        var far = a
        far.coordinate.latitude = 91
        var huge = a
        huge.zone = .cylinder(.infinity)
        #expect(TaskFuzzPipeline.unsound(FlightTask(source: .file, points: [a, a])) == nil)
        #expect(TaskFuzzPipeline.unsound(FlightTask(source: .file, points: [a])) != nil)
        #expect(TaskFuzzPipeline.unsound(FlightTask(source: .file, points: [a, far])) != nil)
        #expect(TaskFuzzPipeline.unsound(FlightTask(source: .file, points: [a, huge])) != nil)
        #expect(TaskFuzzPipeline.unsound(FlightTask(source: .file, points: [a, a], minimumTimeSeconds: 0)) != nil)
    }
}
