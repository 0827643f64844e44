import FlightLogAnalysis
import FlightLogCore
import FlightLogLogbook
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

@testable import FlightLogSync

/// The contest figures in the club logbook (real PostgreSQL): sent with each flight from its stored analysis,
/// changed when the analysis changes, added to an older server without locking older flightlogs out, listed on the
/// club's list page, and refused there when the server holds a value no analysis gives.
@Suite(.serialized) struct ClubContestSyncTests {
    /// `flight`'s three contest columns as text, by the glider's flight uuid.
    static func serverContest(_ fixture: SyncFixture, _ pi: Logbook, flight id: Int64) throws -> [String] {
        let uuid = try #require(try sqlite(pi.path, "SELECT uuid FROM flight WHERE id = \(id)").first)
        return try fixture.rows(
            "SELECT coalesce(nullif(concat_ws(' ', round(contest_km::numeric, 3), round(contest_points::numeric, 3), "
                + "contest_index), ''), 'NULL') FROM flight WHERE uuid = '\(uuid)'")
    }

    static func text(_ analysis: FlightAnalysis) -> [String] {
        let contest = ClubContest(analysis)
        func rounded(_ x: Double) -> String { String(format: "%.3f", x) }
        let index = contest.index == contest.index.rounded() ? String(Int(contest.index)) : String(contest.index)
        return ["\(rounded(contest.km)) \(rounded(contest.points)) \(index)"]
    }

    @Test(.postgreSQL) func theFiguresTravelWithEachFlightAndFollowItsAnalysis() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        let first = try #require(try pi.importFile(start: june14).first)
        let second = try #require(try pi.importFile(start: june14 + 86_400_000).first)
        let analysed = try pi.store.analysis(forFlight: first, glider: OwnGlider())
        #expect(analysed.freeSix != nil && analysed.index == 92, "an ASK 21, in the type table")
        // The import in these tests stores no analysis (flightlog's import does): the second flight has none.
        #expect(try pi.store.storedAnalysis(forFlight: second) == nil)

