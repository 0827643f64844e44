import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogAnalysis

/// The shared flights with declarations, scored by us and by PyPI opensoar (scripts/score-task.py in the venv of
/// scripts/setup-opensoar.sh) from the same points and zones: completion, distance and speed agree within the
/// tolerances docs/TASKS.md explains ("The opensoar oracle"). Skipped without the venv or the shared flights.
@Suite struct TaskOracleTests {
    static var python: String? {
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["FLIGHTLOG_TASKS_PYTHON"],
            packageRoot.appendingPathComponent(".build-venv-tasks/bin/python").path,
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A case: a shared flight, the zones of its declared points (start, turnpoints, finish) and the task kind.
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let start: TaskZone
        let turn: [TaskZone]
        let finish: TaskZone
        var kind = FlightTask.Kind.racing
        var testDescription: String { "\(file) \(kind)" }
    }

    static let cases: [Case] = [
        // Its declaration with a 2 km start line, 500 m cylinders, a 1 km finish cylinder; then FAI sectors
        // (20 km long: opensoar needs a radius); then as an AAT of 20 km areas.
        Case(
            file: "654G6NG1.IGC", start: .line(length: 2000, orientation: .toNext), turn: [.cylinder(500)],
            finish: TaskZone(radius: 1000, orientation: .toPrevious)),
        Case(
            file: "654G6NG1.IGC", start: .line(length: 2000, orientation: .toNext),
            turn: [TaskZone(radius: 20_000, halfAngle: 45)], finish: TaskZone(radius: 1000, orientation: .toPrevious)),
        Case(
            file: "654G6NG1.IGC", start: .line(length: 2000, orientation: .toNext), turn: [.cylinder(20_000)],
            finish: TaskZone(radius: 1000, orientation: .toPrevious), kind: .assignedArea),
        // The zones its LXNAV L records give: 1 km start and finish lines, 500 m cylinders.
        Case(
            file: "complex_example_lxn.igc", start: .line(length: 1000, orientation: .toNext), turn: [.cylinder(500)],
            finish: .line(length: 1000, orientation: .toPrevious)),
        Case(
            file: "complex_example_lxn.igc", start: .line(length: 1000, orientation: .toNext),
            turn: [.cylinder(20_000)], finish: .line(length: 1000, orientation: .toPrevious), kind: .assignedArea),
        // Its L records: a 20 km start line, cylinders of 10, 30, 10 and 10 km, a 2 km finish cylinder.
        Case(
            file: "T_77fv4np1.igc", start: .line(length: 20_000, orientation: .toNext),
            turn: [.cylinder(10_000), .cylinder(30_000), .cylinder(10_000), .cylinder(10_000)],
            finish: TaskZone(radius: 2000, orientation: .toPrevious)),
    ]

    /// The declared points of the declaration that counts (the C records as the IGC reader reads them).
    static func declaredPoints(_ bytes: [UInt8]) throws -> [TaskPoint] {
        let file = try IGCReader.read(bytes)
        return file.declarationThatCounts(takeoff: nil).task?.points ?? []
    }

    static func opensoarJSON(_ task: FlightTask) throws -> Data {
        let points = task.points.map { p -> [String: Any] in
            var o: [String: Any] = [
                "name": p.name, "latitude": p.coordinate.latitude, "longitude": p.coordinate.longitude,
                "radius": p.zone.radius ?? 1e7, "halfAngle": p.zone.halfAngle, "isLine": p.zone.isLine,
            ]
            switch p.zone.orientation {
            case .symmetric: o["orientation"] = "symmetrical"
            case .toNext: o["orientation"] = "next"
            case .toPrevious: o["orientation"] = "previous"
            case .toStart: o["orientation"] = "start"
            case .fixed(let d):
                o["orientation"] = "fixed"
                o["orientationAngle"] = d
            }
            return o
        }
        let kind = task.kind == .assignedArea ? "aat" : "racing"
        return try JSONSerialization.data(
            withJSONObject: ["kind": kind, "minimumTimeSeconds": task.minimumTimeSeconds ?? 0, "points": points])
    }

    static func seconds(_ iso: String) -> Double {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let d = f.date(from: iso) ?? ISO8601DateFormatter().date(from: iso)!
        return d.timeIntervalSince1970
    }

