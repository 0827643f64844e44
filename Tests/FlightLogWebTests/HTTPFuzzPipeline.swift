import FlightLogCore
import FlightLogSecurity
import Foundation

@testable import FlightLogWeb

/// The code path of the http fuzz target (`Fuzz/http.swift`, built by `scripts/fuzz.sh`), shared with
/// `HTTPFuzzRegressionTests`. The input is one HTTP request as a client sends it; the request line, the Cookie
/// headers and the body are split off here (Hummingbird's part), then the server's own parsing runs as
/// `WebServer` and `WebApp` use it: the size limits, path percent-decoding, query and form decoding
/// (`parseURLEncoded`), cookies (`parseCookies`), the list filters (`ListQuery`; its query string must give the
/// same filters back) and the list page rendered with them, the edit form (`DetailsForm.details`; a refused form
/// is shown again with the sent values), the login form's token (`Sessions.checkLoginToken`), the login's `next` (`LoginTarget`: never off this site),
/// the task page's steps (`TaskPlaces`: the task being built never holds more than a declaration, nor a name
/// that finds nothing) and a password check.
///
/// Not reachable without the database, Reports and Hummingbird modules: `WebApp.respond`'s routing (flight ids,
/// `.`/`..` segments), the pages that read flights, Hummingbird's own request parsing and the session actor.
enum HTTPFuzzPipeline {
    /// A hash line with 1 iteration (a real one has 100,000: too slow for a fuzzer), password "glider".
    static let passwordHash =
        "pbkdf2-sha256$1$00112233445566778899aabbccddeeff$"
        + Hex.encode(
            PasswordHash.pbkdf2(
                password: Array("glider".utf8), salt: Array(0..<16).map { UInt8($0 * 17) }, iterations: 1))
    static let sessions = Sessions()

    /// A summary, and a violated invariant if any.
    static func run(_ bytes: [UInt8]) -> (summary: String, violation: String?) {
        let request = RawRequest(bytes)
        let (path, query) = request.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            .map(String.init).splitFirst()
        guard query.utf8.count <= WebLimits.maxQueryBytes, path.utf8.count <= 1024 else { return ("414", nil) }
        guard path.removingPercentEncoding != nil else { return ("400 path", nil) }
        guard let fields = parseURLEncoded(Substring(query)) else { return ("400 query", nil) }
        let form = request.body.count <= WebLimits.maxBodyBytes ? parseURLEncoded(Substring(request.body)) : nil
        let cookies = parseCookies(request.cookie)

        var summary = "list"
        do {
            let list = try ListQuery(query: fields)
            let again = parseURLEncoded(Substring(list.queryString(page: list.page))).flatMap {
                try? ListQuery(query: $0)
            }
            guard again == list else {
                return ("list", "the list's query string does not give its filters back: \(list)")
            }
            _ = ListPage(query: list, flights: [], totals: (0, 0, 0), logbookCount: 1, error: nil, loggedIn: false)
                .render()
        } catch {
            summary = "list refused: \(error)"
            _ = ListPage(
                query: ListQuery(), flights: [], totals: (0, 0, 0), logbookCount: 1, error: "\(error)", loggedIn: true
            )
            .render()
        }
        for value in fields.values where esc(value).contains(where: { "<>\"'".contains($0) }) {
            return (summary, "esc leaves markup in \(value.debugDescription)")
        }
        // The login's `next`: only a path of this site is followed, and the login page's address carries it back.
        for next in [fields["next"], form?["next"], LoginTarget.target(path: path, query: fields)] {
            guard let followed = LoginTarget.safe(next) else { continue }
            let bytes = Array(followed.utf8)
            if bytes.first != UInt8(ascii: "/") || bytes.dropFirst().first.map({ $0 == 0x2F || $0 == 0x5C }) == true
                || bytes.contains(where: { $0 <= 0x20 || $0 >= 0x7F || $0 == 0x5C })
            {
                return (summary, "login would follow \(followed.debugDescription) off this site")
            }
            let login = LoginTarget.loginPath(next: followed)
            let carried = login.split(separator: "?", maxSplits: 1).dropFirst().first.flatMap { parseURLEncoded($0) }
            if login != "/login", carried?["next"] != followed {
                return (summary, "the login page's address \(login) does not carry \(followed) back")
            }
        }
        if let violation = taskSteps(fields) { return (summary, violation) }
        guard let form else { return (summary + ", 400 form", nil) }
        do {
            let details = try DetailsForm.details(from: form)
            summary += ", edit ok \(details.launchMethod)"
        } catch {
            summary += ", edit refused"
            _ = EditPage(flight: sampleFlight, values: form, csrfToken: "token", error: "\(error)").render()
        }
        if sessions.checkLoginToken(nonce: cookies[Sessions.loginCookieName], token: form["csrf"]) {
            return (summary, "a login token was accepted without the server's secret")
        }
        if PasswordHash.isWellFormed(form["hash"] ?? ""), let password = form["password"] {
            _ = PasswordHash.verify(password: password, against: passwordHash)
        }
        return (summary, nil)
    }

