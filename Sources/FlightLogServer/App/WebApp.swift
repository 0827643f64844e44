import FlightLogCore
import FlightLogReports
import FlightLogSecurity
import FlightLogStore
import FlightLogTransfer
import Foundation

/// What `flightlog serve` needs to know.
package struct ServerSettings: Sendable {
    package var databasePath: String
    /// flightlogd's status file (next to the database).
    package var statusPath: String
    /// `[server] password_hash`; `nil` = editing is off.
    package var passwordHash: String?
    /// The whole config (IGC serial, logbook owner).
    package var config: FlightLogConfig

    package init(databasePath: String, config: FlightLogConfig, statusPath: String? = nil) {
        self.databasePath = databasePath
        self.config = config
        self.passwordHash = config.server.passwordHash
        self.statusPath =
            statusPath
            ?? ((databasePath as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("flightlogd.status.json")
    }
}

/// The web UI: turns a bounded, decoded request into a page or a download. Never throws; every failure is a
/// 4xx/5xx page. Views read through a read-only store; only a logged-in edit opens the database for writing.
package final class WebApp: Sendable {
    package let settings: ServerSettings
    package let sessions = Sessions()
    private let readStore = Locked<FlightStore?>(nil)
    private let writeStore = Locked<FlightStore?>(nil)
    /// The map tile file: not opened yet (`nil`), or opened (`.some`, `nil` inside when it could not be read).
    let tileFile = Locked<MBTiles??>(nil)
    /// PDF renders in progress (each runs on its own thread); more than `maxRenders` get a 503.
    private let renders = Locked(0)
    private let maxRenders = 2

    package init(settings: ServerSettings) {
        self.settings = settings
    }

    private var editingEnabled: Bool { settings.passwordHash != nil }

    // MARK: - Dispatch

    package func respond(to request: WebRequest) async -> WebResponse {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if segments.contains(where: isSuspiciousSegment) {
            return errorPage(status: 400, title: "Bad request", message: "That address is not allowed.")
        }
        let sessionId = request.cookies[Sessions.cookieName]
        let loggedIn = await sessions.session(id: sessionId) != nil
        do {
            switch (request.method, segments.count) {
            case (.get, 0), (.head, 0):
                return try listPage(request.query, loggedIn: loggedIn)
            case (.get, 1), (.head, 1):
                switch segments[0] {
                case "status": return statusPage(loggedIn: loggedIn)
                case "stats": return try statsPage(request.query, loggedIn: loggedIn)
                case "logbook.pdf": return try await logbook(request.query)
                case "logbook.zip": return try await logbookArchive(request.query)
                case "login": return try loginForm(request, error: nil)
                default: break
                }
            case (.post, 1):
                switch segments[0] {
                case "login": return try await login(request, sessionId: sessionId)
                case "logout": return try await logout(request, sessionId: sessionId)
                default: break
                }
            case (.get, 2) where segments[0] == "flights", (.head, 2) where segments[0] == "flights":
                return try flightPage(id: try flightId(segments[1]), notice: nil, loggedIn: loggedIn)
            case (.get, 4) where segments[0] == "tiles", (.head, 4) where segments[0] == "tiles":
                return try tileResponse(segments)
            case (.get, 3) where segments[0] == "flights", (.head, 3) where segments[0] == "flights":
                let id = try flightId(segments[1])
                if segments[2] == "edit" { return try await editForm(id: id, sessionId: sessionId, loggedIn: loggedIn) }
                if let kind = ExportKind(rawValue: segments[2]) { return try await export(kind, id: id) }
            case (.post, 3) where segments[0] == "flights" && segments[2] == "edit":
                return try await saveEdit(id: try flightId(segments[1]), request, sessionId: sessionId)
            default:
                break
            }
            return errorPage(status: 404, title: "Not found", message: "There is no page at this address.")
        } catch let error as HTTPError {
            return errorPage(status: error.status, title: error.title, message: error.message)
        } catch let error as StoreError {
            switch error.code {
            case .notFound: return errorPage(status: 404, title: "No such flight", message: error.message)
            default: return errorPage(status: 503, title: "Logbook unavailable", message: error.message)
            }
        } catch {
            return errorPage(status: 500, title: "Something went wrong", message: "\(error)")
        }
    }

    /// `.`/`..`, NUL or backslash in a (decoded) path segment: refused before any routing.
    private func isSuspiciousSegment(_ segment: String) -> Bool {
        if segment == "." || segment == ".." { return true }
        return segment.unicodeScalars.contains { (scalar: Unicode.Scalar) -> Bool in scalar.value == 0 || scalar == "\\" }
    }

    /// A failure that maps directly to an HTTP status.
    struct HTTPError: Error {
        var status: Int
        var title: String
        var message: String
    }

    /// A flight id from the path: 1–18 digits, nothing else.
    private func flightId(_ text: String) throws -> Int64 {
        let digitsOnly = text.utf8.allSatisfy { (byte: UInt8) -> Bool in byte >= 48 && byte <= 57 }
        guard digitsOnly, text.utf8.count <= 18, let id = Int64(text), id > 0 else { throw HTTPError(status: 400, title: "Bad flight id", message: "A flight id is a positive whole number.") }
        return id
    }

    // MARK: - Stores

    /// The read-only store, opened on first use (the database may appear after the server started).
    private func store() throws(StoreError) -> FlightStore {
        try open(readStore, mode: .readOnly)
    }

    private func writableStore() throws(StoreError) -> FlightStore {
        try open(writeStore, mode: .readWrite)
    }

    private func open(_ slot: Locked<FlightStore?>, mode: StoreMode) throws(StoreError) -> FlightStore {
        slot.lock.lock()
        defer { slot.lock.unlock() }
        if let store = slot.value { return store }
        let opened = try FlightStore(path: settings.databasePath, mode: mode)
        slot.value = opened
        return opened
    }

    // MARK: - Views

    private func listPage(_ query: [String: String], loggedIn: Bool) throws -> WebResponse {
        guard let db = try openedStoreOrNil() else {
            let page = ListPage(query: ListQuery(), flights: [], totals: (0, 0, 0), logbookCount: 0, error: nil, loggedIn: loggedIn)
            return .html(page.render())
        }
        let parsed = Result { () throws(ServerError) -> ListQuery in try ListQuery(query: query) }
        let problem: String? = if case .failure(let error) = parsed { error.description } else { nil }
        let filter = (try? parsed.get())?.filter ?? FlightFilter()
        let totals = try db.totals(matching: filter)
        let all = filter.isEmpty ? totals.flights : try db.count(matching: FlightFilter())
        let pages = max(1, (totals.flights + ListQuery.pageSize - 1) / ListQuery.pageSize)
        let shown = ListQuery(filter: filter, page: min((try? parsed.get())?.page ?? 1, pages))
        let flights = try db.flights(
            matching: filter, newestFirst: true, limit: ListQuery.pageSize, offset: (shown.page - 1) * ListQuery.pageSize)
        let page = ListPage(query: shown, flights: flights, totals: totals, logbookCount: all, error: problem, loggedIn: loggedIn)
        return .html(page.render(), status: problem == nil ? 200 : 400)
    }

    /// The read-only store, or `nil` while there is no database yet.
    func openedStoreOrNil() throws(StoreError) -> FlightStore? {
        do {
            return try store()
        } catch {
            if error.code == .missingDatabase { return nil }
            throw error
        }
    }

    private func flightPage(id: Int64, notice: String?, loggedIn: Bool) throws -> WebResponse {
        let db = try store()
        let flight = try db.flight(id: id)
        let fixes = try db.track(forFlight: id).fixes
        let faults = RecordingFaults.of(flight, fixes: fixes)
        let page = FlightPage(
            flight: flight, mapHTML: mapChart(flight: flight, fixes: fixes, faults: faults),
            barogramHTML: BarogramChart(flight: flight, fixes: fixes, faults: faults).map(ChartHTML.barogram),
            history: try db.history(id: id),
            notice: notice, loggedIn: loggedIn, editingEnabled: editingEnabled,
            faults: faults)
        return .html(page.render())
    }

    private func statusPage(loggedIn: Bool) -> WebResponse {
        let db = try? store()
        let page = StatusPage(
            status: readStatusFile(settings.statusPath), statusPath: settings.statusPath,
            databasePath: settings.databasePath, databaseBytes: try? db?.databaseSizeBytes(),
            flightCount: try? db?.count(matching: FlightFilter()),
            stickExport: StickReport.last(databasePath: settings.databasePath), loggedIn: loggedIn)
        return .html(page.render())
    }

    // MARK: - Downloads

    private func export(_ kind: ExportKind, id: Int64) async throws -> WebResponse {
        let db = try store()
        let flight = try db.flight(id: id)
        guard flight.hasTrack else {
            throw HTTPError(status: 404, title: "No track", message: StoreError.noTrack(id, export: kind.label).description)
        }
        let stem = "flight-\(id)-\(flight.localDate)"
        switch kind {
        case .igc:
            // Signed with the device key when this server may read it (flight-web runs as flightlogd's user).
            let file = try igcExport(flightId: id, store: db, config: settings.config) {
                DeviceKey.exportSigner(databasePath: settings.databasePath).signer
            }
            return .download(file.bytes, contentType: kind.contentType, fileName: file.fileName)
        case .kml, .gpx, .geojson:
            let fixes = try db.track(forFlight: id).fixes
            let text: String
            switch kind {
            case .kml: text = GeoExport.kml(flight: flight, fixes: fixes)
            case .gpx: text = GeoExport.gpx(flight: flight, fixes: fixes)
            default: text = GeoExport.geojson(flight: flight, fixes: fixes)
            }
            let suffix = kind.rawValue.split(separator: ".").last.map(String.init) ?? "txt"
            return .download(Array(text.utf8), contentType: kind.contentType, fileName: "\(stem).\(suffix)")
        case .report:
            let fixes = try db.track(forFlight: id).fixes
            let bytes = try await limitedRender {
                try FlightReport.render(flight: flight, fixes: fixes, format: .pdf, options: FlightReportOptions())
            }
            return .download(bytes, contentType: kind.contentType, fileName: "\(stem).pdf")
        }
    }

    private func logbook(_ query: [String: String]) async throws -> WebResponse {
        let (flights, options) = try chosenFlights(query, for: "no logbook to print")
        let bytes = try await limitedRender { try LogbookPDF.render(flights: flights, options: options) }
        return .download(bytes, contentType: "application/pdf", fileName: "logbook.pdf")
    }

    /// The filtered flights' IGC files and their logbook PDF in one ZIP (``LogbookArchive``).
    private func logbookArchive(_ query: [String: String]) async throws -> WebResponse {
        let (flights, options) = try chosenFlights(query, for: "nothing to download")
        let db = try store()
        let config = settings.config, databasePath = settings.databasePath
        let bytes = try await limitedRender {
            let signer = LazySigner { DeviceKey.exportSigner(databasePath: databasePath).signer }
            return try LogbookArchive.zip(flights, store: db, config: config, logbook: options, signer: { signer() }).bytes
        }
        return .download(bytes, contentType: "application/zip", fileName: "flights.zip")
    }

    /// The flights the list's filters choose, and the logbook options for them.
    private func chosenFlights(_ query: [String: String], for purpose: String) throws -> ([Flight], LogbookOptions) {
        let parsed: ListQuery
        do {
            parsed = try ListQuery(query: query)
        } catch {
            throw HTTPError(status: 400, title: "Bad filter", message: error.description)
        }
        let flights = try store().flights(matching: parsed.filter)
        guard !flights.isEmpty else {
            throw HTTPError(status: 404, title: "No flights", message: "No flights match \(parsed.filter.summary): \(purpose).")
        }
        return (flights, LogbookOptions(owner: settings.config.owner ?? "", filterSummary: parsed.filter.summary))
    }

    private func limitedRender(_ render: @escaping @Sendable () throws -> [UInt8]) async throws -> [UInt8] {
        let limit = maxRenders
        let admitted = renders.update { (count: inout Int) -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            throw HTTPError(status: 503, title: "Busy", message: "Other PDFs are being made right now; try again in a moment.")
        }
        defer { renders.update { (count: inout Int) -> Void in count -= 1 } }
        do {
            return try await renderOffThread(render)
        } catch {
            throw HTTPError(status: 500, title: "Could not make the PDF", message: "\(error)")
        }
    }

    // MARK: - Login and edits

    private static let sessionCookie = "Set-Cookie"

    /// The login form. Stores nothing: its token is signed for the nonce in the browser's login cookie (set here
    /// when missing), so any number of anonymous visits cost no memory.
    private func loginForm(_ request: WebRequest, error: String?, status: Int = 200) throws -> WebResponse {
        guard editingEnabled else { return .html(EditingOffPage().render()) }
        var nonce = request.cookies[Sessions.loginCookieName] ?? ""
        var headers: [(name: String, value: String)] = []
        if !Sessions.isWellFormedNonce(nonce) {
            nonce = try Sessions.newLoginNonce()
            headers.append((Self.sessionCookie, Sessions.loginCookie(nonce: nonce)))
        }
        let page = LoginPage(csrfToken: sessions.loginToken(nonce: nonce), error: error)
        return .html(page.render(), status: status, headers: headers)
    }

    private func login(_ request: WebRequest, sessionId: String?) async throws -> WebResponse {
        guard let hash = settings.passwordHash else { return .html(EditingOffPage().render(), status: 403) }
        guard sessions.checkLoginToken(nonce: request.cookies[Sessions.loginCookieName], token: request.form["csrf"]) else {
            return try loginForm(request, error: "The form expired; please try again.", status: 403)
        }
        if await sessions.tooManyFailures(client: request.client) {
            return try loginForm(request, error: "Too many wrong passwords from here; wait a minute.", status: 429)
        }
        let password = request.form["password"] ?? ""
        guard password.utf8.count <= 200, PasswordHash.verify(password: password, against: hash) else {
            await sessions.noteFailure(client: request.client)
            return try loginForm(request, error: "Wrong password.", status: 403)
        }
        await sessions.end(id: sessionId)
        let created = try await sessions.create()
        return .redirect(to: "/", headers: [(Self.sessionCookie, Sessions.cookie(id: created.id))])
    }

    private func logout(_ request: WebRequest, sessionId: String?) async throws -> WebResponse {
        guard await sessions.checkCSRF(id: sessionId, token: request.form["csrf"]) else {
            throw HTTPError(status: 403, title: "Refused", message: "The form expired; reload the page and try again.")
        }
        await sessions.end(id: sessionId)
        return .redirect(to: "/", headers: [(Self.sessionCookie, Sessions.cookie(id: nil))])
    }

    private func editForm(id: Int64, sessionId: String?, loggedIn: Bool) async throws -> WebResponse {
        guard editingEnabled else { return .html(EditingOffPage().render(), status: 403) }
        guard loggedIn, let session = await sessions.session(id: sessionId) else { return .redirect(to: "/login") }
        let flight = try store().flight(id: id)
        return .html(EditPage(flight: flight, values: DetailsForm.values(flight.details), csrfToken: session.csrfToken).render())
    }

    private func saveEdit(id: Int64, _ request: WebRequest, sessionId: String?) async throws -> WebResponse {
        guard editingEnabled else { return .html(EditingOffPage().render(), status: 403) }
        guard let session = await sessions.session(id: sessionId) else {
            throw HTTPError(status: 403, title: "Log in first", message: "Editing needs the password: log in, then edit.")
        }
        guard await sessions.checkCSRF(id: sessionId, token: request.form["csrf"]) else {
            throw HTTPError(status: 403, title: "Refused", message: "The form expired; reload the page and try again.")
        }
        let flight = try store().flight(id: id)
        let details: FlightDetails
        do {
            details = try DetailsForm.details(from: request.form)
        } catch {
            let page = EditPage(flight: flight, values: request.form, csrfToken: session.csrfToken, error: error.description)
            return .html(page.render(), status: 400)
        }
        let now = UTCMillis(Date().timeIntervalSince1970 * 1000)
        let changes = try writableStore().updateDetails(id: id, to: details, editedAt: now)
        let notice =
            changes.isEmpty
            ? "Nothing changed."
            : "Saved: " + FieldChange.lines(changes, currentRole: details.secondPersonRole).map(\.text).joined(separator: "; ") + "."
        return try flightPage(id: id, notice: notice, loggedIn: true)
    }
}

/// flightlogd's status JSON flattened to `key: value` rows (nested objects as `a.b`); `nil` when absent or not JSON.
func readStatusFile(_ path: String) -> [(String, String)]? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let size = attributes[.size] as? NSNumber, size.intValue <= 256 * 1024,
        let data = FileManager.default.contents(atPath: path),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    var rows: [(String, String)] = []
    flatten("", object, into: &rows)
    return rows
}

/// Appends `value` as rows; nested objects recurse with `a.b` keys. (A plain function: a recursive local
/// closure capturing `rows` sends the 6.3 compiler's AllocBoxToStack pass into an endless loop.)
private func flatten(_ prefix: String, _ value: Any, into rows: inout [(String, String)]) {
    switch value {
    case let dictionary as [String: Any]:
        for key in dictionary.keys.sorted() {
            flatten(prefix.isEmpty ? key : "\(prefix).\(key)", dictionary[key]!, into: &rows)
        }
    case let array as [Any]: rows.append((prefix, array.map { "\($0)" }.joined(separator: ", ")))
    case is NSNull: rows.append((prefix, "—"))
    default: rows.append((prefix, "\(value)"))
    }
}

/// A value guarded by a lock (short critical sections only; never held across `await`).
final class Locked<Value>: @unchecked Sendable {
    let lock = NSLock()
    var value: Value
    init(_ value: Value) { self.value = value }

    func update<T>(_ body: (inout Value) -> T) -> T {
        lock.withLock { body(&value) }
    }
}
