import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogSync
import FlightLogWeb
import Foundation
import Testing

/// `flightlog serve --database postgres://…`: the club logbook's pages from a real PostgreSQL server the gliders
/// synced to, through the same web app as on the Pi, with per-pilot logins.
@Suite(.serialized) struct ClubWebTests {
    static let config = FlightLogConfig()

    /// The edit form as the browser posts it for the test flights (details as ``Logbook/flight(takeoff:minutes:pilot:)``).
    static func editForm(csrf: String, version: String, pilot: String, remarks: String) -> [(String, String)] {
        [
            ("csrf", csrf), ("version", version), ("pilot", pilot), ("role", ""), ("secondPerson", ""),
            ("plane", "ASK 21"),
            ("registration", "D-1234"), ("competitionId", ""), ("launch", "winch"), ("releaseHeight", "380"),
            ("takeoffPlace", "Aachen-Merzbrück"), ("landingPlace", ""), ("remarks", remarks),
        ]
    }

    /// Two gliders: Anna flies two flights on the first (one file) and instructs Karl on the second; Karl flies
    /// alone on the first. Returns the club's ids of Anna's own flights, the instruction flight and Karl's solo.
    private func twoGliders(_ fixture: SyncFixture) async throws -> (
        pi: Logbook, anna: [Int64], instructing: Int64, karl: Int64
    ) {
        let first = try fixture.logbook("first"), second = try fixture.logbook("second")
        try first.importFile(start: june14, flights: 2, pilot: "Anna Berg")
        try first.importFile(start: june14 + 86_400_000, pilot: "Karl Meier")
        let lesson = try second.importFile(start: june14 + 2 * 86_400_000, pilot: "Karl Meier")[0]
        var details = try second.store.flight(id: lesson).details
        details.secondPerson = "anna BERG"  // another spelling of the same name: the search key matches
        details.secondPersonRole = .instructor
        _ = try second.store.updateDetails(id: lesson, to: details, editedAt: june14)
        _ = try await fixture.sync(first)
        _ = try await fixture.sync(second)
        func ids(_ condition: String) throws -> [Int64] {
            try fixture.rows("SELECT id FROM flight WHERE \(condition) ORDER BY id").compactMap { Int64($0) }
        }
        let anna = try ids("pilot = 'Anna Berg'")
        let instructing = try #require(try ids("second_person IS NOT NULL").first)
        let karl = try #require(try ids("pilot = 'Karl Meier' AND second_person IS NULL").first)
        return (first, anna, instructing, karl)
    }