    /// The task page's steps (``TaskPlaces``) on the query's task being built: never more places than a
    /// declaration holds, each a name that still finds a place, and the page drawn.
    static func taskSteps(_ fields: [String: String]) -> String? {
        var problems: [String] = []
        var draft = TaskPlaces.keys(fields[TaskPage.draftField] ?? "").prefix(TaskPlaces.maxPoints).compactMap {
            key -> TaskPage.Place? in
            guard case .field(let field) = taskIndex.match(named: key) else { return nil }
            return TaskPage.Place(key: key, label: field.label, coordinate: field.coordinate)
        }
        let found = TaskPlaces.step(fields, draft: &draft, index: taskIndex, problems: &problems)
        if draft.count > TaskPlaces.maxPoints { return "the task being built holds \(draft.count) places" }
        if let lost = draft.first(where: { taskIndex.match(named: $0.key) == .none }) {
            return "the task being built holds \(lost.key.debugDescription), which finds no place"
        }
        _ = TaskPage(
            pending: nil, pendingMap: nil, draft: draft, draftMap: nil, found: found,
            error: problems.isEmpty ? nil : problems.joined(separator: " "), csrfToken: "token", editingEnabled: true,
            loggedIn: true
        ).render()
        return nil
    }

    /// Places for the task steps: two with one code, one without a code, one across 180° from another.
    static let taskIndex = AirfieldIndex(
        [
            ("EDKA", "Aachen-Merzbrück", 50.82, 6.19), ("NFCI", "Cicia", -17.74, -179.34),
            ("NFCI", "Cicia Airport", -17.74, -179.34), (nil, "Wiese am Bach", 50.5, 6.5),
            ("NFFR", "Rabi Island", -16.53, 179.98),
        ].map {
            Airfield(
                code: $0.0, name: $0.1, coordinate: Coordinate(latitude: $0.2, longitude: $0.3), elevation: nil,
                zoneIdentifier: nil, source: .dataSet)
        })

    static let sampleFlight = Flight(
        id: 12, takeoffTime: 1_749_895_200_000, landingTime: 1_749_902_400_000,
        takeoffCoordinate: Coordinate(latitude: 50.8, longitude: 6.2),
        landingCoordinate: Coordinate(latitude: 50.8, longitude: 6.2))
}

/// `METHOD TARGET VERSION` CRLF, header lines, an empty line, the body (LF alone also ends a line).
struct RawRequest {
    var method = ""
    var target = "/"
    /// Every Cookie header's value, joined with "; ".
    var cookie = ""
    var body = ""

    init(_ bytes: [UInt8]) {
        var rest = bytes[...]
        func nextLine() -> String? {
            guard !rest.isEmpty else { return nil }
            let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
            var line = rest[..<end]
            rest = end < rest.endIndex ? rest[(end + 1)...] : []
            if line.last == 0x0D { line = line.dropLast() }
            return String(decoding: line, as: UTF8.self)
        }
        let requestLine = (nextLine() ?? "").split(separator: " ")
        method = requestLine.first.map(String.init) ?? ""
        if requestLine.count > 1 { target = String(requestLine[1]) }
        var cookies: [String] = []
        while let header = nextLine(), !header.isEmpty {
            let parts = header.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "cookie" {
                cookies.append(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        cookie = cookies.joined(separator: "; ")
        body = String(decoding: rest, as: UTF8.self)
    }
}

extension Array where Element == String {
    /// `[a]` → `(a, "")`, `[a, b]` → `(a, b)`.
    fileprivate func splitFirst() -> (String, String) { (first ?? "", count > 1 ? self[1] : "") }
}
