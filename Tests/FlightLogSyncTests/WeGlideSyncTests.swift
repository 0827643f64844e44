import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogTestSupport
import FlightLogWeb
import Foundation
import Testing

@testable import FlightLogSync

/// Where a flight is on WeGlide travels through the club logbook (server version 8): a flight uploaded from one
/// device shows as uploaded on another that has the same flight, so `upload --new` there does not send it again;
/// the club's pages link to it.
@Suite(.serialized) struct WeGlideSyncTests {
    static let uploadedAt = Date(timeIntervalSince1970: 1_749_920_000)

    /// Glider A has Anna's flight on WeGlide (4242); glider B imported the same flight (another file of it), a flight
    /// of another pilot and glider at the same time, and Anna's flight of another day, whose upload got no answer.
    private func twoGliders(_ fixture: SyncFixture) throws -> (a: Logbook, b: Logbook) {
        let a = try fixture.logbook("a"), b = try fixture.logbook("b")
        let uploaded = try a.importFile(start: june14)[0]
        try a.store.markWeGlideUploaded(flightId: uploaded, weglideId: 4242, at: Self.uploadedAt)
        try b.importFile(start: june14)
        var other = Logbook.flight(takeoff: june14 + 120_000, pilot: "Bob Berg")
        other.details.registration = "D-KBOB"
        _ = try b.store.importFlights(
            track: Logbook.track(start: june14, minutes: 90), fileName: "bob.igc", sha256: "sha-bob", flights: [other])
        let later = try b.importFile(start: june14 + 86_400_000)[0]
        try b.store.markWeGlidePending(flightId: later, at: Self.uploadedAt)
        return (a, b)
    }

    private func states(_ pi: Logbook) throws -> [String: WeGlideState] {
        Dictionary(
            uniqueKeysWithValues: try pi.store.flights(matching: FlightFilter()).map {
                ("\($0.details.pilot ?? "")@\($0.takeoffTime)", $0.weglide)
            })
    }