    /// Runs `body` with a browser logged in to the club's web logbook as a new login (password "thermal").
    private func withClubWeb(
        _ fixture: SyncFixture, login: String, pilot: String, admin: Bool,
        _ body: @Sendable (Browser) async throws -> Void
    ) async throws {
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            try await club.saveAccount(
                ClubAccount(
                    login: login, pilotName: pilot, isAdmin: admin,
                    passwordHash: try PasswordHash.make(password: "thermal", iterations: 1000)))
            let browser = Browser(app: WebApp(settings: ServerSettings(club: club, config: Self.config)))
            #expect(try await browser.login(login, "thermal").status == 303)
            try await body(browser)
        }
    }

    @Test(.postgreSQL) func aPilotSeesAndEditsOnlyTheirOwnFlightsAndTheGliderPullsTheEdit() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let (pi, anna, instructing, karl) = try await twoGliders(fixture)
        #expect(anna.count == 2)
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            try await club.saveAccount(
                ClubAccount(
                    login: "anna", pilotName: "Anna Berg", isAdmin: false,
                    passwordHash: try PasswordHash.make(password: "thermal", iterations: 1000)))
            let app = WebApp(settings: ServerSettings(club: club, config: Self.config))
            let browser = Browser(app: app)

            // Nothing without a login.
            for path in ["/", "/flights/\(anna[0])", "/flights/\(anna[0])/igc", "/logbook.pdf", "/stats", "/status"] {
                let reply = await browser.get(path)
                #expect(
                    reply.status == 303 && reply.header("Location") == LoginTarget.loginPath(next: path),
                    "\(path) without a login, back there after it")
            }
            #expect(await browser.post("/flights/\(anna[0])/edit", [("remarks", "x")]).status == 403)
            let wrong = try await browser.login("anna", "guess")
            let unknown = try await browser.login("nobody", "thermal")
            #expect(wrong.status == 403 && unknown.status == 403)
            #expect(
                wrong.text.contains("Wrong login or password.") && unknown.text.contains("Wrong login or password."))

            #expect(try await browser.login("anna", "thermal").status == 303)
            let list = await browser.get("/")
            #expect(list.status == 200)
            #expect(list.text.contains("<b>3</b> flights"), "two as pilot, one as instructor")
            #expect(list.text.contains("anna · Log out"))
            for path in ["/stats", "/status", "/flights/999999"] {
                #expect(await browser.get(path).text.contains("anna · Log out"), "\(path): the login and log-out")
            }
            for id in anna + [instructing] { #expect(list.text.contains("href=\"/flights/\(id)\"")) }
            #expect(!list.text.contains("href=\"/flights/\(karl)\""))
            // Karl's solo is not there for her, by any address.
            for path in [
                "/flights/\(karl)", "/flights/\(karl)/igc", "/flights/\(karl)/edit", "/flights/\(karl)/track.gpx",
            ] {
                #expect(await browser.get(path).status == 404, "\(path)")
            }
            #expect(await browser.get("/?pilot=karl").text.contains("<b>1</b> flight"), "only the lesson she gave")

            // Her imported flight's IGC file comes back byte for byte; the logbook and the ZIP are hers.
            let localId = try pi.store.flights(matching: FlightFilter(pilot: "anna")).first!.id!
            let original = try #require(try pi.store.originalFile(forFlight: localId))
            #expect(await browser.get("/flights/\(anna[0])/igc").body == original.bytes)
            let pdf = await browser.get("/logbook.pdf")
            #expect(pdf.status == 200 && pdf.body.starts(with: Array("%PDF".utf8)))
            #expect(await browser.get("/logbook.zip").body.starts(with: [0x50, 0x4b]))

            // She edits her flight; the glider that recorded it pulls the edit at its next sync.
            let form = await browser.get("/flights/\(anna[0])/edit")
            let csrf = try #require(csrfToken(in: form.text))
            let version = try #require(formVersion(in: form.text))
            let saved = await browser.post(
                "/flights/\(anna[0])/edit",
                Self.editForm(csrf: csrf, version: version, pilot: "Anna Berg", remarks: "First 300 km"))
            #expect(saved.status == 200 && saved.text.contains("Saved"))
            #expect(await browser.get("/flights/\(anna[0])").text.contains("First 300 km"))
            // Karl's flight cannot be edited through her session.
            #expect(
                await browser.post("/flights/\(karl)/edit", [("csrf", csrf), ("pilot", "Anna Berg")]).status == 404)
        }
        let summary = try await fixture.sync(pi)
        #expect(summary.pulledEdits == 1)
        let pulled = try pi.store.flights(matching: FlightFilter(pilot: "anna")).map(\.details.remarks)
        #expect(pulled.contains("First 300 km"))
        #expect(
            try fixture.count(
                "SELECT count(*) FROM flight_edit e JOIN device d ON d.uuid = e.device_uuid WHERE d.name = 'club web'")
                == 1)
    }

    @Test(.postgreSQL) func anAdminSeesEveryFlightAndLoggingOutEndsTheSession() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let (_, anna, instructing, karl) = try await twoGliders(fixture)
        try await withClubWeb(fixture, login: "chief", pilot: "Otto Lilienthal", admin: true) { browser in
            let list = await browser.get("/")
            #expect(list.text.contains("<b>4</b> flights"))
            for id in anna + [instructing, karl] { #expect(await browser.get("/flights/\(id)").status == 200) }
            let status = await browser.get("/status")
            #expect(status.text.contains("admin: every flight") && status.text.contains("/club"))
            // The task page is a glider's: the club's server neither links it nor has it.
            #expect(!list.text.contains("href=\"/task\"") && list.text.contains("href=\"/stats\""))
            #expect(await browser.get("/task").status == 404)

            let csrf = try #require(csrfToken(in: list.text))
            #expect(await browser.post("/logout", [("csrf", csrf)]).header("Location") == "/login")
            #expect(await browser.get("/").status == 303)
            // Logging out again from a page left open (the session already gone): logged out, not refused.
            let again = await browser.post("/logout", [("csrf", csrf)])
            #expect(again.status == 303 && again.header("Location") == "/login", "\(again.status)")
        }
    }

    @Test(.postgreSQL) func anEditThatTakesThePilotOffTheFlightSaysItLeftTheirLogbook() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let (_, anna, _, _) = try await twoGliders(fixture)
        try await withClubWeb(fixture, login: "anna", pilot: "Anna Berg", admin: false) { browser in
            let form = await browser.get("/flights/\(anna[1])/edit")
            let csrf = try #require(csrfToken(in: form.text))
            let version = try #require(formVersion(in: form.text))
            let saved = await browser.post(
                "/flights/\(anna[1])/edit",
                Self.editForm(csrf: csrf, version: version, pilot: "Karl Meier", remarks: ""))
            #expect(saved.status == 200)
            #expect(saved.text.contains("has left your logbook"))
            #expect(await browser.get("/flights/\(anna[1])").status == 404)
        }
        #expect(try fixture.rows("SELECT pilot FROM flight WHERE id = \(anna[1])") == ["Karl Meier"])
    }

    /// `flightlog club add-user` and `remove-user` run while the web server serves: the session follows the login.
    @Test(.postgreSQL) func changingOrRemovingALoginTakesEffectOnTheNextPage() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let (_, anna, _, karl) = try await twoGliders(fixture)
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            let hash = try PasswordHash.make(password: "thermal", iterations: 1000)
            try await club.saveAccount(
                ClubAccount(login: "anna", pilotName: "Anna Berg", isAdmin: false, passwordHash: hash))
            let browser = Browser(app: WebApp(settings: ServerSettings(club: club, config: Self.config)))
            #expect(try await browser.login("anna", "thermal").status == 303)
            #expect(await browser.get("/flights/\(karl)").status == 404)

            // Made an admin (same password): every flight on her next page, no new login.
            try await club.saveAccount(
                ClubAccount(login: "anna", pilotName: "Anna Berg", isAdmin: true, passwordHash: hash))
            #expect(await browser.get("/flights/\(karl)").status == 200)
            #expect(await browser.get("/").text.contains("<b>4</b> flights"))

            // A new password ends the sessions opened with the old one.
            let renewed = try PasswordHash.make(password: "ridge lift", iterations: 1000)
            try await club.saveAccount(
                ClubAccount(login: "anna", pilotName: "Anna Berg", isAdmin: true, passwordHash: renewed))
            #expect(await browser.get("/").header("Location") == "/login")
            #expect(try await browser.login("anna", "ridge lift").status == 303)
            #expect(await browser.get("/flights/\(anna[0])").status == 200)

            // Removed: the next page asks for a login, which no longer works.
            #expect(try await club.removeAccount(login: "anna"))
            let next = await browser.get("/flights/\(anna[0])")
            #expect(next.status == 303 && next.header("Location") == "/login?next=%2Fflights%2F\(anna[0])")
            #expect(try await browser.login("anna", "ridge lift").status == 403)
        }
    }
}

