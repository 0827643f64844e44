import FlightLogCore
import FlightLogTestSupport
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// One pending declaration at a time; the recorder moves it to the flight it creates, stamping it with GPS time
/// when the CLI could not.
@Suite struct DeclaredTaskStoreTests {
    private let task = FlightTask(
        source: .file, name: "Triangle",
        points: [
            TaskPoint(name: "A", coordinate: Coordinate(latitude: 50, longitude: 7), zone: .cylinder(500)),
            TaskPoint(name: "B", coordinate: Coordinate(latitude: 50.5, longitude: 7.5), zone: .cylinder(500)),
        ])

    @Test func declareReplacesClearsAndSurvivesReopening() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        #expect(try store.pendingTask() == nil)
        try store.declare(task)
        var other = task
        other.name = "Other"
        try store.declare(other)
        #expect(try FlightStore(path: dir.databasePath, mode: .readOnly).pendingTask() == other)
        #expect(try store.clearPendingTask())
        #expect(try !store.clearPendingTask())
        #expect(try store.pendingTask() == nil)
    }

    @Test func theFlightTakesThePendingTaskStampedWithGPSTime() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let takeoff = day0 + 60_000
        let id = try store.importFlights(
            track: track(start: day0, count: 900), fileName: "a.igc", sha256: "a",
            flights: [flight(takeoff: takeoff, minutes: 12)])[0]
        #expect(try store.attachPendingTask(toFlight: id, declaredBy: takeoff) == nil)
        try store.declare(task)
        #expect(try store.attachPendingTask(toFlight: id, declaredBy: takeoff) == nil, "no GPS time: not attached")
        #expect(try store.stampPendingTask(declaredAt: takeoff + 1))
        #expect(try !store.stampPendingTask(declaredAt: day0), "a stamped declaration keeps its time")
        #expect(try store.attachPendingTask(toFlight: id, declaredBy: takeoff) == nil, "declared after take-off")
        #expect(try store.pendingTask()?.declaredAt == takeoff + 1, "it waits for the next flight")
        #expect(try store.declaredTask(forFlight: id) == nil)

        var before = task
        before.declaredAt = takeoff
        try store.declare(before)
        let attached = try #require(try store.attachPendingTask(toFlight: id, declaredBy: takeoff))
        #expect(attached == before)
        #expect(try store.declaredTask(forFlight: id) == before)
        #expect(try store.pendingTask() == nil, "the next flight does not get it again")
        try store.declare(before)
        #expect(try store.attachPendingTask(toFlight: id + 1, declaredBy: takeoff) == nil, "no such flight")
        #expect(try store.pendingTask() == before, "kept for a flight that exists")
    }

    /// The IGC file of a recorded flight carries the task it was declared with as C records (the one place every
    /// export asks); a flight without one has none, and an imported flight's own file is given unchanged.
    @Test func theIGCExportOfARecordedFlightHasItsDeclaration() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let recording = try store.beginRecording(recorder: recorder)
        try store.append(fixes: track(start: day0, count: 1200).fixes, toRecording: recording)
        let declared = try store.insertFlight(
            flight(takeoff: day0 + 60_000, minutes: 3), recording: recording, inProgress: false)
        let plain = try store.insertFlight(
            flight(takeoff: day0 + 600_000, minutes: 3), recording: recording, inProgress: false)
        var stamped = task
        stamped.declaredAt = day0 + 1000
        try store.declare(stamped)
        try #require(try store.attachPendingTask(toFlight: declared, declaredBy: day0 + 60_000) != nil)

        func export(_ id: Int64) throws -> [UInt8] {
            try igcExport(flightId: id, store: store, config: FlightLogConfig()) { nil }.bytes
        }
        let withTask = try IGCReader.read(try export(declared))
        try #require(withTask.declarations.count == 1)
        let read = withTask.declarations[0]
        #expect(read.declaredAt == day0 + 1000)
        #expect(read.points.map(\.name) == ["A", "B"])
        #expect(
            zip(read.points, stamped.points).allSatisfy { abs($0.coordinate.latitude - $1.coordinate.latitude) < 1e-5 })
        #expect(try IGCReader.read(try export(plain)).declarations.isEmpty)

        let original = Array("AXXXABC\r\nHFDTEDATE:010125,01\r\nB0001004800000N00900000EA0040000450\r\n".utf8)
        let imported = try store.importFlights(
            track: track(start: day0 + 86_400_000, count: 120), fileName: "own.igc", sha256: "own",
            original: original, flights: [flight(takeoff: day0 + 86_430_000, minutes: 1)])[0]
        #expect(try export(imported) == original, "an imported file is never rewritten")
    }

    @Test func anUnreadableStoredTaskIsNone() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        try store.declare(task)
        try DatabaseQueue(path: dir.databasePath).write { db in
            try db.execute(sql: "UPDATE pendingTask SET data = x'7b7b'")
        }
        #expect(try store.pendingTask() == nil)
    }
}
