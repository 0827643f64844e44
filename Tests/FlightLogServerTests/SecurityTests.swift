import FlightLogCore
import FlightLogSecurity
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

@Suite("Edits, login, CSRF and hostile input", .serialized, .timeLimit(.minutes(3)))
struct SecurityTests {
    static let password = "Segelflug über Düren"

    /// The stored details, history and fix count of a flight (to prove a refused edit changed nothing).
    static func snapshot(_ path: String, _ id: Int64) throws -> (FlightDetails, Int, Int) {
        let store = try FlightStore(path: path, mode: .readOnly)
        return (
            try store.flight(id: id).details, try store.history(id: id).count,
            try store.track(forFlight: id).fixes.count
        )
    }

    static func csrf(in page: String) -> String? {
        guard let range = page.range(of: "name=\"csrf\" value=\"") else { return nil }
        return String(page[range.upperBound...].prefix(while: { $0 != "\"" }))
    }

    /// The hidden value named `name` in a page's form (e.g. the edit form's `version`).
    static func hidden(_ name: String, in page: String) -> String? {
        guard let range = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(page[range.upperBound...].prefix(while: { $0 != "\"" }))
    }

    static func sessionCookie(_ reply: HTTPReply) -> String? {
        guard let header = reply.header("set-cookie"), let value = header.split(separator: ";").first else {
            return nil
        }
        return String(value)
    }

    static let editForm: [(String, String)] = [
        ("pilot", "Jürgen Müller"), ("role", "student"), ("secondPerson", "Greta Γεωργίου"), ("plane", "ASK 21"),
        ("registration", "d-1234"), ("competitionId", ""), ("launch", "winch"), ("releaseHeight", "380"),
        ("takeoffPlace", "Aachen-Merzbrück"), ("landingPlace", ""), ("remarks", "Stall training"),
    ]

    @Test func editingIsOffWithoutAPasswordHash() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try logbook.fillWithThreeFlights()[0]
        let before = try Self.snapshot(logbook.databasePath, id)
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            #expect(try await client.get("/flights/\(id)/edit").status == 403)
            #expect(try await client.get("/login").text.contains("Editing is off"))
            #expect(!(try await client.get("/flights/\(id)").text.contains("/edit\"")))
            let post = try await client.post("/flights/\(id)/edit", form: Self.editForm)
            #expect(post.status == 403)
        }
        let after = try Self.snapshot(logbook.databasePath, id)
        #expect(after.0 == before.0 && after.1 == before.1)
    }

    @Test func editNeedsLoginAndCSRFTokenThenKeepsHistoryAndTrack() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try logbook.fillWithThreeFlights()[0]
        let before = try Self.snapshot(logbook.databasePath, id)
        let hash = try PasswordHash.make(password: Self.password, iterations: 1000)
        try await withRealServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            // Not logged in: refused, redirected to the login.
            #expect(try await client.post("/flights/\(id)/edit", form: Self.editForm).status == 403)
            #expect(
                try await client.get("/flights/\(id)/edit").header("location")
                    == "/login?next=%2Fflights%2F\(id)%2Fedit")

            // Login form: a pre-login session with its CSRF token.
            let form = try await client.get("/login")
            let preCookie = try #require(Self.sessionCookie(form))
            #expect(form.header("set-cookie")?.contains("HttpOnly") == true)
            #expect(form.header("set-cookie")?.contains("SameSite=Strict") == true)
            #expect(form.header("set-cookie")?.contains("Path=/") == true)
            let loginToken = try #require(Self.csrf(in: form.text))
            #expect(loginToken.count == 64)

            // Without the token, with a wrong token, with a wrong password: refused.
            #expect(
                try await client.post("/login", form: [("password", Self.password)], cookie: preCookie).status == 403)
            #expect(
                try await client.post(
                    "/login", form: [("csrf", String(repeating: "0", count: 64)), ("password", Self.password)],
                    cookie: preCookie
                ).status == 403)
            let wrong = try await client.post(
                "/login", form: [("csrf", loginToken), ("password", "guess")], cookie: preCookie)
            #expect(wrong.status == 403)
            #expect(wrong.text.contains("Wrong password"))

            let login = try await client.post(
                "/login", form: [("csrf", loginToken), ("password", Self.password)], cookie: preCookie)
            #expect(login.status == 303)
            let cookie = try #require(Self.sessionCookie(login))
            #expect(cookie != preCookie, "a new session id after login")

            // Logged in, but the pre-login cookie is worthless now.
            #expect(try await client.get("/flights/\(id)/edit", cookie: preCookie).status == 303)
            let editPage = try await client.get("/flights/\(id)/edit", cookie: cookie)
            #expect(editPage.status == 200)
            let token = try #require(Self.csrf(in: editPage.text))
            let version = try #require(Self.hidden("version", in: editPage.text))

            // Logged in without / with a wrong CSRF token: refused, nothing written.
            #expect(try await client.post("/flights/\(id)/edit", form: Self.editForm, cookie: cookie).status == 403)
            #expect(
                try await client.post(
                    "/flights/\(id)/edit", form: [("csrf", loginToken)] + Self.editForm, cookie: cookie
                ).status == 403)
            let unchanged = try Self.snapshot(logbook.databasePath, id)
            #expect(unchanged.0 == before.0 && unchanged.1 == before.1)

            // Invalid values: refused with the reason, nothing written.
            var invalid = Self.editForm
            invalid[7] = ("releaseHeight", "9000")
            let refused = try await client.post(
                "/flights/\(id)/edit", form: [("csrf", token), ("version", version)] + invalid, cookie: cookie)
            #expect(refused.status == 400)
            #expect(refused.text.contains("between 0 and 5000"))
            var noName = Self.editForm
            noName[2] = ("secondPerson", "  ")
            #expect(
                try await client.post(
                    "/flights/\(id)/edit", form: [("csrf", token), ("version", version)] + noName, cookie: cookie
                ).status == 400)
            #expect(try Self.snapshot(logbook.databasePath, id).1 == before.1)

            // The real edit.
            let saved = try await client.post(
                "/flights/\(id)/edit", form: [("csrf", token), ("version", version)] + Self.editForm, cookie: cookie)
            #expect(saved.status == 200)
            #expect(saved.text.contains("Saved:"))
            #expect(saved.text.contains(esc("Greta Γεωργίου (student)")))
        }
        let after = try Self.snapshot(logbook.databasePath, id)
        #expect(after.0.secondPerson == "Greta Γεωργίου")
        #expect(after.0.secondPersonRole == .student)
        #expect(after.0.registration == "D-1234")
        #expect(after.0.releaseHeight == 380)
        #expect(after.0.remarks == "Stall training")
        #expect(after.1 > before.1, "edit history grew")
        #expect(after.2 == before.2, "the track is untouched")
    }

    @Test func hostileRequestsGet4xxAndTheServerKeepsServing() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try logbook.fillWithThreeFlights()[0]
        try await withRealServer(databasePath: logbook.databasePath) { client, _ in
            let cases: [(String, ClosedRange<Int>)] = [
                ("/flights/abc", 400...400),
                ("/flights/-1", 400...400),
                ("/flights/0", 400...400),
                ("/flights/99999999999999999999999", 400...400),
                ("/flights/424242", 404...404),
                ("/flights/\(id)/passwd", 404...404),
                ("/flights/\(id)/../../../etc/passwd", 400...404),
                ("/../../etc/passwd", 400...404),
                ("/%2e%2e/%2e%2e/etc/passwd", 400...404),
                ("/flights/\(id)/..%2f..%2f..%2fetc%2fpasswd", 400...404),
                ("/flights/%00", 400...404),
                ("/static/../../flightlog.sqlite", 400...404),
                ("/?plane=%ZZ", 400...400),
                ("/?page=99999999999999999999", 400...400),
                ("/?plane=" + String(repeating: "a", count: 300), 400...400),
                ("/?plane=" + String(repeating: "a", count: 20_000), 414...414),
                ("/?launch=rocket", 400...400),
                ("/nothing-here", 404...404),
            ]
            for (target, expected) in cases {
                let reply = try await client.get(target)
                #expect(expected.contains(reply.status), "\(target.prefix(80)) → \(reply.status)")
                #expect(!reply.text.contains("SQLite format"), "\(target.prefix(80)) leaks the database")
            }
            let put = try await client.send(method: "PUT", target: "/")
            #expect(put.status == 405)
            let huge = try await client.send(
                method: "POST", target: "/login", body: Array(repeating: UInt8(ascii: "a"), count: 100_000))
            #expect(huge.status == 413)
            #expect(try await client.get("/").status == 200, "still serving")
        }
    }
}

