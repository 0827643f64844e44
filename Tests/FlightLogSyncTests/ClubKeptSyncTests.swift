import FlightLogAnalysis
import FlightLogCore
import FlightLogLogbook
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

@testable import FlightLogSync

/// The competition class, declared task and analysis in the club logbook (real PostgreSQL, addition "class, task,
/// analysis"): sent by each glider for its own flights, used by the club's pages (the analysis only while it is
/// current for the flight as the club holds it), unknown on a page when the server holds a bad value, and left out
/// by a server not upgraded yet.
@Suite(.serialized) struct ClubKeptSyncTests {
    static let task = FlightTask(
        source: .file, name: "Merzbrueck out and return", declaredAt: june14 - 600_000,
        points: [
            TaskPoint(name: "Start", coordinate: Coordinate(latitude: 50.8, longitude: 6.1), zone: .cylinder(500)),
            TaskPoint(name: "Turn", coordinate: Coordinate(latitude: 50.8, longitude: 6.2), zone: .faiTurnpoint),
            TaskPoint(name: "Finish", coordinate: Coordinate(latitude: 50.8, longitude: 6.1), zone: .cylinder(500)),
        ])

    /// A Ventus 3T in the 18 m class (index 122 only by the class), declared with ``task``, analysed and stored.
    static func ventus(_ pi: Logbook) throws -> (id: Int64, analysis: FlightAnalysis) {
        let track = ClubAnalysisTests.thermalTrack(start: june14)
        var flight = Logbook.flight(takeoff: june14, pilot: "Anna Berg")
        flight.landingTime = june14 + 780_000
        flight.releaseTime = june14 + 30_000
        flight.details.gliderType = "Ventus 3T"
        flight.competitionClass = "18-Meter"
        let id = try #require(
            try pi.store.importFlights(track: track, fileName: "v.igc", sha256: "sha-v", flights: [flight]).first)
        try pi.store.declare(task)
        try pi.store.attachPendingTask(toFlight: id, declaredBy: june14)
        #expect(try pi.store.declaredTask(forFlight: id) == task)
        return (id, try pi.store.analysis(forFlight: id, glider: OwnGlider()))
    }

    static func anna(_ club: ClubWebLogbook) async throws -> ClubAccount {
        let anna = ClubAccount(
            login: "anna", pilotName: "Anna Berg", isAdmin: false,
            passwordHash: try PasswordHash.make(password: "kept-secret", iterations: 1000))
        try await club.saveAccount(anna)
        return anna
    }

    @Test(.postgreSQL) func theClubPagesUseTheSyncedClassTaskAndAnalysisAcrossARestart() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        let (_, analysis) = try Self.ventus(pi)
        #expect(analysis.index == 122, "the class settles the span")
        _ = try await fixture.sync(pi)
        #expect(try fixture.rows("SELECT competition_class FROM flight") == ["18-Meter"])
        let task = try fixture.rows("SELECT declared_task::text FROM flight").first
        #expect(ClubKept.task(task) == Self.task, "the task round-trips exactly")
        let synced = try #require(ClubKept.analysis(try fixture.rows("SELECT analysis::text FROM flight").first))
        #expect(synced.inputs == analysis.inputs && synced.olcPlusPoints == analysis.olcPlusPoints)
        let id = try #require(try fixture.rows("SELECT id FROM flight").compactMap { Int64($0) }.first)

        for run in ["first", "after a restart"] {
            try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
                let anna = try await Self.anna(club)
                let browser = Browser(app: WebApp(settings: ServerSettings(club: club, config: FlightLogConfig())))
                #expect(try await browser.login("anna", "kept-secret").status == 303)
                let page = await browser.get("/flights/\(id)")
                #expect(page.status == 200, "\(run)")
                #expect(page.text.contains("<section id=\"task\">"), "\(run): the declared task")
                #expect(page.text.contains("Merzbrueck out and return"), "\(run)")
                #expect(page.text.lowercased().contains("index 122"), "\(run): the index from the class")
                let source = club.source(for: anna)
                #expect(try await source.flight(id: id).competitionClass == "18-Meter")
                #expect(try await source.analysis(forFlight: id)?.index == 122)
                let report = try await source.taskReport(
                    for: try await source.flight(id: id), fixes: try await source.track(forFlight: id).fixes)
                #expect(report?.task == Self.task, "\(run): the PDF report's task")
                #expect(await club.analysisCache.computed == 0, "\(run): the glider's analysis, not computed")
            }
        }

        // An edit on the web of the glider type changes the index: the club computes it as before.
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            let source = club.source(for: try await Self.anna(club))
            var details = try await source.flight(id: id).details
            details.gliderType = "LS 4"
            _ = try await source.updateDetails(id: id, to: details, editedAt: june14 + 3_600_000)
            #expect(try await source.analysis(forFlight: id)?.index == 104)
            #expect(await club.analysisCache.computed == 1)
        }
    }

    /// The analysis goes again only when it differs from the server's copy (as `flightlog analyse --prove` makes
    /// it): sync compares version, inputs and proof, not the whole analysis.
    @Test(.postgreSQL) func anImprovedAnalysisIsSentAgainAndAnUnchangedOneIsNot() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        let (id, analysis) = try Self.ventus(pi)
        _ = try await fixture.sync(pi)
        let logbook = try await ClubLogbook.connect(
            url: fixture.url, password: fixture.password, device: try pi.device, deviceName: "pi")
        #expect(logbook.hasKept)
        #expect(try await logbook.push(kept: try pi.store.clubKept()) == 0, "the server holds the same")
        var proven = analysis
        proven.freeDistanceBudget = (analysis.freeDistanceBudget ?? 1) * 64
        try pi.store.store(proven, forFlight: id)
        #expect(try await logbook.push(kept: try pi.store.clubKept()) == 1)
        #expect(
            ClubKept.analysis(try fixture.rows("SELECT analysis::text FROM flight").first)?.freeDistanceBudget
                == proven.freeDistanceBudget)
        #expect(try await logbook.push(kept: try pi.store.clubKept()) == 0)
        await logbook.close()
    }

    /// Bad values planted on the server (by hand, an older bug): that flight's class, task or analysis is unknown
    /// (the analysis computed as before), and every page and list still works.
    @Test(.postgreSQL) func badPlantedValuesShowAsUnknownForThatFlightOnly() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        _ = try Self.ventus(pi)
        _ = try await fixture.sync(pi)
        let id = try #require(try fixture.rows("SELECT id FROM flight").compactMap { Int64($0) }.first)
        let planted = [
            ("analysis", "'{\"version\": \"six\", \"inputs\": []}'"),
            ("analysis", "'{\"version\": 6, \"inputs\": {\"takeoff\": 1e400}}'"),
            ("declared_task", "'{\"points\": 3}'"),
            (
                "declared_task",
                "jsonb_set(declared_task, '{points,1,coordinate,latitude}', '1e300')"
            ),
            ("competition_class", "E'18\\u0007Meter'"),
        ]
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            let anna = try await Self.anna(club)
            let browser = Browser(app: WebApp(settings: ServerSettings(club: club, config: FlightLogConfig())))
            #expect(try await browser.login("anna", "kept-secret").status == 303)
            for (column, value) in planted {
                let before = try fixture.rows("SELECT \(column)::text FROM flight")
                _ = try fixture.rows("UPDATE flight SET \(column) = \(value)")
                for path in ["/", "/flights/\(id)", "/logbook.pdf"] {
                    #expect(await browser.get(path).status == 200, "\(column) = \(value): \(path)")
                }
                let source = club.source(for: anna)
                let flight = try await source.flight(id: id)
                switch column {
                case "analysis": #expect(try await source.analysis(forFlight: id)?.index == 122, "computed")
                case "declared_task": #expect(try await source.taskSources(forFlight: id).declared == nil)
                default: #expect(flight.competitionClass == nil)
                }
                if column == "analysis" {
                    // The first bad analysis is computed; the second finds that computation current (same flight).
                    #expect(await club.analysisCache.computed == 1, "\(value): computed once, not used")
                }
                let restored = before.first.map { "'\($0.replacing("'", with: "''"))'" } ?? "NULL"
                _ = try fixture.rows("UPDATE flight SET \(column) = \(restored)")
            }
            #expect(await club.analysisCache.computed >= 1, "the bad analyses were computed, not used")
        }
    }

    /// A glider's own login writes the new columns of its own flights only; the server refuses another's.
    @Test(.postgreSQL) func aGlidersLoginCannotWriteAnotherGlidersClassTaskOrAnalysis() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        _ = try fixture.server.psql("ALTER ROLE glider CREATEROLE", database: "postgres")
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            _ = try await club.addGlider(login: "pia", password: "pia-secret", device: nil)
            _ = try await club.addGlider(login: "pib", password: "pib-secret", device: nil)
        }
        let a = try fixture.logbook("a")
        _ = try Self.ventus(a)
        let url = try SyncURL("postgres://pia@127.0.0.1:\(fixture.server.port)/club")
        #expect(
            try await LogbookSync.run(store: a.store, url: url, password: "pia-secret", glider: OwnGlider())
                .pushedFlights == 1)
        let snapshot = "SELECT competition_class, declared_task::text, analysis::text FROM flight"
        let before = try fixture.rows(snapshot)
        #expect(before.first?.hasPrefix("18-Meter|{") == true, "pia wrote its own")
        for sql in [
            "UPDATE flight SET competition_class = 'Open' RETURNING 1",
            "UPDATE flight SET declared_task = '{}' RETURNING 1",
            "UPDATE flight SET analysis = NULL RETURNING 1",
        ] {
            #expect((try? fixture.rows("SET ROLE pib; \(sql)")) ?? [] == [], "\(sql)")
        }
        #expect(try fixture.rows(snapshot) == before)
    }

    /// A server the admin's flightlog has not upgraded (a glider's login may not add columns): the flights sync
    /// without class, task and analysis, and sync says the server should be upgraded; after the upgrade they go.
    @Test(.postgreSQL) func anOlderServerStillSyncsAndSaysToUpgrade() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        _ = try fixture.server.psql("ALTER ROLE glider CREATEROLE", database: "postgres")
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            _ = try await club.addGlider(login: "pia", password: "pia-secret", device: nil)
        }
        _ = try fixture.rows(
            "SET ROLE glider; ALTER TABLE flight DROP COLUMN competition_class, DROP COLUMN declared_task, "
                + "DROP COLUMN analysis; DELETE FROM flightlog_schema_addition WHERE name = 'class, task, analysis'")
        let pi = try fixture.logbook("pi")
        _ = try Self.ventus(pi)
        var config = FlightLogConfig()
        config.sync.url = try SyncURL("postgres://pia@127.0.0.1:\(fixture.server.port)/club")
        let lines = try await LogbookSync.command(
            config: config, ifConfigured: false, environment: ["FLIGHTLOG_SYNC_PASSWORD": "pia-secret"],
            readFile: { _, _ in nil }, openStore: { pi.store })
        #expect(lines == ["pushed 1 flight, 0 edits; pulled 0 edits", LogbookSync.notUpgraded])
        #expect(try fixture.count("SELECT count(*) FROM pg_attribute WHERE attname = 'declared_task'") == 0)

        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { _ in }
        let again = try await LogbookSync.command(
            config: config, ifConfigured: false, environment: ["FLIGHTLOG_SYNC_PASSWORD": "pia-secret"],
            readFile: { _, _ in nil }, openStore: { pi.store })
        #expect(again == ["pushed 0 flights, 0 edits; pulled 0 edits"])
        #expect(try fixture.rows("SELECT competition_class FROM flight") == ["18-Meter"])
    }
}
