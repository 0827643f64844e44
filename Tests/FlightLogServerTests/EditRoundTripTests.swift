import FlightLogCore
import FlightLogSecurity
import FlightLogServer
import FlightLogStore
import FlightLogTestSupport
import FlightLogWeb
import Foundation
import GRDB
import Testing

/// The phone's edit form against the real server and SQLite file: a form made before the flight changed elsewhere
/// is refused (showing both sides) instead of undoing that change; every value the logbook holds goes round the
/// form, however long an import made it; the password limit is the same for `--hash-password` and the login.
@Suite("Edit form round trips and conflicts", .serialized, .timeLimit(.minutes(3)))
struct EditRoundTripTests {
    static let password = "Thermik über Zülpich"

    /// Logs in; returns the session cookie.
    static func logIn(_ client: some PageClient, password: String = Self.password) async throws -> String {
        let form = try await client.get("/login")
        let preCookie = try #require(SecurityTests.sessionCookie(form))
        let token = try #require(SecurityTests.csrf(in: form.text))
        let login = try await client.post("/login", form: [("csrf", token), ("password", password)], cookie: preCookie)
        #expect(login.status == 303, "logged in")
        return try #require(SecurityTests.sessionCookie(login))
    }

    /// The edit form of flight `id` as the browser would send it back unchanged (hidden fields included).
    static func formFields(_ page: String) -> [(String, String)] {
        var fields: [(String, String)] = []
        for name in ["csrf", "version"] + DetailsFormNames.all {
            if let value = SecurityTests.hidden(name, in: page) { fields.append((name, unescape(value))) }
        }
        if let start = page.range(of: "<textarea name=\"remarks\""),
            let open = page[start.upperBound...].firstIndex(of: ">"),
            let end = page.range(of: "</textarea>", range: open..<page.endIndex)
        {
            fields.append(("remarks", unescape(String(page[page.index(after: open)..<end.lowerBound]))))
        }
        for name in ["role", "launch"] {
            guard let select = page.range(of: "<select name=\"\(name)\">"),
                let end = page.range(of: "</select>", range: select.upperBound..<page.endIndex)
            else { continue }
            let options = page[select.upperBound..<end.lowerBound]
            if let selected = options.range(of: "\" selected>") {
                let head = options[..<selected.lowerBound]
                fields.append((name, String(head[head.index(after: head.lastIndex(of: "\"")!)...])))
            } else {
                fields.append((name, ""))
            }
        }
        return fields
    }

    enum DetailsFormNames {
        static let all = [
            "pilot", "secondPerson", "plane", "registration", "competitionId", "releaseHeight", "takeoffPlace",
            "landingPlace",
        ]
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func replacing(_ fields: [(String, String)], _ name: String, with value: String) -> [(String, String)] {
        fields.map { $0.0 == name ? (name, value) : $0 }
    }

    /// Opens flight `id`'s edit form, sets one field to `value` and saves it as the phone would.
    static func save(
        _ name: String, _ value: String, flight id: Int64, client: some PageClient, cookie: String
    ) async throws -> HTTPReply {
        let form = formFields(try await client.get("/flights/\(id)/edit", cookie: cookie).text)
        return try await client.post("/flights/\(id)/edit", form: replacing(form, name, with: value), cookie: cookie)
    }