    @Test(.postgreSQL) func aFlightUploadedFromOneGliderIsUploadedOnTheOther() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let (a, b) = try twoGliders(fixture)
        #expect(try await fixture.sync(a).foundOnWeGlide == 0)
        #expect(
            try fixture.rows("SELECT weglide_flight_id || ' ' || weglide_uploaded_at FROM flight")
                == ["4242 \(Int64(Self.uploadedAt.timeIntervalSince1970 * 1000))"])
        let summary = try await fixture.sync(b)
        #expect(summary.foundOnWeGlide == 1)
        #expect(summary.line == "pushed 3 flights, 0 edits; pulled 0 edits; 1 flight already on WeGlide")
        let found = try states(b)
        let at = Int64(Self.uploadedAt.timeIntervalSince1970 * 1000)
        #expect(found["Anna Huber@\(june14 + 60_000)"] == .uploaded(flightId: 4242, uploadedAt: at))
        #expect(found["Bob Berg@\(june14 + 120_000)"] == .notUploaded, "another glider and pilot")
        #expect(found["Anna Huber@\(june14 + 86_400_000 + 60_000)"] == .uncertain(since: at), "not on the club's")
        // B's copy goes to the club with its id at the next sync; nothing more is found.
        #expect(try await fixture.sync(b).line == "pushed 0 flights, 0 edits; pulled 0 edits")
        #expect(try fixture.count("SELECT count(*) FROM flight WHERE weglide_flight_id = 4242") == 2)
    }

    /// The same pilot's name in another order ("Huber, Anna") in another glider's logbook, at the same time, is the
    /// same pilot: names are compared as everywhere, by their words in any order, case and accents folded.
    @Test(.postgreSQL) func thePilotsNameInAnotherOrderIsTheSamePilot() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let a = try fixture.logbook("a"), b = try fixture.logbook("b")
        let uploaded = try a.importFile(start: june14)[0]
        try a.store.markWeGlideUploaded(flightId: uploaded, weglideId: 4242, at: Self.uploadedAt)
        // A name of no words (only punctuation) is no pilot: it matches nothing, not another name of no words.
        var nameless = Logbook.flight(takeoff: june14 + 120_000, pilot: ".")
        nameless.details.registration = "D-KNOP"
        let noWords = try a.store.importFlights(
            track: Logbook.track(start: june14 + 5000, minutes: 90), fileName: "dot.igc", sha256: "sha-dot",
            flights: [nameless])[0]
        try a.store.markWeGlideUploaded(flightId: noWords, weglideId: 4343, at: Self.uploadedAt)
        for (n, pilot) in ["HUBER, Änna", "Huber Anna Maria", ";"].enumerated() {
            var same = Logbook.flight(takeoff: june14 + 120_000, pilot: pilot)
            same.details.registration = "D-KXY\(n)"
            _ = try b.store.importFlights(
                track: Logbook.track(start: june14 + Int64(n) * 1000, minutes: 90), fileName: "\(n).igc",
                sha256: "sha-\(n)", flights: [same])
        }
        _ = try await fixture.sync(a)
        #expect(try await fixture.sync(b).foundOnWeGlide == 1)
        let found = try states(b)
        let at = Int64(Self.uploadedAt.timeIntervalSince1970 * 1000)
        #expect(found["HUBER, Änna@\(june14 + 120_000)"] == .uploaded(flightId: 4242, uploadedAt: at))
        #expect(found["Huber Anna Maria@\(june14 + 120_000)"] == .notUploaded, "another name: one word more")
        #expect(found[";@\(june14 + 120_000)"] == .notUploaded, "no words: no pilot")
    }

    @Test(.postgreSQL) func uploadNewOnTheOtherGliderSkipsIt() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let (a, b) = try twoGliders(fixture)
        _ = try await fixture.sync(a)
        let config = fixture.directory + "/b.toml"
        // No WeGlide server at all: a flight it sends fails as out of reach (exit 75).
        try """
        [owner]
        name = "Anna Huber"
        [weglide]
        user_id = 12345
        date_of_birth = "1990-01-01"
        aircraft_id = 1
        url = "http://127.0.0.1:\(freePort())"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let upload = ["upload", "--new", "--database", b.path, "--config", config]
        let flightlog = builtExecutable("flightlog").path
        let before = try runProcess(flightlog, upload)
        #expect(before.status == 75, "Anna's flight 1 is sent (and cannot be): \(before.stdout)")
        #expect(before.stdout.contains("flight 1 not sent"))
        _ = try await fixture.sync(b)
        // Only the flight whose upload got no answer is left, and it is reported, not sent.
        let after = try runProcess(flightlog, upload)
        #expect(after.status == 1, "\(after.stdout)")
        #expect(!after.stdout.contains("flight 1"))
        #expect(after.stdout.contains("flight 3: an upload began"))
    }

    @Test(.postgreSQL) func theServerKeepsAnUploadTheGliderLost() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let (a, _) = try twoGliders(fixture)
        _ = try await fixture.sync(a)
        // A backup from before the upload is restored: the glider sends the flight without its WeGlide id.
        let restore = try runProcess(
            "/usr/bin/sqlite3",
            [a.path, "UPDATE flight SET weglideFlightId = NULL, weglideUploadedAt = NULL, remarks = 'restored'"])
        #expect(restore.status == 0)
        let summary = try await fixture.sync(a)
        #expect(summary.foundOnWeGlide == 1)
        #expect(try fixture.rows("SELECT weglide_flight_id || ' ' || remarks FROM flight") == ["4242 restored"])
        #expect(try a.store.flight(id: 1).weglide.flightId == 4242)
    }

    /// A server of version 7 with flights on it: version 8 adds the columns and keeps every row.
    @Test(.postgreSQL) func theMigrationKeepsTheFlightsThere() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let (a, b) = try twoGliders(fixture)
        _ = try await fixture.sync(b)
        _ = try fixture.rows(
            """
            SET ROLE glider;
            DROP INDEX flight_weglide;
            ALTER TABLE flight DROP COLUMN weglide_flight_id, DROP COLUMN weglide_uploaded_at;
            DELETE FROM flightlog_schema WHERE version = 8;
            """)
        let before = try fixture.rows("SELECT uuid || ' ' || pilot FROM flight ORDER BY 1")
        #expect(before.count == 3)
        _ = try await fixture.sync(a)
        #expect(try fixture.rows("SELECT max(version) FROM flightlog_schema") == ["8"])
        #expect(
            try fixture.rows("SELECT uuid || ' ' || pilot FROM flight WHERE weglide_flight_id IS NULL ORDER BY 1")
                == before)
        #expect(try fixture.count("SELECT count(*) FROM flight WHERE weglide_flight_id = 4242") == 1)
    }

    @Test(.postgreSQL) func aGliderLoginWritesItsOwnUploadsOnly() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let (a, b) = try twoGliders(fixture)
        _ = try fixture.server.psql("ALTER ROLE glider CREATEROLE", database: "postgres")
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            _ = try await club.addGlider(login: "pia", password: "pia-secret", device: nil)
            _ = try await club.addGlider(login: "pib", password: "pib-secret", device: nil)
        }
        for (pi, login) in [(a, "pia"), (b, "pib")] {
            let url = try SyncURL("postgres://\(login)@127.0.0.1:\(fixture.server.port)/club")
            _ = try await LogbookSync.run(
                store: pi.store, url: url, password: "\(login)-secret", deviceName: login, glider: OwnGlider())
        }
        #expect(try b.store.flight(id: 1).weglide.flightId == 4242)
        for privilege in ["INSERT", "UPDATE"] {
            for column in ["weglide_flight_id", "weglide_uploaded_at"] {
                #expect(
                    try fixture.rows(
                        "SELECT has_column_privilege('flightlog_glider', 'flight', '\(column)', '\(privilege)')")
                        == ["t"])
            }
        }
        // B may not claim A's flight is elsewhere on WeGlide: row-level security leaves A's rows to A.
        let changed = try fixture.server.psql(
            "UPDATE flight SET weglide_flight_id = 1 WHERE owner_login = 'pia' RETURNING 1", database: "club",
            login: "pib", password: "pib-secret")
        #expect(changed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(try fixture.count("SELECT count(*) FROM flight WHERE weglide_flight_id = 4242") == 1)
    }

    @Test(.postgreSQL) func theClubPagesLinkToWeGlide() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let (a, _) = try twoGliders(fixture)
        _ = try await fixture.sync(a)
        let id = try #require(try fixture.rows("SELECT id FROM flight").compactMap { Int64($0) }.first)
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            try await club.saveAccount(
                ClubAccount(
                    login: "anna", pilotName: "Anna Huber", isAdmin: false,
                    passwordHash: try PasswordHash.make(password: "thermal", iterations: 1000)))
            let browser = Browser(app: WebApp(settings: ServerSettings(club: club, config: FlightLogConfig())))
            #expect(try await browser.login("anna", "thermal").status == 303)
            #expect(await browser.get("/").text.contains("title=\"On WeGlide\">WeGlide</b>"))
            let page = await browser.get("/flights/\(id)").text
            #expect(page.contains("<a href=\"https://www.weglide.org/flight/4242\">WeGlide flight 4242</a>"))
            #expect(!page.contains("Upload to WeGlide"), "the club's pages upload nothing")
        }
    }
}
