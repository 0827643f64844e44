import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// `show` and `show --json` give the task of an imported IGC file (its C records), through the real `flightlog`.
@Suite("the task in show end to end", .serialized, .timeLimit(.minutes(5)))
struct TaskShowCLITests {
    static let t0: UTCMillis = 1_751_446_800_000  // 2025-07-02 09:00:00 UTC
    static let start = Coordinate(latitude: 50, longitude: 7)
    static let north = Geodesy.destination(from: start, bearing: 0, distance: 10_000)
    static let east = Geodesy.destination(from: north, bearing: 90, distance: 10_000)

    /// A declared triangle start → 10 km north → 10 km east → finish at the start, made an hour before take-off.
    static let task = FlightTask(
        source: .declaration, name: "Triangle", declaredAt: t0 - 3_600_000,
        points: [
            TaskPoint(name: "Home", coordinate: start, zone: .line(length: 1000, orientation: .toNext)),
            TaskPoint(name: "North", coordinate: north, zone: .faiTurnpoint),
            TaskPoint(name: "East", coordinate: east, zone: .faiTurnpoint),
            TaskPoint(name: "Home", coordinate: start, zone: .line(length: 1000, orientation: .toPrevious)),
        ])

    /// Stands 2 min at `way`'s first point, flies through `way` at 30 m/s (climbs to 1000 m in 5 min, lands in the
    /// last 100 s), stands 3 min at its end.
    static func fixes(through way: [Coordinate]) -> [Fix] {
        let flown = SyntheticTracks.route(way, speed: 30, start: t0 + 120_000)
        let flying = flown.count
        let ground = (0..<120).map { s in
            Fix(
                time: t0 + Int64(s) * 1000, latitude: way[0].latitude,
                longitude: way[0].longitude, pressureAltitude: 100, gnssAltitude: 100)
        }
        let air = flown.enumerated().map { t, fix in
            let altitude = t < 300 ? 100 + 3 * Double(t) : t < flying - 100 ? 1000 : 100 + 9 * Double(flying - 1 - t)
            return Fix(
                time: fix.time, latitude: fix.latitude, longitude: fix.longitude, pressureAltitude: altitude,
                gnssAltitude: altitude)
        }
        let last = air[air.count - 1]
        let after = (1...180).map { s in
            Fix(
                time: last.time + Int64(s) * 1000, latitude: last.latitude,
                longitude: last.longitude, pressureAltitude: 100, gnssAltitude: 100)
        }
        return ground + air + after
    }

    struct Shown: Decodable {
        struct Task: Decodable {
            struct Point: Decodable { var name: String }
            var source: String
            var name: String?
            var turnpoints: [Point]
            var completed: Bool
            var reached: [Point?]
            var speedKmh: Double?
            var reason: String?
        }
        var task: Task?
    }

    /// `flightlog show 1 --json`'s `"task"` and `show 1`'s text for the IGC file `bytes`.
    func shown(_ bytes: [UInt8]) throws -> (json: Shown.Task?, text: String) {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        try Data(bytes).write(to: dir.appendingPathComponent("task.igc"))
        let imported = try CLI.run(["import", "task.igc"], database: db, in: dir)
        try #require(imported.status == 0, "import failed: \(imported.stderr)")
        let json = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        try #require(json.status == 0, "show --json failed: \(json.stderr)")
        #expect(json.stdout.contains("\"task\" :"), "\(json.stdout)")
        let text = try CLI.run(["show", "1"], database: db, in: dir)
        try #require(text.status == 0, "show failed: \(text.stderr)")
        return (try JSONDecoder().decode(Shown.self, from: Data(json.stdout.utf8)).task, text.stdout)
    }

    static func file(_ fixes: [Fix], task: FlightTask?) -> [UInt8] {
        IGCWriter.write(
            fixes: fixes, extensions: [], headers: IGCHeaderValues(pressureSensor: "test,task,max9999m"),
            serial: "TSK", flightNumberOfDay: 1, task: task)
    }

    @Test func aFlownDeclarationIsCompletedInJSONAndText() throws {
        let behind = Geodesy.destination(from: Self.start, bearing: 180, distance: 2000)
        let past = Geodesy.destination(
            from: Self.start, bearing: Geodesy.bearing(Self.east, Self.start), distance: 2000)
        let (json, text) = try shown(
            Self.file(
                Self.fixes(through: [behind, Self.start, Self.north, Self.east, Self.start, past]), task: Self.task))
        let task = try #require(json)
        #expect(task.source == "declaration" && task.name == "Triangle")
        #expect(task.turnpoints.map(\.name) == ["Home", "North", "East", "Home"])
        #expect(task.completed && task.reason == nil && task.reached.allSatisfy { $0 != nil }, "\(task)")
        // 44.1 km of task in about 24.5 min of flight (30 m/s = 108 km/h, less for the way to and from the lines).
        let speed = try #require(task.speedKmh)
        #expect(speed > 100 && speed <= 108.5, "\(speed)")
        #expect(text.contains("\n\nTask: \"Triangle\", declared in the file"), "\(text)")
        #expect(text.contains("Completed: "), "\(text)")
    }

    @Test func aTriangleNotClosedIsMissedAndAFileWithoutTaskHasNull() throws {
        let behind = Geodesy.destination(from: Self.start, bearing: 180, distance: 2000)
        let (json, text) = try shown(Self.file(Self.fixes(through: [behind, Self.start, Self.north]), task: Self.task))
        let task = try #require(json)
        #expect(!task.completed && task.reached.map { $0 != nil } == [true, true, false, false], "\(task)")
        #expect(task.reason?.hasPrefix("turnpoint 2 East missed by ") == true, "\(task)")
        #expect(text.contains("turnpoint 2 East") && text.contains("missed"), "\(text)")

        let plain = try shown(Self.file(Self.fixes(through: [behind, Self.start, Self.north]), task: nil))
        #expect(plain.json == nil && !plain.text.contains("Task:"), "\(plain.text)")
    }

    @Test func theSharedFlightCompletesItsDeclaration() throws {
        guard SharedFlights.available, let bytes = try? SharedFlights.bytes("654G6NG1.IGC") else { return }
        let task = try #require(try shown(bytes).json)
        #expect(task.source == "declaration" && task.turnpoints.count == 4)
        #expect(task.completed && task.speedKmh != nil, "\(task)")
    }
}