    @Test func aFormMadeBeforeAChangeElsewhereIsRefusedShowingBothSides() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try logbook.fillWithThreeFlights()[0]
        let hash = try PasswordHash.make(password: Self.password, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            let cookie = try await Self.logIn(client)
            let stale = Self.formFields(try await client.get("/flights/\(id)/edit", cookie: cookie).text)
            #expect(stale.contains { $0.0 == "version" } && stale.contains { $0.0 == "pilot" })

            // Meanwhile `flightlog edit` (same database file) changes the remarks and the glider.
            let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
            var elsewhere = try store.flight(id: id).details
            elsewhere.remarks = "Cable break at 80 m, changed on the Pi"
            elsewhere.gliderType = "ASK 13"
            _ = try store.updateDetails(id: id, to: elsewhere, editedAt: 1_750_000_000_000)

            // The phone now saves its old form with a new remark: refused, nothing reverted.
            let wanted = Self.replacing(stale, "remarks", with: "Nice thermals")
            let refused = try await client.post("/flights/\(id)/edit", form: wanted, cookie: cookie)
            #expect(refused.status == 409)
            #expect(refused.text.contains("changed elsewhere"))
            #expect(refused.text.contains("Nice thermals"), "what the form wanted")
            #expect(refused.text.contains("Cable break at 80 m, changed on the Pi"), "what the flight holds now")
            #expect(refused.text.contains("<td>ASK 21</td><td>ASK 13</td>"), "the glider: form, now")
            #expect(try store.flight(id: id).details == elsewhere, "the change elsewhere is kept")

            // The refused page is a fresh form over the current details: the pilot redoes the change, and it saves.
            let redo = Self.replacing(Self.formFields(refused.text), "remarks", with: "Nice thermals")
            let saved = try await client.post("/flights/\(id)/edit", form: redo, cookie: cookie)
            #expect(saved.status == 200 && saved.text.contains("Saved:"))
            let after = try store.flight(id: id).details
            #expect(after.remarks == "Nice thermals" && after.gliderType == "ASK 13")

            // A form without its version (made by hand, or from before this rule) cannot overwrite either.
            let bare = redo.filter { $0.0 != "version" }
            #expect(try await client.post("/flights/\(id)/edit", form: bare, cookie: cookie).status == 409)
        }
    }

