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
        let id = try store.importFlights(
            track: track(start: day0, count: 900), fileName: "a.igc", sha256: "a",
            flights: [flight(takeoff: day0 + 60_000, minutes: 12)])[0]
        #expect(try store.attachPendingTask(toFlight: id, declaredAt: day0) == nil)
        try store.declare(task)
        #expect(try store.stampPendingTask(declaredAt: day0 - 5000))
        #expect(try !store.stampPendingTask(declaredAt: day0), "a stamped declaration keeps its time")
        let attached = try #require(try store.attachPendingTask(toFlight: id, declaredAt: day0))
        #expect(attached.declaredAt == day0 - 5000)
        #expect(try store.declaredTask(forFlight: id) == attached)
        #expect(try store.pendingTask() == nil, "the next flight does not get it again")
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