/// The `value` of the first `name="csrf"` field of a page.
func csrfToken(in page: String) -> String? {
    guard let range = page.range(of: "name=\"csrf\" value=\"") else { return nil }
    return String(page[range.upperBound...].prefix { $0 != "\"" })
}

/// The edit form's `version` (of the details it was made from).
func formVersion(in page: String) -> String? {
    guard let range = page.range(of: "name=\"version\" value=\"") else { return nil }
    return String(page[range.upperBound...].prefix { $0 != "\"" })
}

/// A browser on the web app (requests go straight to ``WebApp/respond(to:)``): keeps its cookies.
final class Browser: @unchecked Sendable {
    let app: WebApp
    private var cookies: [String: String] = [:]

    init(app: WebApp) { self.app = app }

    struct Reply {
        var response: WebResponse
        var status: Int { response.status }
        var body: [UInt8] { response.body }
        var text: String { String(decoding: response.body, as: UTF8.self) }
        func header(_ name: String) -> String? { response.headers.first { $0.name == name }?.value }
    }

    func get(_ target: String) async -> Reply {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        var query: [String: String] = [:]
        for pair in (parts.count > 1 ? parts[1] : "").split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ")
            }
            query[kv[0]] = kv.count > 1 ? kv[1].removingPercentEncoding : ""
        }
        return await send(WebRequest(method: .get, path: parts[0], query: query, cookies: cookies))
    }

    func post(_ path: String, _ form: [(String, String)]) async -> Reply {
        await send(
            WebRequest(method: .post, path: path, cookies: cookies, form: Dictionary(form, uniquingKeysWith: { $1 })))
    }

    /// Fetches the login form and posts it.
    func login(_ login: String, _ password: String) async throws -> Reply {
        let form = await get("/login")
        let csrf = try #require(csrfToken(in: form.text))
        return await post("/login", [("csrf", csrf), ("login", login), ("password", password)])
    }

    private func send(_ request: WebRequest) async -> Reply {
        let response = await app.respond(to: request)
        for (name, value) in response.headers where name == "Set-Cookie" {
            let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
            cookies[pair[0]] = pair.count > 1 && !pair[1].isEmpty ? pair[1] : nil
        }
        return Reply(response: response)
    }
}