    /// Two phones save the same form at once. Both pass the version check (the flight has not changed yet), then
    /// queue for the write lock, held here by another connection: only the first write may succeed; the second
    /// finds the details changed in its own transaction and gets the stale page. The short wait only lets both
    /// saves reach the lock (so the old check-then-write saved both); any timing gives the outcome asserted.
    @Test func twoSavesOfOneFormRacingForTheWriteLockSaveOnce() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try logbook.fillWithThreeFlights()[0]
        let hash = try PasswordHash.make(password: Self.password, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            let cookie = try await Self.logIn(client)
            let form = Self.formFields(try await client.get("/flights/\(id)/edit", cookie: cookie).text)
            var unsafe = Configuration()
            unsafe.allowsUnsafeTransactions = true  // the lock stays held between the two accesses below
            let holder = try DatabaseQueue(path: logbook.databasePath, configuration: unsafe)
            try holder.inDatabase { try $0.execute(sql: "BEGIN IMMEDIATE") }
            async let first = client.post(
                "/flights/\(id)/edit", form: Self.replacing(form, "remarks", with: "First phone"), cookie: cookie)
            async let second = client.post(
                "/flights/\(id)/edit", form: Self.replacing(form, "remarks", with: "Second phone"), cookie: cookie)
            // Released from a thread of its own: the in-process server's blocked saves may hold every thread of the
            // test's cooperative pool (two on a two-core machine) until the lock is gone.
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.5)
                try? holder.inDatabase { try $0.execute(sql: "COMMIT") }
            }
            let replies = try await [first, second]
            #expect(replies.map(\.status).sorted() == [200, 409], "\(replies.map(\.text))")
            let refused = try #require(replies.first { $0.status == 409 })
            #expect(refused.text.contains("changed elsewhere"))
            let store = try FlightStore(path: logbook.databasePath, mode: .readOnly)
            #expect(try store.history(id: id).count == 1, "one save written, not two")
            let remarks = try store.flight(id: id).details.remarks
            #expect(remarks == "First phone" || remarks == "Second phone")
            #expect(refused.text.contains(remarks ?? "-"), "the stale page shows what the flight holds now")
        }
    }

    @Test func everyValueAnImportCanHoldGoesRoundTheForm() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let longName = "Maximilian Alexander " + String(repeating: "von-und-zu-Segelflug ", count: 11) + "Ü"
        #expect(longName.count > WebLimits.maxFieldCharacters)
        var imported = FlightDetails(
            pilot: longName, gliderType: "ASW 28-18 \"Turbo\" <E>", registration: "d-kxyz", launchMethod: .aerotow,
            releaseHeight: 612.4, remarks: String(repeating: "Wave over the Eifel. ", count: 120))
        imported.launches = 3
        imported.ownerRole = .instructor
        let id = try logbook.addFlight(store: store, start: 1_750_000_000_000, details: imported)
        let stored = try store.flight(id: id).details
        let hash = try PasswordHash.make(password: Self.password, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            let cookie = try await Self.logIn(client)
            let page = try await client.get("/flights/\(id)/edit", cookie: cookie)
            #expect(
                page.text.contains("value=\"\(esc(longName))\" maxlength=\"\(longName.utf16.count)\""),
                "shown whole, not cut")
            let form = Self.formFields(page.text)

            // Sent back unchanged, only the takeoff place added: saved, everything else exactly as it was.
            let saved = try await client.post(
                "/flights/\(id)/edit", form: Self.replacing(form, "takeoffPlace", with: "Dahlemer Binz"), cookie: cookie
            )
            #expect(saved.status == 200 && saved.text.contains("Saved:"), "\(saved.status)")
            var expected = stored
            expected.takeoffPlace = "Flugplatz Dahlemer Binz (EDKV)"  // a part only one field has names it
            #expect(try store.flight(id: id).details == expected)

            // A new value over the limit is refused, naming the field and the limit.
            let next = Self.formFields(try await client.get("/flights/\(id)/edit", cookie: cookie).text)
            let tooLong = try await client.post(
                "/flights/\(id)/edit", form: Self.replacing(next, "pilot", with: longName + "x"), cookie: cookie)
            #expect(tooLong.status == 400)
            #expect(tooLong.text.contains("Pilot: at most \(WebLimits.maxFieldCharacters) characters"))
            #expect(try store.flight(id: id).details == expected)
        }
    }

    @Test func theLoginRefusesAnOverLongPasswordSayingWhy() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let long = String(repeating: "ü", count: 101)  // 202 bytes
        #expect(throws: ServerError.self) { try PasswordHash.make(password: long, iterations: 1000) }
        #expect(PasswordHash.problem(with: long)?.contains("at most 200 bytes") == true)
        #expect(PasswordHash.problem(with: "line one\nline two") != nil)
        let limit = String(repeating: "ü", count: 100)  // exactly 200 bytes: fine in both places
        let hash = try PasswordHash.make(password: limit, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            _ = try await Self.logIn(client, password: limit)
            let form = try await client.get("/login")
            let preCookie = try #require(SecurityTests.sessionCookie(form))
            let token = try #require(SecurityTests.csrf(in: form.text))
            let refused = try await client.post(
                "/login", form: [("csrf", token), ("password", long)], cookie: preCookie)
            #expect(refused.status == 403)
            #expect(refused.text.contains("longer than 200 bytes"))
        }
    }

    /// `flightlog serve --hash-password` (the built binary) refuses what the login would refuse, and a password
    /// file written with CR LF line ends gives a hash the login accepts.
    @Test func hashPasswordAgreesWithTheLogin() async throws {
        let binary = builtExecutable("flightlog")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "built with --build-tests")
        func hashPassword(_ input: String) throws -> (status: Int32, out: String, err: String) {
            let result = try runProcess(binary.path, ["serve", "--hash-password"], stdin: input)
            return (result.status, result.stdout, result.stderr)
        }
        let long = try hashPassword(String(repeating: "ü", count: 101) + "\n")
        #expect(long.status != 0 && long.out.isEmpty)
        #expect(long.err.contains("202 bytes long; the login takes at most 200 bytes"), "\(long.err)")
        let twoLines = try hashPassword("first line\nsecond line\n")
        #expect(twoLines.status != 0 && twoLines.out.isEmpty && twoLines.err.contains("line break"), "\(twoLines.err)")

        let windows = try hashPassword(Self.password + "\r\n")
        #expect(windows.status == 0, "\(windows.err)")
        let line = windows.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let hash = String(line.dropFirst("password_hash = \"".count).dropLast())
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            _ = try await Self.logIn(client)
        }
    }
}
