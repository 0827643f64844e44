import FlightLogAirspace
import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogSync
import FlightLogTestSupport
import FlightLogWeb
import Foundation
import Testing

/// The club's airspace: the admin imports an OpenAir file into the club logbook with the glider's command and
/// `--database postgres://…`; every club flight page then draws its outlines and lists the infringements, as the
/// glider's own page does; a file imported again or removed shows on the next page of the running server.
@Suite(.serialized) struct ClubAirspaceTests {
    /// A box of class `cls` around the test tracks' circles (50.8 N 6.1 E, radius ~1 km), GND to FL 100.
    static func box(_ cls: String, _ name: String) -> String {
        "AC \(cls)\nAN \(name)\nAL GND\nAH FL100\n"
            + "DP 50:47:00 N 006:05:00 E\nDP 50:47:00 N 006:07:00 E\n"
            + "DP 50:49:00 N 006:07:00 E\nDP 50:49:00 N 006:05:00 E\n"
    }

    @Test(.postgreSQL) func theAdminsAirspaceShowsOnEveryClubFlightPage() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        try pi.importFile(start: june14, pilot: "Anna Berg")
        _ = try await fixture.sync(pi)
        let id = try #require(try fixture.rows("SELECT id FROM flight").first.flatMap { Int64($0) })

        // The admin's command, as on a glider, with the club's URL.
        let file = pi.path + "-ctr.txt"
        try Self.box("CTR", "CTR Club").write(toFile: file, atomically: true, encoding: .utf8)
        let url = "postgres://glider@127.0.0.1:\(fixture.server.port)/club"
        let (home, configPath) = (fixture.directory, pi.path + ".toml")
        try "".write(toFile: configPath, atomically: true, encoding: .utf8)
        @Sendable func airspace(_ arguments: [String]) throws -> ProcessResult {
            var env = ProcessInfo.processInfo.environment
            env["FLIGHTLOG_SYNC_PASSWORD"] = "secret"
            env["HOME"] = home  // no glider logbook is made or touched
            return try runProcess(
                builtExecutable("flightlog").path,
                ["airspace"] + arguments + ["--database", url, "--config", configPath], environment: env)
        }
        var result = try airspace(["import", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Imported \((file as NSString).lastPathComponent): 1 airspace"))
        #expect(try fixture.rows("SELECT name FROM airspace_file") == [(file as NSString).lastPathComponent])
        result = try airspace(["list"])
        #expect(result.stdout.contains("CTR"), "\(result.stdout)")

        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            for (login, admin) in [("chief", true), ("anna", false)] {
                try await club.saveAccount(
                    ClubAccount(
                        login: login, pilotName: admin ? "Karl Meier" : "Anna Berg", isAdmin: admin,
                        passwordHash: try PasswordHash.make(password: "thermals", iterations: 1000)))
            }
            let app = WebApp(settings: ServerSettings(club: club, config: FlightLogConfig()))
            for login in ["chief", "anna"] {
                let browser = Browser(app: app)
                #expect(try await browser.login(login, "thermals").status == 303)
                let page = await browser.get("/flights/\(id)").text
                #expect(page.contains("<h2>Airspace</h2>"), "\(login)")
                #expect(page.contains("<strong>CTR Club</strong> GND–FL 100"), "\(login): the infringement")
                #expect(page.contains("<polygon class=\"airspace\""), "\(login): the outline on the map")
            }
            let browser = Browser(app: app)
            _ = try await browser.login("chief", "thermals")
            // Imported again under the same name (another class), then removed, while the server runs.
            try Self.box("R", "R Club").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try airspace(["import", file]).stdout.hasPrefix("Replaced "))
            let replaced = await browser.get("/flights/\(id)").text
            #expect(replaced.contains("<strong>R Club</strong>") && !replaced.contains("CTR Club"))
            _ = await browser.get("/flights/\(id)")
            #expect(club.airspaceCache.loads == 2, "read once per change, not per page")
            #expect(try airspace(["remove", (file as NSString).lastPathComponent]).status == 0)
            #expect(await !browser.get("/flights/\(id)").text.contains("<h2>Airspace</h2>"))
        }
        #expect(try airspace(["remove", "nothing.txt"]).stderr.contains("no airspace file named nothing.txt"))
    }
}