    @Test(
        .enabled(if: SharedFlights.available && python != nil, "needs ../shared/flights and scripts/setup-opensoar.sh"),
        arguments: cases)
    func opensoarAgrees(_ c: Case) throws {
        let bytes = try SharedFlights.bytes(c.file)
        let declared = try Self.declaredPoints(bytes)
        try #require(declared.count == c.turn.count + 2 || (c.turn.count == 1 && declared.count > 2))
        let points = declared.enumerated().map { i, p in
            let zone = i == 0 ? c.start : i == declared.count - 1 ? c.finish : c.turn[min(i - 1, c.turn.count - 1)]
            return TaskPoint(name: p.name, coordinate: p.coordinate, zone: zone)
        }
        let task = FlightTask(
            source: .file, kind: c.kind, points: points, minimumTimeSeconds: c.kind == .assignedArea ? 3 * 3600 : nil)
        let fixes = try IGCReader.read(bytes).track.fixes
        let ours = try TaskScoring(task: task, fixes: fixes).score()

        let json = FileManager.default.temporaryDirectory.appendingPathComponent("task-\(UUID().uuidString).json")
        try Self.opensoarJSON(task).write(to: json)
        defer { try? FileManager.default.removeItem(at: json) }
        let script = packageRoot.appendingPathComponent("scripts/score-task.py").path
        let run = try runProcess(
            Self.python!, [script, SharedFlights.directory.appendingPathComponent(c.file).path, json.path])
        try #require(run.status == 0, "\(run.stderr)")
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])

        #expect(ours.completed == (theirs["completed"] as? Bool), "\(ours.reason ?? "")")
        let theirKm = try #require(theirs["distanceKm"] as? Double)
        let ourKm = c.kind == .assignedArea ? try #require(ours.achievedKm) : ours.distanceKm
        #expect(abs(ourKm / theirKm - 1) < 0.006, "ours \(ourKm) km, opensoar \(theirKm) km")
        let intervals = zip(fixes, fixes.dropFirst()).map { Double($1.time - $0.time) / 1000 }.sorted()
        let interval = intervals[intervals.count / 2]
        let ourStart = Self.seconds(try #require(ours.startTime))
        let theirStart = Self.seconds(try #require(theirs["startTime"] as? String))
        #expect(abs(ourStart - theirStart) <= interval + 1, "start ours \(ourStart), opensoar \(theirStart)")
        guard ours.completed, let theirSpeed = theirs["speedKmh"] as? Double else { return }
        let duration = Self.seconds(ours.finishTime!) - ourStart
        let speed = try #require(ours.speedKmh)
        #expect(
            abs(speed / theirSpeed - 1) < 0.006 + 2 * (interval + 1) / duration, "ours \(speed), opensoar \(theirSpeed)"
        )
    }

    /// Every shared flight with a declaration, scored against it as read (Sporting Code: 1 km start and finish lines,
    /// turnpoints by the 500 m cylinder or the FAI sector): the two that fly theirs complete it, with the distance
    /// between the declared points and the speed over the interpolated times; the others are scored (or refused)
    /// in words, never a crash.
    @Test(.enabled(if: SharedFlights.available, "needs ../shared/flights"))
    func declaredTasksAreScoredAsRead() throws {
        var completed: Set<String> = []
        for url in SharedFlights.files() {
            let file = try IGCReader.read([UInt8](try Data(contentsOf: url)))
            guard let task = file.declarationThatCounts(takeoff: nil).task else { continue }
            #expect(TaskRules.for(task) == .sportingCode)
            do {
                let s = try TaskScoring(task: task, fixes: file.track.fixes).score()
                print("task \(url.lastPathComponent): \(s.completed ? "completed" : s.reason ?? "") \(s.scoredKm) km")
                if s.completed {
                    completed.insert(url.lastPathComponent)
                    let c = task.points.map(\.coordinate)
                    let legs = zip(c, c.dropFirst()).reduce(0) { $0 + TaskScoringTests.fai($1.0, $1.1) }
                    #expect(abs(s.distanceKm - legs / 1000) < 0.001 && s.scoredKm == s.distanceKm)
                    let seconds = Self.seconds(s.finishTime!) - Self.seconds(s.startTime!)
                    #expect(abs(try #require(s.speedKmh) - legs / seconds * 3.6) < 0.01)
                } else {
                    #expect(s.reason != nil)
                }
            } catch {
                print("task \(url.lastPathComponent): \(error)")
                #expect(!"\(error)".isEmpty)
            }
        }
        #expect(completed.isSuperset(of: ["654G6NG1.IGC", "complex_example_lxn.igc"]), "\(completed)")
    }
}
