import FlightLogCore
import FlightLogSync
import Foundation
import Testing

@testable import FlightLogStore

/// `flightlog sync` against a real PostgreSQL server (initdb + pg_ctl per test) and real SQLite logbooks.
@Suite(.serialized) struct SyncTests {
    @Test(.postgreSQL) func pushingTwiceDuplicatesNothingAndKeepsEveryChunkByteForByte() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        try pi.importFile(start: june14, flights: 2)
        try pi.importFile(start: june14 + 86_400_000)
        try pi.record(start: june14 + 2 * 86_400_000)
        try pi.record(start: june14 + 3 * 86_400_000, withFlightInProgress: true)
        _ = try pi.store.addManualFlight(Logbook.flight(takeoff: june14 - 86_400_000))

        let clock = ContinuousClock.now
        let first = try await fixture.sync(pi)
        let elapsed = ContinuousClock.now - clock
        #expect(first == SyncSummary(pushedFlights: 6, pushedEdits: 0, pulledEdits: 0))
        let second = try await fixture.sync(pi)
        #expect(second.line == "pushed 0 flights, 0 edits; pulled 0 edits")

        #expect(try fixture.count("SELECT count(*) FROM flight") == 6)  // the flight in progress stays here
        #expect(try fixture.count("SELECT count(*) FROM recording") == 5)
        #expect(try fixture.count("SELECT count(DISTINCT device_uuid) FROM flight") == 1)
        #expect(try fixture.rows("SELECT device_uuid FROM flight LIMIT 1") == [try pi.device])
        #expect(try fixture.count("SELECT count(*) FROM track_chunk WHERE live") > 0)  // the recorder's last fixes
        try fixture.expectChunksMatch(pi)
        // The original files, byte for byte.
        let localFiles = try sqlite(
            pi.path,
            "SELECT r.uuid || '|' || hex(o.bytes) FROM recordingFile o JOIN recording r ON r.id = o.recordingId ORDER BY r.uuid"
        )
        #expect(localFiles.count == 2)
        #expect(
            try fixture.rows(
                "SELECT recording_uuid || '|' || upper(encode(bytes, 'hex')) FROM recording_file ORDER BY 1")
                == localFiles)

        // flightlogd compacts the live rows into track chunks: the server follows, still without duplicates.
        let recorded = try sqlite(pi.path, "SELECT id FROM recording WHERE kind = 'recorded'").compactMap { Int64($0) }
        for id in recorded { try pi.store.compactRecording(id: id) }
        #expect(try await fixture.sync(pi).pushedFlights == 0)
        #expect(try fixture.count("SELECT count(*) FROM track_chunk WHERE live") == 0)
        try fixture.expectChunksMatch(pi)
        #expect(try fixture.count("SELECT count(*) FROM flight") == 6)
        print(
            "sync: pushed 6 flights (5 recordings, \(try fixture.count("SELECT count(*) FROM track_chunk")) chunks) in \(elapsed)"
        )
    }

    @Test(.postgreSQL) func threePisSyncingAtOnceLeaveExactlyTheUnion() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pis = try fixture.threePis()
        // An empty server: all three race to create the tables (the advisory lock lets one do it).
        let summaries = try await withThrowingTaskGroup(of: SyncSummary.self) { group in
            for pi in pis { group.addTask { try await fixture.sync(pi) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(summaries.map(\.pushedFlights) == [5, 5, 5])
        #expect(
            try fixture.rows("SELECT version FROM flightlog_schema ORDER BY 1") == [
                "1", "2", "3", "4", "5", "6", "7", "8",
            ])
        #expect(try fixture.count("SELECT count(*) FROM device") == 3)
        try fixture.expectExactlyTheFlights(of: pis)
    }

    @Test(.postgreSQL) func aServerStoppedMidSyncLosesAndDuplicatesNothing() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        for day in 0..<5 { try pi.importFile(start: june14 + Int64(day) * 86_400_000) }
        let server = fixture.server

        // Cut inside the third recording's transaction: the first two are committed and marked, the third is not.
        var hooks = LogbookSync.Hooks()
        hooks.beforeCommit = { index in if index == 2 { try server.stopImmediately() } }
        await #expect(throws: SyncError.self) { try await fixture.sync(pi, hooks: hooks) }
        try server.startServer()
        #expect(try fixture.count("SELECT count(*) FROM flight") == 2)

        // Cut after the server committed the (now second pending) recording, before this Pi marked it pushed.
        hooks = LogbookSync.Hooks()
        hooks.afterCommit = { index in if index == 1 { try server.stopImmediately() } }
        do {
            _ = try await fixture.sync(pi, hooks: hooks)
            Issue.record("the sync went on without its server")
        } catch let error as SyncError {
            #expect(error.code == .connectionLost)
            #expect(error.description.contains("run flightlog sync again"))
        }
        try server.startServer()
        #expect(try fixture.count("SELECT count(*) FROM flight") == 4)

        let last = try await fixture.sync(pi)
        #expect(last.pushedFlights == 1)  // the fourth was on the server already
        #expect(try await fixture.sync(pi).line == "pushed 0 flights, 0 edits; pulled 0 edits")
        let local = try sqlite(pi.path, "SELECT uuid FROM flight ORDER BY uuid")
        #expect(try fixture.rows("SELECT uuid FROM flight ORDER BY uuid") == local)
        #expect(try fixture.count("SELECT count(*) FROM recording") == 5)
        try fixture.expectChunksMatch(pi)
    }

    @Test(.postgreSQL) func theLaterOfTwoConflictingEditsWinsEverywhereAndBothStayInTheHistory() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        let id = try pi.importFile(start: june14)[0]
        _ = try await fixture.sync(pi)
        let flightUuid = try sqlite(pi.path, "SELECT uuid FROM flight WHERE id = \(id)")[0]

        // The club (another device) renames the pilot at t=2000 and sets remarks at t=500.
        let club = UUID().uuidString.lowercased()
        let web = try await ClubLogbook.connect(
            url: fixture.url, password: fixture.password, device: club, deviceName: "club web")
        let clubEdits = [
            SyncEdit(
                uuid: UUID().uuidString.lowercased(), flightUuid: flightUuid, deviceUuid: nil, field: "pilot",
                oldValue: "Anna Huber", newValue: "Bob Club", editedAt: 2000),
            SyncEdit(
                uuid: UUID().uuidString.lowercased(), flightUuid: flightUuid, deviceUuid: nil, field: "remarks",
                oldValue: nil, newValue: "club remark", editedAt: 500),
        ]
        #expect(try await web.push(edits: clubEdits).new == 2)
        await web.close()
        // Meanwhile on the glider, not synced yet: pilot at t=1000 (earlier), remarks at t=3000 (later).
        var details = try pi.store.flight(id: id).details
        details.pilot = "Pia Glider"
        _ = try pi.store.updateDetails(id: id, to: details, editedAt: 1000)
        details.remarks = "glider remark"
        _ = try pi.store.updateDetails(id: id, to: details, editedAt: 3000)

        let summary = try await fixture.sync(pi)
        #expect(summary.line == "pushed 0 flights, 2 edits; pulled 2 edits")
        #expect(
            try fixture.rows("SELECT pilot || '|' || remarks || '|' || pilot_key FROM flight") == [
                "Bob Club|glider remark|bob club"
            ])
        let local = try pi.store.flight(id: id).details
        #expect(local.pilot == "Bob Club")
        #expect(local.remarks == "glider remark")
        let history = try pi.store.history(id: id).map { "\($0.editedAt) \($0.field)=\($0.newValue ?? "-")" }
        #expect(
            history == [
                "500 remarks=club remark", "1000 pilot=Pia Glider", "2000 pilot=Bob Club", "3000 remarks=glider remark",
            ])
        #expect(try fixture.count("SELECT count(*) FROM flight_edit") == 4)
        // Nothing more to do, and the filters find the winner here too.
        #expect(try await fixture.sync(pi).line == "pushed 0 flights, 0 edits; pulled 0 edits")
        #expect(try pi.store.count(matching: FlightFilter(pilot: "bob")) == 1)
    }
}
