import FlightLogCore
import FlightLogStore
import FlightLogSync
import Foundation
import Testing

/// `flightlog sync` (the timer, or the path unit after a landing) running while flightlogd keeps writing the same
/// SQLite file through its own connection: no sync fails on a busy database, and once the recorder is done one more
/// sync leaves the server with exactly the glider's finished flights and their chunks.
@Suite(.serialized) struct SyncWhileRecordingTests {
    @Test(.postgreSQL) func syncingWhileTheRecorderWritesFailsNothingAndEndsWithTheUnion() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        let recorder = try FlightStore(path: pi.path, mode: .readWrite)  // flightlogd's own connection
        let flights = 8
        let done = Flag()
        let writer = Task.detached { () throws -> Int in
            defer { done.set() }
            for n in 0..<flights {
                let start = june14 + Int64(n) * 86_400_000
                let recording = try recorder.beginRecording(recorder: Logbook.recorder)
                let fixes = Logbook.track(start: start, minutes: 12).fixes
                let flight = Logbook.flight(takeoff: start + 60_000, minutes: 10, pilot: "Pilot \(n)")
                var id: Int64?
                // Ten fixes per commit (flightlogd settles its journal into SQLite the same way, in transactions).
                for batch in stride(from: 0, to: fixes.count, by: 10) {
                    try recorder.append(
                        fixes: Array(fixes[batch..<min(batch + 10, fixes.count)]), toRecording: recording)
                    if batch == 60 { id = try recorder.insertFlight(flight, recording: recording, inProgress: true) }
                    if batch == 400 { try recorder.compactRecording(id: recording) }
                    usleep(10_000)  // at the recorder's pace (sped up): the syncs run in between
                }
                try recorder.updateRecordedFacts(of: id!, from: flight, inProgress: false)  // landed
            }
            return flights
        }
        var syncs = 0
        while !done.isSet {
            _ = try await fixture.sync(pi)  // throws on any failure, a busy database included
            syncs += 1
        }
        #expect(try await writer.value == flights)
        _ = try await fixture.sync(pi)
        #expect(syncs >= 2, "the syncs overlapped the recording")
        let local = try sqlite(pi.path, "SELECT uuid FROM flight WHERE NOT inProgress ORDER BY uuid")
        #expect(local.count == flights)
        #expect(try fixture.rows("SELECT uuid FROM flight ORDER BY uuid") == local)
        try fixture.expectChunksMatch(pi)
        print("sync while recording: \(syncs) syncs overlapped \(flights) recorded flights")
    }
}

/// A flag one task sets and another polls.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
