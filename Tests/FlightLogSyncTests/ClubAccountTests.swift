import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogSync

/// The club logbook's logins, its schema upgrade and its messages when the server cannot be used.
@Suite(.serialized) struct ClubAccountTests {
    @Test(.postgreSQL) func loginsAreAddedReplacedListedAndRemoved() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            #expect(try await club.account(login: "anna") == nil)
            try await club.saveAccount(
                ClubAccount(login: "anna", pilotName: " Anna Huber ", isAdmin: false, passwordHash: "h1"))
            try await club.saveAccount(
                ClubAccount(login: "chef@club.de", pilotName: "Eva Chef", isAdmin: true, passwordHash: "h2"))
            #expect(
                try await club.account(login: "anna")
                    == ClubAccount(login: "anna", pilotName: "Anna Huber", isAdmin: false, passwordHash: "h1"))
            try await club.saveAccount(
                ClubAccount(login: "anna", pilotName: "Änna Hüber", isAdmin: true, passwordHash: "h3"))
            #expect(try await club.account(login: "anna")?.passwordHash == "h3")
            let listed = try await club.accounts()
            #expect(listed.map(\.login) == ["anna", "chef@club.de"])
            #expect(listed.map(\.pilotName) == ["Änna Hüber", "Eva Chef"])
            #expect(listed.map(\.isAdmin) == [true, true])
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            #expect(listed.allSatisfy { abs($0.createdAt - now) < 60_000 })
            #expect(try await club.removeAccount(login: "anna"))
            #expect(try await !club.removeAccount(login: "anna"))
            #expect(try await club.account(login: "anna") == nil)

            for login in ["", "anna huber", String(repeating: "a", count: 65), "anna';--", "änna", "a/b"] {
                do {
                    try await club.saveAccount(
                        ClubAccount(login: login, pilotName: "X", isAdmin: false, passwordHash: "h"))
                    Issue.record("login \(login) was taken")
                } catch let error as LogbookError {
                    #expect(
                        error.description.contains("use 1 to 64 letters (A-Z, a-z), digits, dots, underscores, @ or -"))
                    #expect(!error.description.contains("\n"))
                }
            }
            await #expect(throws: LogbookError.self) {
                try await club.saveAccount(
                    ClubAccount(login: "blank", pilotName: "  ", isAdmin: false, passwordHash: "h"))
            }
            try await club.saveAccount(
                ClubAccount(
                    login: String(repeating: "a", count: 64), pilotName: "Long", isAdmin: false, passwordHash: "h"))
        }
        #expect(
            try fixture.rows("SELECT login || '|' || pilot_key FROM club_user ORDER BY 1") == [
                String(repeating: "a", count: 64) + "|long", "chef@club.de|eva chef",
            ])
    }

    @Test(.postgreSQL) func aLogbookAtSchema1GetsFlightIdsAndKeepsItsFlights() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        // The server as the first club sync left it: schema 1 with flights.
        let recorder = String(
            decoding: try JSONEncoder().encode(RecorderInfo(manufacturer: "", serial: "")), as: UTF8.self)
        let device = UUID().uuidString.lowercased()
        var sql = [
            "CREATE TABLE flightlog_schema (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
        ]
        sql += ServerSchema.migrations[0].statements
        sql.append("INSERT INTO flightlog_schema (version, name) VALUES (1, 'first')")
        sql.append("INSERT INTO device (uuid, name) VALUES ('\(device)', 'old pi')")
        let flights = (0..<3).map { _ in (UUID().uuidString.lowercased(), UUID().uuidString.lowercased()) }
        for (i, (flight, recording)) in flights.enumerated() {
            let takeoff = june14 + Int64(i) * 86_400_000
            sql.append(
                "INSERT INTO recording (uuid, device_uuid, kind, recorder, created_at) VALUES ('\(recording)', '\(device)', 'manual', '\(recorder)', 0)"
            )
            sql.append(
                """
                INSERT INTO flight (uuid, recording_uuid, device_uuid, takeoff_time, landing_time, takeoff_latitude,
                    takeoff_longitude, landing_latitude, landing_longitude, max_distance_from_takeoff, path_length,
                    has_barometer, utc_offset_seconds, local_date, launch_method, pilot, pilot_key)
                VALUES ('\(flight)', '\(recording)', '\(device)', \(takeoff), \(takeoff + 3_600_000), 50.8, 6.1, 50.8,
                    6.1, 0, 0, false, 7200, '2025-06-\(14 + i)', 'winch', 'Pilot \(i)', 'pilot \(i)')
                """)
        }
        _ = try fixture.server.psql("SET ROLE glider;\n" + sql.joined(separator: ";\n"), database: "club")
        #expect(try fixture.rows("SELECT max(version) FROM flightlog_schema") == ["1"])

        let pi = try fixture.logbook("pi")
        try pi.importFile(start: june14 + 10 * 86_400_000, pilot: "Pilot 9")
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            let admin = club.source(for: ClubAccount(login: "a", pilotName: "A", isAdmin: true, passwordHash: ""))
            let before = try await admin.flights(matching: FlightFilter())
            #expect(before.map(\.details.pilot) == ["Pilot 0", "Pilot 1", "Pilot 2"])
            #expect(before.map(\.source) == [.manual, .manual, .manual])
            #expect(Set(before.compactMap(\.id)).count == 3)
            // A glider syncing into the upgraded logbook: its flight gets the next number.
            _ = try await fixture.sync(pi)
            let after = try await admin.flights(matching: FlightFilter())
            #expect(Array(after.prefix(3)) == before)
            #expect(after.count == 4)
            #expect(after[3].id! > before.compactMap(\.id).max()!)
            let pilot9 = club.source(
                for: ClubAccount(login: "p", pilotName: "pilot 9", isAdmin: false, passwordHash: ""))
            #expect(try await pilot9.flights(matching: FlightFilter()).map(\.id) == [after[3].id])
        }
        #expect(
            try fixture.rows("SELECT version FROM flightlog_schema ORDER BY 1") == [
                "1", "2", "3", "4", "5", "6", "7", "8",
            ])
        #expect(
            try fixture.rows("SELECT uuid FROM flight WHERE device_uuid = '\(device)' ORDER BY takeoff_time")
                == flights.map(\.0))
        #expect(try fixture.count("SELECT count(*) FROM flight WHERE id IS NOT NULL") == 4)
        #expect(try fixture.count("SELECT count(*) FROM club_user") == 0)
    }

    @Test(.postgreSQL) func aServerThatCannotBeUsedIsOneLineSayingWhatToDo() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let port = freePort()
        let cases: [(url: String, password: String, code: LogbookError.Code, message: String)] = [
            (
                "postgres://glider@127.0.0.1:\(port)/club", "secret", .cannotOpen,
                "cannot reach the club logbook at 127.0.0.1:\(port); check the network and that PostgreSQL runs"
            ),
            (
                "postgres://glider@127.0.0.1:\(fixture.server.port)/club", "wrong", .cannotOpen,
                "the club logbook postgres://glider@127.0.0.1:\(fixture.server.port)/club refused the password of glider: check the password given for the database"
            ),
            (
                "postgres://glider@127.0.0.1:\(fixture.server.port)/nope", "secret", .missingDatabase,
                "the club logbook server has no database nope: check the URL, or create it (createdb -O glider nope)"
            ),
        ]
        for item in cases {
            let url = try SyncURL(item.url)
            do {
                _ = try await ClubWebLogbook.connect(url: url, password: item.password)
                Issue.record("connected to \(item.url)")
            } catch {
                #expect(error.code == item.code)
                #expect(error.message == item.message)
            }
        }
        // A server that goes away while the pages are served: the same line, then service again once it is back.
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            let admin = club.source(for: ClubAccount(login: "a", pilotName: "A", isAdmin: true, passwordHash: ""))
            #expect(try await admin.totals(matching: FlightFilter()).flights == 0)
            try fixture.server.stopImmediately()
            do {
                _ = try await admin.flights(matching: FlightFilter())
                Issue.record("a stopped server answered")
            } catch let error as LogbookError {
                #expect(error.code == .cannotOpen)
                #expect(error.message.hasPrefix("cannot reach the club logbook at 127.0.0.1:\(fixture.server.port)"))
            }
            try fixture.server.startServer()
            #expect(try await admin.totals(matching: FlightFilter()).flights == 0)
        }
    }
}
