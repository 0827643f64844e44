import FlightLogCore
import FlightLogStore
import Foundation
import Testing

@testable import FlightLogSync

/// One PostgreSQL login per glider, and the server itself (row-level security) keeps each glider to its own rows.
@Suite(.serialized) struct GliderLoginTests {
    /// The admin (the tables' owner, `glider` in the fixture) adds two gliders' logins.
    private func addGliders(_ fixture: SyncFixture, device: String? = nil) async throws -> Int {
        _ = try fixture.server.psql("ALTER ROLE glider CREATEROLE", database: "postgres")  // as the README sets it up
        return try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            let handed = try await club.addGlider(login: "pia", password: "pia-secret", device: device)
            _ = try await club.addGlider(login: "pib", password: "pib-secret", device: nil)
            return handed
        }
    }

    private func sync(_ fixture: SyncFixture, _ pi: Logbook, as login: String) async throws -> SyncSummary {
        let url = try SyncURL("postgres://\(login)@127.0.0.1:\(fixture.server.port)/club")
        return try await LogbookSync.run(
            store: pi.store, url: url, password: "\(login)-secret", deviceName: login, glider: OwnGlider())
    }

    /// SQL run as `login` (the superuser's psql, `SET ROLE`: the policies apply as to that login).
    private func asLogin(_ fixture: SyncFixture, _ login: String, _ sql: String) throws -> [String] {
        try fixture.rows("SET ROLE \(login); \(sql)")
    }

    @Test(.postgreSQL) func aGliderCannotOverwriteOrDeleteAnotherGlidersFlight() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        _ = try await addGliders(fixture)
        let a = try fixture.logbook("a")
        try a.importFile(start: june14)
        #expect(try await sync(fixture, a, as: "pia").pushedFlights == 1)
        let flightA = try #require(try fixture.rows("SELECT uuid FROM flight").first)
        let recordingA = try #require(try fixture.rows("SELECT uuid FROM recording").first)
        let snapshot = "SELECT f::text FROM flight f UNION ALL SELECT count(*)::text FROM track_chunk"
        let before = try fixture.rows(snapshot)
        #expect(try fixture.rows("SELECT DISTINCT owner_login FROM flight") == ["pia"])

        // B's logbook carries A's flight UUID (a copied or forged database): the server refuses the push.
        let b = try fixture.logbook("b")
        try b.importFile(start: june14 + 86_400_000, pilot: "Mallory")
        try writeSQLite(b.path, "UPDATE flight SET uuid = '\(flightA)'")
        await #expect(throws: SyncError.self) { try await sync(fixture, b, as: "pib") }
        #expect(try fixture.rows(snapshot) == before)

        // Raw SQL with B's login: A's rows cannot be changed, deleted, edited or claimed.
        let deviceA = try #require(try fixture.rows("SELECT device_uuid FROM flight").first)
        for sql in [
            "UPDATE flight SET pilot = 'Mallory', deleted_at = 1 WHERE uuid = '\(flightA)' RETURNING 1",
            "DELETE FROM flight WHERE uuid = '\(flightA)' RETURNING 1",
            "DELETE FROM track_chunk WHERE recording_uuid = '\(recordingA)' RETURNING 1",
            "UPDATE device SET owner_login = 'pib' WHERE uuid = '\(deviceA)' RETURNING 1",
        ] {
            #expect((try? asLogin(fixture, "pib", sql)) ?? [] == [], "\(sql)")
        }
        for sql in [
            """
            INSERT INTO flight_edit (uuid, flight_uuid, device_uuid, field, new_value, edited_at)
            VALUES (gen_random_uuid(), '\(flightA)', '\(deviceA)', 'pilot', 'Mallory', 1)
            """,
            "INSERT INTO device (uuid, name) VALUES ('\(deviceA)', 'x') ON CONFLICT (uuid) DO UPDATE SET name = 'x'",
            """
            INSERT INTO track_chunk (recording_uuid, live, first_time, last_time, fix_count, data)
            VALUES ('\(recordingA)', false, 1, 2, 1, '\\x00')
            """,
            "INSERT INTO device (uuid, owner_login) VALUES (gen_random_uuid(), 'pia')",
            "SELECT password_hash FROM club_user",
        ] {
            #expect(throws: (any Error).self, "\(sql)") { try asLogin(fixture, "pib", sql) }
        }
        #expect(try fixture.rows(snapshot) == before)

        // B's own flights sync as before; A's logbook still syncs too.
        let c = try fixture.logbook("c")
        try c.importFile(start: june14 + 2 * 86_400_000)
        #expect(try await sync(fixture, c, as: "pib").pushedFlights == 1)
        #expect(try await sync(fixture, a, as: "pia").pushedFlights == 0)
        #expect(try fixture.rows("SELECT owner_login FROM flight ORDER BY owner_login") == ["pia", "pib"])
    }

    /// A server set up by an older flightlog with one shared login: the tables migrate, the old rows are the
    /// shared login's until the admin hands a device's rows to its glider's own login, which then syncs on.
    @Test(.postgreSQL) func aSharedLoginServerMigratesAndHandsRowsToTheGlidersLogin() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let old = ServerSchema.migrations.prefix(3).flatMap { migration in
            migration.statements + ["INSERT INTO flightlog_schema (version, name) VALUES (\(migration.version), 'old')"]
        }
        _ = try fixture.rows(
            "SET ROLE glider; CREATE TABLE flightlog_schema (version integer PRIMARY KEY, name text NOT NULL, "
                + "applied_at timestamptz NOT NULL DEFAULT now()); " + old.joined(separator: "; "))
        let device = "00000000-0000-4000-8000-00000000d0d0"
        _ = try fixture.rows("SET ROLE glider; INSERT INTO device (uuid, name) VALUES ('\(device)', 'old-pi')")

        let pi = try fixture.logbook("pi")
        try pi.importFile(start: june14, flights: 2)
        #expect(try await fixture.sync(pi).pushedFlights == 2)  // the shared login migrates and pushes
        #expect(try fixture.rows("SELECT max(version) FROM flightlog_schema") == ["8"])
        #expect(try fixture.rows("SELECT owner_login FROM device WHERE uuid = '\(device)'") == ["glider"])
        #expect(try fixture.rows("SELECT DISTINCT owner_login FROM flight") == ["glider"])

        // Until the admin hands them over, the glider's own login cannot change the shared login's rows.
        #expect(try await addGliders(fixture) == 0)
        var details = try pi.store.flight(id: 1).details
        details.remarks = "after the move"
        _ = try pi.store.updateDetails(id: 1, to: details, editedAt: june14 + 86_400_000)
        await #expect(throws: SyncError.self) { try await sync(fixture, pi, as: "pia") }

        // The admin's command, as the README gives it.
        let admin = Process()
        admin.executableURL = SyncCommandTests.flightlogURL
        admin.arguments = [
            "club", "add-glider", "pia", "--device", try pi.device,
            "--database", "postgres://glider@127.0.0.1:\(fixture.server.port)/club",
        ]
        admin.environment = ProcessInfo.processInfo.environment.merging(["FLIGHTLOG_SYNC_PASSWORD": "secret"]) { $1 }
        let input = Pipe(), output = Pipe()
        admin.standardInput = input
        admin.standardOutput = output
        try admin.run()
        input.fileHandleForWriting.write(Data("pia-secret\n".utf8))
        try input.fileHandleForWriting.close()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        admin.waitUntilExit()
        #expect(admin.terminationStatus == 0)
        #expect(said == "glider login pia: 2 flights of \(try pi.device) handed to it\n")
        #expect(try await sync(fixture, pi, as: "pia").pushedEdits == 1)
        #expect(try fixture.rows("SELECT DISTINCT owner_login FROM flight") == ["pia"])
        #expect(try fixture.rows("SELECT remarks FROM flight WHERE remarks IS NOT NULL") == ["after the move"])
    }

    private func writeSQLite(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