@Suite("Password hashes")
struct PasswordHashTests {
    @Test(arguments: [
        (1, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        (2, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        (4096, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
    ])
    func pbkdf2MatchesKnownVectors(iterations: Int, expected: String) {
        let key = PasswordHash.pbkdf2(
            password: Array("password".utf8), salt: Array("salt".utf8), iterations: iterations)
        #expect(Hex.encode(key) == expected)
    }

    @Test(arguments: ["Segelflug über Düren", "Øyvind", "Γεια"])
    func hashesVerifyOnlyTheirPassword(password: String) throws {
        let line = try PasswordHash.make(password: password, iterations: 500)
        #expect(line.hasPrefix("pbkdf2-sha256$500$"))
        #expect(PasswordHash.isWellFormed(line))
        #expect(PasswordHash.verify(password: password, against: line))
        #expect(!PasswordHash.verify(password: password + " ", against: line))
        #expect(try PasswordHash.make(password: password, iterations: 500) != line, "salted")
    }

    /// Lines stored before swift-crypto replaced the hand-written SHA-256 (made with Python's
    /// `hashlib.pbkdf2_hmac`, the same function) still verify: existing config files keep working.
    @Test(arguments: [
        (
            "Segelflug über Düren",
            "pbkdf2-sha256$20000$5f1e0c2a9b8d7766554433221100ffee$ccfb0f9aecdfa72b48921ea6636e76395998b4c414d1ca46b760f7fa45117a8f"
        ),
        (
            "glider",
            "pbkdf2-sha256$100000$5f1e0c2a9b8d7766554433221100ffee$f8599527e2e85d02dee21d1f886e1e830ed2d4487acc09ad59f0d113fa98c2ed"
        ),
    ])
    func existingHashLinesStillVerify(password: String, line: String) {
        #expect(PasswordHash.isWellFormed(line))
        #expect(PasswordHash.verify(password: password, against: line))
        #expect(!PasswordHash.verify(password: password.uppercased(), against: line))
    }

    @Test func malformedHashesNeverMatch() {
        for line in [
            "", "plain", "pbkdf2-sha256$0$00$00", "pbkdf2-sha256$10$zz$" + String(repeating: "0", count: 64),
            "md5$1$00$" + String(repeating: "0", count: 64),
        ] {
            #expect(!PasswordHash.verify(password: "", against: line))
            #expect(!PasswordHash.isWellFormed(line))
        }
    }
}
