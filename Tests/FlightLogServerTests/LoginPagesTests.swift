import FlightLogCore
import FlightLogSecurity
import FlightLogServer
import FlightLogWeb
import Foundation
import Testing

/// The glider's login against the real server: who is logged in and a log-out button on every page, back to the
/// page asked for after the login, never to another site.
@Suite("Login: header, log-out, back to the page asked for", .serialized, .timeLimit(.minutes(2)))
struct LoginPagesTests {
    static let password = "Hangwind am Ith"

    /// `next` values that must not leave this site (or loop), each as a browser would read the `Location`.
    static let hostileTargets = [
        "//evil.example/", "///evil.example", "/\\evil.example", "\\\\evil.example", "\\/evil.example",
        "https://evil.example/", "http:/evil.example", "javascript:alert(1)", "evil.example", "",
        "/\t/evil.example", "/\n/evil.example", " /flights/1", "/flights/1\r\nSet-Cookie: a=b", "/x\\..\\y",
        "/login", "/login?next=//evil.example", "/logout", "/fl\u{00FC}ge",
    ]

    @Test func onlyPathsOfThisSiteAreFollowed() {
        for target in ["/", "/flights/12/edit", "/?plane=ASK%2021&page=2", "/stats?year=2025", "/%2F%2Fx"] {
            #expect(LoginTarget.safe(target) == target, "\(target)")
        }
        for target in Self.hostileTargets { #expect(LoginTarget.safe(target) == nil, "\(target.debugDescription)") }
        #expect(LoginTarget.safe(nil) == nil)
        #expect(LoginTarget.safe("/" + String(repeating: "a", count: 2000)) == nil)
        #expect(LoginTarget.loginPath(next: "/flights/3/edit") == "/login?next=%2Fflights%2F3%2Fedit")
        #expect(LoginTarget.loginPath(next: "/") == "/login")
        #expect(LoginTarget.loginPath(next: "//evil.example") == "/login")
        #expect(LoginTarget.target(path: "/", query: ["plane": "ASK 21", "b": "ü"]) == "/?b=%C3%BC&plane=ASK%2021")
    }

    @Test func afterTheLoginBackToThePageAskedForNeverElsewhere() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try logbook.fillWithThreeFlights()[0]
        let hash = try PasswordHash.make(password: Self.password, iterations: 1000)
        try await withRealServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            // Not logged in: the edit sends to the login, which carries the edit's address.
            let toLogin = try await client.get("/flights/\(id)/edit")
            #expect(toLogin.status == 303)
            let loginPath = try #require(toLogin.header("location"))
            #expect(loginPath == "/login?next=%2Fflights%2F\(id)%2Fedit")
            // Every page's "Log in" comes back to it.
            #expect(try await client.get("/flights/\(id)").text.contains("href=\"/login?next=%2Fflights%2F\(id)\""))

            let form = try await client.get(loginPath)
            #expect(SecurityTests.hidden("next", in: form.text) == "/flights/\(id)/edit")
            let nonce = try #require(SecurityTests.sessionCookie(form))
            let token = try #require(SecurityTests.csrf(in: form.text))
            func logIn(next: String?) async throws -> HTTPReply {
                let fields = [("csrf", token), ("password", Self.password)] + (next.map { [("next", $0)] } ?? [])
                return try await client.post("/login", form: fields, cookie: nonce)
            }
            let back = try await logIn(next: "/flights/\(id)/edit")
            #expect(back.status == 303 && back.header("location") == "/flights/\(id)/edit")
            let cookie = try #require(SecurityTests.sessionCookie(back))
            #expect(try await client.get("/flights/\(id)/edit", cookie: cookie).status == 200)
            #expect(try await logIn(next: nil).header("location") == "/")
            #expect(try await logIn(next: "/?plane=ASK%2021").header("location") == "/?plane=ASK%2021")

            // Open-redirect attempts land on the list; the form never carries them on.
            for target in Self.hostileTargets {
                let reply = try await logIn(next: target)
                #expect(reply.status == 303 && reply.header("location") == "/", "\(target.debugDescription)")
                let page = try await client.get("/login?next=" + RawClient.encode(target))
                #expect(SecurityTests.hidden("next", in: page.text) == nil, "\(target.debugDescription)")
            }
            // A wrong password keeps the target for the next try.
            let wrong = try await client.post(
                "/login", form: [("csrf", token), ("password", "x"), ("next", "/stats")], cookie: nonce)
            #expect(wrong.status == 403 && SecurityTests.hidden("next", in: wrong.text) == "/stats")
        }
    }

    @Test func everyPageShowsTheLoginAndLogsOutWithItsToken() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try logbook.fillWithThreeFlights()[0]
        let hash = try PasswordHash.make(password: Self.password, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            let form = try await client.get("/login")
            let nonce = try #require(SecurityTests.sessionCookie(form))
            let token = try #require(SecurityTests.csrf(in: form.text))
            let login = try await client.post(
                "/login", form: [("csrf", token), ("password", Self.password)], cookie: nonce)
            let cookie = try #require(SecurityTests.sessionCookie(login))
            let edit = try await client.get("/flights/\(id)/edit", cookie: cookie)
            let csrf = try #require(SecurityTests.csrf(in: edit.text))

            for path in ["/", "/flights/\(id)", "/flights/\(id)/edit", "/stats", "/status", "/flights/999", "/nope"] {
                let page = try await client.get(path, cookie: cookie).text
                #expect(page.contains("Logged in · Log out"), "\(path)")
                #expect(page.contains("<form class=\"logout\" method=\"post\" action=\"/logout\">"), "\(path)")
                #expect(SecurityTests.csrf(in: page) == csrf, "\(path): the log-out form carries the session's token")
                #expect(!page.contains(">Log in</a>"), "\(path)")
            }
            // Logged out, the header offers the login instead.
            #expect(try await client.get("/stats").text.contains(">Log in</a>"))
            #expect(!(try await client.get("/stats").text.contains("Log out")))

            // The edit form says what cannot be edited, and does not deny what it offers (the places).
            #expect(edit.text.contains("The times and the track are recorded facts and cannot be edited"))
            #expect(!edit.text.contains("places on the track"))
            #expect(edit.text.contains("name=\"takeoffPlace\"") && edit.text.contains("name=\"landingPlace\""))

            // Log-out needs the session's token (a forged form from elsewhere cannot end it).
            #expect(try await client.post("/logout", form: [], cookie: cookie).status == 403)
            let forged = [("csrf", String(repeating: "0", count: 64))]
            #expect(try await client.post("/logout", form: forged, cookie: cookie).status == 403)
            #expect(try await client.get("/flights/\(id)/edit", cookie: cookie).status == 200, "still logged in")
            let out = try await client.post("/logout", form: [("csrf", csrf)], cookie: cookie)
            #expect(out.status == 303 && out.header("location") == "/")
            #expect(out.header("set-cookie")?.contains("Max-Age=0") == true)
            #expect(try await client.get("/flights/\(id)/edit", cookie: cookie).status == 303, "the session ended")
            // Logging out again from a page left open (the session already gone): logged out, not "refused".
            for form in [[("csrf", csrf)], []] {
                let again = try await client.post("/logout", form: form, cookie: cookie)
                #expect(again.status == 303 && again.header("location") == "/", "\(again.status)")
                #expect(again.header("set-cookie")?.contains("Max-Age=0") == true)
            }
        }
    }
}
