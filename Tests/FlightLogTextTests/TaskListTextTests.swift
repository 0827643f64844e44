import FlightLogAnalysis
import FlightLogCore
import FlightLogText
import Foundation
import Testing

/// The declared task in `list`: the mark, `list --json`'s `"task"`, the CSV columns and `--task`'s choice.
@Suite("the task in list, list --json and CSV")
struct TaskListTextTests {
    /// Flight 3 completed its declared task, flight 4 flew it cut short, flight 5 had none.
    static func results() throws -> (flights: [Flight], tasks: [Int64: FlightTaskResult]) {
        let fixes = TaskTextTests.flown.1
        let short = Array(fixes.prefix(fixes.count * 6 / 10))
        var flights: [Flight] = []
        var tasks: [Int64: FlightTaskResult] = [:]
        for (id, track) in [(Int64(3), fixes), (4, short), (5, fixes)] {
            var flight = TaskTextTests.flight(track)
            flight.id = id
            flights.append(flight)
            let file = id == 5 ? nil : TaskTextTests.file(track)
            tasks[id] = FlightTaskResult.compute(flight: flight, fixes: track, originalFile: file, declared: nil)
        }
        return (flights, tasks)
    }

    @Test func theResultHoldsWhatShowScores() throws {
        let (flights, tasks) = try Self.results()
        let fixes = TaskTextTests.flown.1
        let report = try #require(
            FlightTaskReport.of(flights[0], fixes: fixes, originalFile: TaskTextTests.file(fixes), declared: nil).report
        )
        let score = try #require(report.score)
        #expect(tasks[3] == FlightTaskResult(task: report.task, score: score))
        #expect(tasks[3]?.completed == true && tasks[3]?.name == "Circle" && tasks[3]?.speedKmh == score.speedKmh)
        #expect(tasks[4]?.completed == false && (tasks[4]?.scoredKm ?? 0) > 0)
        #expect(tasks[5] == nil)
        // The task a flight recorded here was declared with counts when its file has none.
        var declared = TaskTextTests.flown.0
        declared.name = "Declared"
        let fromDeclared = FlightTaskResult.compute(
            flight: flights[0], fixes: fixes, originalFile: nil, declared: declared)
        #expect(fromDeclared?.name == "Declared" && fromDeclared?.completed == true)
    }

    @Test func theTableMarksCompletedAndNotCompletedAndSaysWhichIsWhich() throws {
        let (flights, tasks) = try Self.results()
        let lines = FlightTable.render(flights, width: 200, tasks: tasks).split(separator: "\n").map(String.init)
        let column = try #require(lines[0].range(of: "Task"))
        let at = lines[0].distance(from: lines[0].startIndex, to: column.lowerBound)
        func cell(_ line: String) -> String { String(Array(line)[at..<(at + 4)]).trimmingCharacters(in: .whitespaces) }
        #expect(cell(lines[2]) == "✓" && cell(lines[3]) == "✗" && cell(lines[4]) == "", "\(lines)")
        #expect(lines.last == "Task: ✓ declared task completed, ✗ declared, not completed", "\(lines)")
        // Without any task, neither the column nor the legend.
        let none = FlightTable.render(flights, width: 200)
        #expect(!none.contains("Task") && !none.contains("✓"), "\(none)")
        // Narrowed: the mark goes before the contest distance does.
        let headers = (40...120).map {
            String(FlightTable.render(flights, width: $0, tasks: tasks).prefix { $0 != "\n" })
        }
        #expect(!headers.contains { $0.contains("Task") && !$0.contains("Contest") }, "\(headers)")
        #expect(headers.contains { !$0.contains("Task") && $0.contains("Contest") } && headers.last!.contains("Task"))
    }

    /// Issue 41: at 80 columns the Task column went and its legend stayed. The 4-character column outranks the
    /// place and the glider; where it goes after all (a narrower terminal), its legend goes with it.
    @Test func atEightyColumnsTheTaskColumnStaysAndTheLegendGoesWithIt() throws {
        var (flights, tasks) = try Self.results()
        for i in flights.indices {
            flights[i].details.gliderType = "Duo Discus T"
            flights[i].details.registration = "D-KXYZ"
            flights[i].details.pilot = "Anna Pilotin"
            flights[i].details.takeoffPlace = "Dahlemer Binz"
            flights[i].details.launchMethod = .winch
        }
        let legend = "Task: ✓ declared task completed, ✗ declared, not completed"
        for width in [80, 120] {
            let lines = FlightTable.render(flights, width: width, tasks: tasks).split(separator: "\n").map(String.init)
            #expect(lines[0].contains("Task") && lines.last == legend, "\(width): \(lines)")
            #expect(lines.allSatisfy { $0.count <= width }, "\(width): \(lines)")
        }
        for width in 20...200 {
            let text = FlightTable.render(flights, width: width, tasks: tasks)
            let header = text.prefix { $0 != "\n" }
            #expect(header.contains("Task") == text.contains(legend), "\(width): \(text)")
        }
    }

    @Test func jsonHasTheKeysShowHasAndNullWithoutATask() throws {
        let (flights, tasks) = try Self.results()
        let json = FlightJSON.array(flights, tasks: tasks)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let done = try #require(array[0]["task"] as? [String: Any])
        #expect(Set(done.keys) == ["name", "completed", "distanceKm", "speedKmh", "scoredKm"], "\(done)")
        #expect(done["completed"] as? Bool == true && done["distanceKm"] as? Double == tasks[3]?.distanceKm)
        // The same values as show --json's task for the same flight.
        let fixes = TaskTextTests.flown.1
        let report = FlightTaskReport.of(
            flights[0], fixes: fixes, originalFile: TaskTextTests.file(fixes), declared: nil)
        let shown = try #require(try TaskTextTests.taskJSON(flights[0], report.report) as? [String: Any])
        for key in done.keys { #expect("\(done[key]!)" == "\(shown[key]!)", "\(key)") }
        let missed = try #require(array[1]["task"] as? [String: Any])
        #expect(missed["completed"] as? Bool == false && missed["speedKmh"] is NSNull, "\(missed)")
        #expect(array[2]["task"] is NSNull)
    }

    @Test func csvHasTheTaskColumnsBeforeTheContestOnes() throws {
        let (flights, tasks) = try Self.results()
        let lines = FlightCSV.render(flights, tasks: tasks).split(separator: "\r\n").map(String.init)
        #expect(
            lines[0].hasSuffix(",task_name,task_completed,task_km,task_speed_kmh,task_scored_km,contest_km,engine_min"))
        let t3 = try #require(tasks[3])
        let expected = [
            "Circle", "yes", decimal(t3.distanceKm ?? 0, 1), decimal(t3.speedKmh ?? 0, 1), decimal(t3.scoredKm, 1), "",
            "",
        ]
        #expect(lines[1].hasSuffix("," + expected.joined(separator: ",")), "\(lines[1])")
        #expect(lines[2].contains(",Circle,no,") && lines[3].hasSuffix(",,,,,,,"), "\(lines)")
    }

    @Test func taskChoiceKeepsDeclaredOrCompleted() throws {
        let (flights, tasks) = try Self.results()
        let completed = tasks.mapValues(\.completed)
        #expect(TaskChoice(task: false, completed: false) == nil)
        #expect(TaskChoice(task: true, completed: false)?.chosen(flights, completed: completed).map(\.id) == [3, 4])
        #expect(TaskChoice(task: false, completed: true)?.chosen(flights, completed: completed).map(\.id) == [3])
        #expect(TaskChoice(task: true, completed: true) == .completed)
        let owner = OwnerChoice(nil)
        #expect(TaskChoice.nothingListed(nil, owner: owner, filter: FlightFilter()) == "No flights yet.")
        #expect(
            TaskChoice.nothingListed(.completed, owner: owner, filter: FlightFilter())
                == "No flights match: declared task completed.")
        #expect(
            TaskChoice.nothingListed(.declared, owner: owner, filter: FlightFilter(launch: .winch))
                == "No flights match: winch launch · with a declared task.")
        #expect(
            TaskChoice.nothingListed(nil, owner: OwnerChoice("Müller"), filter: FlightFilter())
                == "No flights match: flights of Müller.")
    }
}