        #expect(try await fixture.sync(pi).pushedFlights == 2)
        #expect(try Self.serverContest(fixture, pi, flight: first) == Self.text(analysed))
        #expect(try Self.serverContest(fixture, pi, flight: second) == ["NULL"], "never analysed")
        #expect(try pi.store.storedAnalysis(forFlight: second) == nil)
        // An addition, not a schema version: an older flightlog (it refuses only a newer version) syncs on.
        #expect(try fixture.rows("SELECT max(version) FROM flightlog_schema") == ["8"])
        #expect(
            try fixture.rows("SELECT name FROM flightlog_schema_addition ORDER BY name") == [
                "airspace files", "class, task, analysis", "contest", "limits on added columns",
            ])

        // The glider type edited to one of the type table: the points follow its index at the next sync.
        let before = try pi.store.flight(id: first).details
        var details = before
        details.gliderType = "LS 4"
        _ = try pi.store.updateDetails(id: first, to: details, editedAt: june14 + 3_600_000, base: before)
        _ = try await fixture.sync(pi)
        let typed = try #require(try pi.store.storedAnalysis(forFlight: first))
        #expect(typed.index == 104 && typed.olcPlusPoints < analysed.olcPlusPoints)
        #expect(try Self.serverContest(fixture, pi, flight: first) == Self.text(typed))

        // The config's [glider] index wins over the type table for a flight this glider recorded; an imported
        // file's flight keeps its type's (issue 38: the config's values are not stamped on imported files).
        let own = try fixture.logbook("own")
        let recorded = try own.record(start: june14 + 2 * 86_400_000)
        _ = try own.store.analysis(forFlight: recorded, glider: OwnGlider())
        _ = try await LogbookSync.run(
            store: own.store, url: fixture.url, password: fixture.password, deviceName: "own",
            glider: OwnGlider(index: 110))
        let configured = try #require(try own.store.storedAnalysis(forFlight: recorded))
        #expect(configured.index == 110)
        #expect(try Self.serverContest(fixture, own, flight: recorded) == Self.text(configured))
        _ = try await LogbookSync.run(
            store: pi.store, url: fixture.url, password: fixture.password, deviceName: "test",
            glider: OwnGlider(index: 110))
        let imported = try #require(try pi.store.storedAnalysis(forFlight: first))
        #expect(imported.index == 104)
        #expect(try Self.serverContest(fixture, pi, flight: first) == Self.text(imported))

        // The landing edited: the club's figures are those of the flight as it is now, not the stored ones.
        var flight = try pi.store.flight(id: first)
        flight.landingTime -= 60_000
        try setLanding(pi, flight: first, to: flight.landingTime)
        _ = try await fixture.sync(pi)
        let landed = try #require(try pi.store.storedAnalysis(forFlight: first))
        #expect(landed.inputs.landing == flight.landingTime)
        #expect(try Self.serverContest(fixture, pi, flight: first) == Self.text(landed))

        // With no analyses left to make this time, a flight whose analysis is out of date is left out: the club
        // keeps what it has until a later sync.
        try setLanding(pi, flight: first, to: flight.landingTime - 60_000)
        let uuid = try #require(try sqlite(pi.path, "SELECT uuid FROM flight WHERE id = \(first)").first)
        let sent = try pi.store.clubContest(glider: OwnGlider(), analyseAtMost: 0)
        #expect(!sent.contains { $0.uuid == uuid } && sent.count == 1)
        #expect(try pi.store.storedAnalysis(forFlight: first)?.inputs.landing == flight.landingTime)
    }

    /// A server set up by an older flightlog (schema 5, no contest columns): the admin's login adds them on its next
    /// sync; an addition this flightlog does not know (a newer one's) does not stop it.
    @Test(.postgreSQL) func anOlderServerGetsTheColumnsAndANewerAdditionIsIgnored() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let old = ServerSchema.migrations.flatMap { migration in
            migration.statements + ["INSERT INTO flightlog_schema (version, name) VALUES (\(migration.version), 'old')"]
        }
        _ = try fixture.rows(
            "SET ROLE glider; CREATE TABLE flightlog_schema (version integer PRIMARY KEY, name text NOT NULL, "
                + "applied_at timestamptz NOT NULL DEFAULT now()); " + old.joined(separator: "; "))
        #expect(try fixture.count("SELECT count(*) FROM pg_attribute WHERE attname = 'contest_km'") == 0)

        let pi = try fixture.logbook("pi")
        let id = try #require(try pi.importFile(start: june14).first)
        let analysis = try pi.store.analysis(forFlight: id, glider: OwnGlider())
        #expect(try await fixture.sync(pi).pushedFlights == 1)
        #expect(try Self.serverContest(fixture, pi, flight: id) == Self.text(analysis))

        // A newer flightlog's addition, unknown here.
        _ = try fixture.rows(
            "SET ROLE glider; INSERT INTO flightlog_schema_addition (name) VALUES ('something newer'); "
                + "ALTER TABLE flight ADD COLUMN something_newer text")
        try pi.importFile(start: june14 + 86_400_000)
        #expect(try await fixture.sync(pi).pushedFlights == 1)
    }

    /// A glider's own login may not alter the tables: on a server without the columns it syncs without figures.
    @Test(.postgreSQL) func aGlidersLoginSyncsWithoutTheColumnsUntilTheAdminAddsThem() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        _ = try fixture.server.psql("ALTER ROLE glider CREATEROLE", database: "postgres")
        let pi = try fixture.logbook("pi")
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            _ = try await club.addGlider(login: "pia", password: "pia-secret", device: nil)
        }
        // As a server from before the columns: they and their record gone.
        _ = try fixture.rows(
            "SET ROLE glider; ALTER TABLE flight DROP COLUMN contest_km, DROP COLUMN contest_points, "
                + "DROP COLUMN contest_index; DELETE FROM flightlog_schema_addition")
        let id = try #require(try pi.importFile(start: june14).first)
        let analysis = try pi.store.analysis(forFlight: id, glider: OwnGlider())
        let url = try SyncURL("postgres://pia@127.0.0.1:\(fixture.server.port)/club")
        #expect(
            try await LogbookSync.run(store: pi.store, url: url, password: "pia-secret", glider: OwnGlider())
                .pushedFlights == 1)
        #expect(try fixture.count("SELECT count(*) FROM pg_attribute WHERE attname = 'contest_km'") == 0)

        // The admin's flightlog (the club's web pages, `flightlog club …`) adds them; the glider then sends its own.
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { _ in }
        #expect(
            try await LogbookSync.run(store: pi.store, url: url, password: "pia-secret", glider: OwnGlider())
                .pushedFlights == 0)
        #expect(try Self.serverContest(fixture, pi, flight: id) == Self.text(analysis))
    }

    @Test(.postgreSQL) func theClubListShowsThemAndAnImpossibleOneAsUnknownOnItsOwnLine() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        let ids = try pi.importFile(start: june14, flights: 2, pilot: "Anna Berg")
        let analysis = try pi.store.analysis(forFlight: ids[0], glider: OwnGlider())
        _ = try await fixture.sync(pi)
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            try await club.saveAccount(
                ClubAccount(
                    login: "anna", pilotName: "Anna Berg", isAdmin: false,
                    passwordHash: try PasswordHash.make(password: "contest", iterations: 1000)))
            let browser = Browser(app: WebApp(settings: ServerSettings(club: club, config: FlightLogConfig())))
            #expect(try await browser.login("anna", "contest").status == 303)
            let list = await browser.get("/")
            #expect(list.status == 200)
            #expect(list.text.contains("Contest km"))
            let km = decimal(try #require(analysis.freeSix).kilometers, 1)
            #expect(list.text.contains(">\(km)<"), "the analysed flight's km")

            // A row from before the server refused such numbers (version 6): its km shows as unknown ("—") on its
            // own line and every flight still lists, in the filters and the logbook PDF too.
            _ = try fixture.rows(
                """
                ALTER TABLE flight DROP CONSTRAINT contest_km_finite;
                UPDATE flight SET contest_km = 'NaN', contest_points = 1, contest_index = 100
                    WHERE contest_km IS NOT NULL
                """)
            for path in ["/", "/?pilot=anna"] {
                let list = await browser.get(path)
                #expect(list.status == 200, "\(path)")
                #expect(list.text.contains("<b>2</b> flights"), "\(path)")
                #expect(!list.text.contains(">\(km)<") && !list.text.contains(">nan<"), "\(path)")
            }
            let pdf = await browser.get("/logbook.pdf")
            #expect(pdf.status == 200 && pdf.body.starts(with: Array("%PDF".utf8)))
            // The glider's next sync sends its own figures again.
            _ = try await fixture.sync(pi)
            #expect(await browser.get("/").text.contains(">\(km)<"))
        }
    }

    /// As an edit of the landing time would leave it (by the sqlite3 tool, not the code under test).
    private func setLanding(_ pi: Logbook, flight id: Int64, to landing: UTCMillis) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [pi.path, "UPDATE flight SET landingTime = \(landing) WHERE id = \(id)"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
