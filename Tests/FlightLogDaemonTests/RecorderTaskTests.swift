import FlightLogCore
import FlightLogStore
import Foundation
import Testing

@testable import FlightLogDaemon

/// A plain declaration, as `flightlog task declare` stores it (`declaredAt` nil: the command had no GPS time).
private func declaration(declaredAt: UTCMillis? = nil) -> FlightTask {
    let points = [
        TaskPoint(name: "Start", coordinate: Coordinate(latitude: 47.39, longitude: 8.53), zone: .faiTurnpoint),
        TaskPoint(name: "Turn", coordinate: Coordinate(latitude: 47.6, longitude: 8.9), zone: .faiTurnpoint),
        TaskPoint(name: "Finish", coordinate: Coordinate(latitude: 47.39, longitude: 8.53), zone: .faiTurnpoint),
    ]
    return FlightTask(
        source: .file, name: "Out and return", declaredAt: declaredAt,
        points: FlightTask.withDeclarationZones(points))
}

private func time(ofSecond i: Int, shift: Int64 = 0) -> UTCMillis {
    SyntheticFlight.start + (Int64(i) + shift) * 1000
}

/// The recorder stamps a pending declaration with GPS time and moves it to the next flight it records, only when it
/// was declared by that flight's take-off (docs/TASKS.md, "Declaring a task"); on a driven clock, a real SQLite file.
@Suite(.serialized) struct RecorderTaskTests {
    /// Declared on the ground (with the GPS time the command read from the status file): the flight takes it, and
    /// the next flight does not get it again.
    @Test(.timeLimit(.minutes(2)))
    func declaredBeforeTakeoffIsTheFlights() async throws {
        let path = try temporaryDatabase()
        let store = try FlightStore(path: path, mode: .readWrite)
        let flight = SyntheticFlight()
        let recorder = try openDrivenRecorder(path, flight)
        await feedSeconds(recorder, flight, 0..<60)
        let task = declaration(declaredAt: time(ofSecond: 60))
        try store.declare(task)
        await feedSeconds(recorder, flight, 60..<SyntheticFlight.count)
        await recorder.finish(now: flight.monotonicStart + Int64(SyntheticFlight.count) * 1_000_000_000)

        let flights = try store.flights(matching: FlightFilter())
        try #require(flights.count == 1)
        #expect(try store.declaredTask(forFlight: try #require(flights[0].id)) == task, "kept as declared")
        #expect(try store.pendingTask() == nil, "the next flight does not get it again")
    }

    /// Declared in the air (after the take-off, before the landing): not this flight's; it waits and the next
    /// flight takes it.
    @Test(.timeLimit(.minutes(2)))
    func declaredAfterTakeoffWaitsForTheNextFlight() async throws {
        let path = try temporaryDatabase()
        let store = try FlightStore(path: path, mode: .readWrite)
        let flight = SyntheticFlight()
        let recorder = try openDrivenRecorder(path, flight)
        // The take-off is backdated to a few seconds into the roll; this is well after it.
        let declaredSecond = SyntheticFlight.takeoffSecond + 30
        await feedSeconds(recorder, flight, 0..<declaredSecond)
        let task = declaration(declaredAt: time(ofSecond: declaredSecond))
        try store.declare(task)
        await feedSeconds(recorder, flight, declaredSecond..<SyntheticFlight.count)
        var flights = try store.flights(matching: FlightFilter())
        try #require(flights.count == 1)
        #expect(flights[0].takeoffTime < task.declaredAt!, "take-off at \(iso8601UTC(flights[0].takeoffTime))")
        #expect(try store.declaredTask(forFlight: try #require(flights[0].id)) == nil)
        #expect(try store.pendingTask() == task, "kept, with its time, for the next flight")

        let shift = Int64(SyntheticFlight.count + 600)
        await feedSeconds(recorder, flight, 0..<SyntheticFlight.count, shift: shift)
        await recorder.finish(now: flight.monotonicStart + (shift + Int64(SyntheticFlight.count)) * 1_000_000_000)
        flights = try store.flights(matching: FlightFilter(), newestFirst: true)
        try #require(flights.count == 2)
        #expect(try store.declaredTask(forFlight: try #require(flights[0].id)) == task)
        #expect(try store.pendingTask() == nil)
    }

