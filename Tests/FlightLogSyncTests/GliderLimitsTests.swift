import FlightLogCore
import FlightLogStore
import Foundation
import Testing

@testable import FlightLogSync

/// A glider's own login (as the README sets gliders up) may write only what sync needs: it cannot claim the next
/// flight id or edit number, lock a table the others need, or plant a number no flight has.
@Suite(.serialized) struct GliderLimitsTests {
    private static let tables = ["device", "recording", "flight", "flight_edit", "track_chunk", "recording_file"]

    private func addGliders(_ fixture: SyncFixture) async throws {
        _ = try fixture.server.psql("ALTER ROLE glider CREATEROLE", database: "postgres")
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            _ = try await club.addGlider(login: "pia", password: "pia-secret", device: nil)
            _ = try await club.addGlider(login: "pib", password: "pib-secret", device: nil)
        }
    }

    private func sync(_ fixture: SyncFixture, _ pi: Logbook, as login: String) async throws -> SyncSummary {
        let url = try SyncURL("postgres://\(login)@127.0.0.1:\(fixture.server.port)/club")
        return try await LogbookSync.run(
            store: pi.store, url: url, password: "\(login)-secret", deviceName: login, glider: OwnGlider())
    }

    /// SQL in `login`'s own session over TCP, in one transaction (not the superuser's `SET ROLE`).
    /// pi's first flight synced to the club, then its remarks changed on the Pi only: an edit waiting to be pushed.
    private func piWithAnEditToPush(_ fixture: SyncFixture, remarks: String) async throws -> Logbook {
        let pi = try fixture.logbook("pi")
        try pi.importFile(start: june14)
        _ = try await fixture.sync(pi)
        var details = try pi.store.flight(id: 1).details
        details.remarks = remarks
        _ = try pi.store.updateDetails(id: 1, to: details, editedAt: june14 + ClubFleet.day)
        return pi
    }

    /// Runs `body` while another session (application name "holder") has run `sql` and sleeps in its transaction;
    /// that session is ended afterwards.
    private func whileHolding(_ sql: String, _ fixture: SyncFixture, _ body: () async throws -> Void) async throws {
        let holder = try fixture.server.psqlInBackground(
            "\(sql); SELECT pg_sleep(600);", database: "club", name: "holder")
        defer {
            _ = try? fixture.rows(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'holder'")
            PostgresServer.reap(holder)
        }
        for _ in 0..<1200 {
            let waiting =
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'holder' AND wait_event = 'PgSleep'"
            if try fixture.count(waiting) == 1 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        try await body()
    }

    private func asGlider(_ fixture: SyncFixture, _ login: String, _ sql: String) throws {
        _ = try fixture.server.psql(sql, database: "club", login: login, password: "\(login)-secret")
    }

    @Test(.postgreSQL) func aGlidersLoginCannotClaimIdsLockTablesOrPlantNumbers() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        try await addGliders(fixture)
        let a = try fixture.logbook("a"), b = try fixture.logbook("b")
        try a.importFile(start: june14)
        try b.importFile(start: june14 + ClubFleet.day, pilot: "Mallory")
        #expect(try await sync(fixture, a, as: "pia").pushedFlights == 1)
        #expect(try await sync(fixture, b, as: "pib").pushedFlights == 1)

        let required = """
            recording_uuid, device_uuid, takeoff_time, landing_time, takeoff_latitude, takeoff_longitude,
            landing_latitude, landing_longitude, max_distance_from_takeoff, path_length, has_barometer,
            utc_offset_seconds, local_date, launch_method
            """
        let attacks =
            [
                // The next flight id and edit number, claimed for B's own rows.
                """
                INSERT INTO flight (uuid, \(required), id) OVERRIDING SYSTEM VALUE
                SELECT gen_random_uuid(), \(required), (SELECT max(id) + 1 FROM flight) FROM flight
                WHERE owner_login = 'pib'
                """,
                """
                INSERT INTO flight_edit (uuid, flight_uuid, device_uuid, field, new_value, edited_at, seq)
                OVERRIDING SYSTEM VALUE SELECT gen_random_uuid(), uuid, device_uuid, 'remarks', 'x', 1,
                    (SELECT coalesce(max(seq), 0) + 1 FROM flight_edit)
                FROM flight WHERE owner_login = 'pib'
                """,
                "UPDATE flight SET id = DEFAULT WHERE owner_login = 'pib'",
                "SELECT setval(pg_get_serial_sequence('flight', 'id'), 1000)",
                "SELECT setval(pg_get_serial_sequence('flight_edit', 'seq'), 1000)",
                // Numbers no flight has, in B's own rows.
                "UPDATE flight SET contest_km = 'NaN', contest_points = 1, contest_index = 100 WHERE owner_login = 'pib'",
                "UPDATE flight SET takeoff_latitude = 'NaN' WHERE owner_login = 'pib'",
                "UPDATE flight SET path_length = '-Infinity' WHERE owner_login = 'pib'",
                // Deleting would also allow LOCK TABLE: stale chunks go through flightlog_keep_chunks.
                "DELETE FROM track_chunk WHERE recording_uuid IN (SELECT uuid FROM recording WHERE owner_login = 'pib')",
            ]
            + Self.tables.flatMap { table in
                ["EXCLUSIVE", "SHARE", "ACCESS EXCLUSIVE"].map { "LOCK TABLE \(table) IN \($0) MODE" }
            }
            // The edit order's lock only through flightlog_lock_edits() (two statements: a transaction block).
            + [
                "LOCK TABLE flightlog_edit_order IN EXCLUSIVE MODE; SELECT 1",
                "SELECT * FROM flightlog_edit_order FOR UPDATE",
            ]
        for sql in attacks {
            #expect(throws: (any Error).self, "\(sql)") { try asGlider(fixture, "pib", sql) }
        }
        // B's function drops none of A's chunks.
        let chunks = try fixture.count("SELECT count(*) FROM track_chunk")
        try asGlider(
            fixture, "pib", "SELECT flightlog_keep_chunks(uuid, '{}', '{}') FROM recording WHERE owner_login = 'pia'")
        #expect(try fixture.count("SELECT count(*) FROM track_chunk") == chunks)

        // A syncs on: a new flight takes the next id, and an edit on the club's pages reaches A's glider.
        try a.importFile(start: june14 + 2 * ClubFleet.day)
        #expect(try await sync(fixture, a, as: "pia").pushedFlights == 1)
        let ids = try fixture.rows("SELECT id FROM flight ORDER BY id")
        #expect(ids == ["1", "2", "3"])
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            let admin = club.source(for: ClubFleet.admin)
            var details = try await admin.flight(id: 1).details
            details.remarks = "checked by the club"
            #expect(try await admin.updateDetails(id: 1, to: details, editedAt: june14 + 3 * ClubFleet.day).count == 1)
        }
        #expect(try await sync(fixture, a, as: "pia").pulledEdits == 1)
        #expect(try a.store.flight(id: 1).details.remarks == "checked by the club")
        // B still syncs its own changes (column grants cover what sync writes), and its stale chunks go.
        var mine = try b.store.flight(id: 1).details
        mine.remarks = "B's own"
        _ = try b.store.updateDetails(id: 1, to: mine, editedAt: june14 + 4 * ClubFleet.day)
        #expect(try await sync(fixture, b, as: "pib").pushedEdits == 1)
        #expect(try fixture.rows("SELECT remarks FROM flight WHERE owner_login = 'pib'") == ["B's own"])
    }

    /// The lock that orders the club's edits, held by another transaction: a sync waiting for it gives up after
    /// `flightlog_lock_edits()`'s `lock_timeout` with the reason, and the next sync pushes the edit.
    @Test(.postgreSQL) func aSyncWaitsForAnotherLoginsLockOnlySoLong() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try await piWithAnEditToPush(fixture, remarks: "after the lock")

        try await whileHolding("SELECT flightlog_lock_edits()", fixture) { () async throws in
            let error = await #expect(throws: SyncError.self) { try await fixture.sync(pi) }
            #expect(error?.message.contains("lock timeout") == true, "\(String(describing: error))")
        }
        #expect(try await fixture.sync(pi).pushedEdits == 1)
        #expect(try fixture.rows("SELECT remarks FROM flight") == ["after the lock"])
    }

    /// Any login may take any advisory lock, at session level, and keep it while idle: the keys versions up to 6
    /// locked on (edits, migration) now delay no one. Fails on version 6, where the sync gives up after 10 s.
    @Test(.postgreSQL) func anAdvisoryLockOnTheOldKeysBlocksNoSync() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try await piWithAnEditToPush(fixture, remarks: "beside the advisory lock")

        let locks =
            "SELECT pg_advisory_lock(\(ServerSchema.editLock)), pg_advisory_lock(\(ServerSchema.migrationLock))"
        try await whileHolding(locks, fixture) { () async throws in
            #expect(try fixture.count("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted") == 2)
            #expect(try await fixture.sync(pi).pushedEdits == 1)
        }
        #expect(try fixture.rows("SELECT remarks FROM flight") == ["beside the advisory lock"])
    }
}