    /// Declared while the recorder had no GPS time: nothing happens before the first fix (no system clock), the
    /// first consistent fix gives the time, and the flight takes it with that time.
    @Test(.timeLimit(.minutes(2)))
    func withoutGPSTimeItIsStampedAtTheFirstConsistentFix() async throws {
        let path = try temporaryDatabase()
        let store = try FlightStore(path: path, mode: .readWrite)
        try store.declare(declaration())
        let flight = SyntheticFlight()
        let recorder = try openDrivenRecorder(path, flight)
        for k in 1...20 { await recorder.tick(now: flight.monotonicStart + Int64(k) * 10_000_000) }
        #expect(try store.pendingTask()?.declaredAt == nil, "no fix yet: no time")

        await feedSeconds(recorder, flight, 0..<1)
        let stamped = try #require(try store.pendingTask()?.declaredAt, "stamped at the first fix's tick")
        #expect((time(ofSecond: 0)...time(ofSecond: 1)).contains(stamped), "\(iso8601UTC(stamped))")
        await feedSeconds(recorder, flight, 1..<30)
        #expect(try store.pendingTask()?.declaredAt == stamped, "stamped once")

        await feedSeconds(recorder, flight, 30..<SyntheticFlight.count)
        await recorder.finish(now: flight.monotonicStart + Int64(SyntheticFlight.count) * 1_000_000_000)
        let flights = try store.flights(matching: FlightFilter())
        try #require(flights.count == 1)
        let id = try #require(flights[0].id)
        let kept = try #require(try store.declaredTask(forFlight: id))
        #expect(kept.declaredAt == stamped)
        #expect(kept.points == declaration().points)
    }

    /// A receiver time glitch (an hour ahead, held by the time gate) is not taken as the declaration time.
    @Test(.timeLimit(.minutes(2)))
    func aSuspectGPSTimeIsNotTheDeclarationTime() async throws {
        let path = try temporaryDatabase()
        let store = try FlightStore(path: path, mode: .readWrite)
        let flight = SyntheticFlight()
        var everyTick = settings(statusPath: nil)
        everyTick.taskCheckNanos = 0  // the glitch's tick looks too
        let recorder = try Recorder(
            store: store, settings: everyTick, logger: quiet, now: flight.monotonicStart, clock: .driven)
        await feedSeconds(recorder, flight, 0..<20)
        try store.declare(declaration())
        var glitch = flight.second(20)
        glitch.reading.time += 3_600_000
        await recorder.ingest(glitch.reading)
        await recorder.tick(now: glitch.reading.receivedAtMonotonicNanos + 250_000_000)
        #expect(try store.pendingTask()?.declaredAt == nil, "the time gate holds a suspect time")
        await feedSeconds(recorder, flight, 21..<22)
        let stamped = try #require(try store.pendingTask()?.declaredAt)
        #expect((time(ofSecond: 21)...time(ofSecond: 22)).contains(stamped), "\(iso8601UTC(stamped))")
    }

    /// Switched off on the ground after the declaration was stamped: after the restart it is still pending with
    /// the same time, and the flight then flown takes it.
    @Test(.timeLimit(.minutes(2)))
    func aPowerCutBeforeTakeoffKeepsItPending() async throws {
        let path = try temporaryDatabase()
        let flight = SyntheticFlight()
        do {
            let store = try FlightStore(path: path, mode: .readWrite)
            try store.declare(declaration())
            let first = try openDrivenRecorder(path, flight)
            await feedSeconds(first, flight, 0..<60)  // killed: no finish()
        }
        let store = try FlightStore(path: path, mode: .readWrite)
        let stamped = try #require(try store.pendingTask()?.declaredAt)
        #expect((time(ofSecond: 0)...time(ofSecond: 1)).contains(stamped))

        var rebooted = flight
        rebooted.monotonicStart = 5_000_000_000
        let second = try openDrivenRecorder(path, rebooted)
        await feedSeconds(second, rebooted, 90..<SyntheticFlight.takeoffSecond)
        #expect(try store.pendingTask()?.declaredAt == stamped, "still pending after the restart, stamped once")
        await feedSeconds(second, rebooted, SyntheticFlight.takeoffSecond..<SyntheticFlight.count)
        await second.finish(now: rebooted.monotonicStart + Int64(SyntheticFlight.count) * 1_000_000_000)
        let flights = try store.flights(matching: FlightFilter())
        try #require(flights.count == 1)
        #expect(try store.declaredTask(forFlight: try #require(flights[0].id))?.declaredAt == stamped)
        #expect(try store.pendingTask() == nil)
    }
}
