import FlightLogAirspace
import FlightLogCore
import FlightLogLogbook
import FlightLogReports
import FlightLogSecurity
import FlightLogStore
import FlightLogTransfer
import FlightLogWeb
import Foundation
import Synchronization

/// What `flightlog serve` needs to know.
package struct ServerSettings: Sendable {
    /// This glider's SQLite file (empty for the club logbook).
    package var databasePath: String
    /// flightlogd's status file (next to the database).
    package var statusPath: String
    /// `[server] password_hash`; `nil` = editing is off. Unused for the club logbook (each pilot has a login).
    package var passwordHash: String?
    /// The whole config (IGC serial, logbook owner).
    package var config: FlightLogConfig
    /// The club's PostgreSQL logbook (`flightlog serve --database postgres://…`) instead of the SQLite file.
    package var club: (any ClubBackend)?

    package init(databasePath: String, config: FlightLogConfig, statusPath: String? = nil) {
        self.databasePath = databasePath
        self.config = config
        self.passwordHash = config.server.passwordHash
        self.statusPath =
            statusPath
            ?? RecorderStatusFile.path(besideDatabase: databasePath)
    }

    /// The club logbook: every page needs a pilot's login.
    package init(club: any ClubBackend, config: FlightLogConfig) {
        self.databasePath = ""
        self.statusPath = ""
        self.config = config
        self.club = club
    }
}

/// The web UI: turns a bounded, decoded request into a page or a download. Never throws; every failure is a
/// 4xx/5xx page. Pages read and edit through a ``LogbookSource``: this glider's SQLite file (views read-only; only
/// a logged-in edit writes), or, for the club logbook, the flights of the logged-in pilot (all for an admin).
package final class WebApp: Sendable {
    package let settings: ServerSettings
    package let sessions = Sessions()
    /// The glider's logbook (`nil` for the club's).
    package let local: LocalLogbookSource?
    /// The map tile file: not opened yet (`nil`), or opened (`.some`, `nil` inside when it could not be read).
    let tileFile = Locked<MBTiles??>(nil)
    /// PDF renders in progress (each runs on its own thread); more than `maxRenders` get a 503.
    let renders = Locked(0)
    let maxRenders = 2
    /// The map's airfields, read once (the data set) or when they change (the pilots' CUP files).
    let airfieldRegions = AirfieldRegions()

    package init(settings: ServerSettings) {
        self.settings = settings
        let databasePath = settings.databasePath
        self.local =
            settings.club != nil
            ? nil
            : LocalLogbookSource(databasePath: databasePath, config: settings.config) {
                // Signed with the device key when this server may read it (flight-web runs as flightlogd's user).
                DeviceKey.exportSigner(databasePath: databasePath).signer
            }
    }

    /// Who is asking: what they may see, whether they may edit, and their session.
    struct Viewer {
        var source: any LogbookSource
        var session: Sessions.Session?
        var mayEdit: Bool
        /// The logbook's owner for PDFs and stats: the config's on a glider, the pilot's own name on the club's.
        var owner: String?
        var loggedIn: Bool { session != nil }
    }

    var editingEnabled: Bool { settings.club != nil || settings.passwordHash != nil }

    /// The viewer for this session; `nil` on the club logbook without a login.
    private func viewer(_ session: Sessions.Session?) -> Viewer? {
        if let local {
            return Viewer(
                source: local, session: session, mayEdit: settings.passwordHash != nil && session != nil,
                owner: settings.config.owner)
        }
        guard let club = settings.club, let account = session?.account else { return nil }
        return Viewer(
            source: club.source(for: account), session: session, mayEdit: true,
            owner: account.isAdmin ? nil : account.pilotName)
    }

    /// A club session with its login as the club's logins table holds it now, so `flightlog club add-user` (a new
    /// pilot name, admin or not) and `remove-user` take effect on the next page; a login removed, or given a new
    /// password, since the session began ends it. A glider's session as it is.
    private func current(_ session: Sessions.Session?, id: String?) async throws -> Sessions.Session? {
        guard let club = settings.club, var session, let held = session.account else { return session }
        guard let now = try await club.account(login: held.login), now.passwordHash == held.passwordHash else {
            await sessions.end(id: id)
            return nil
        }
        session.account = now
        return session
    }

    // MARK: - Dispatch

    package func respond(to request: WebRequest) async -> WebResponse {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if segments.contains(where: isSuspiciousSegment) {
            return errorPage(status: 400, title: "Bad request", message: "That address is not allowed.")
        }
        let sessionId = request.cookies[Sessions.cookieName]
        let target = LoginTarget.target(path: request.path, query: request.query) ?? "/"
        do {
            switch (request.method, segments.first) {
            case (.get, "login"), (.head, "login"):
                if segments.count == 1 { return try loginForm(request, error: nil) }
            case (.post, "login"):
                if segments.count == 1 { return try await login(request, sessionId: sessionId) }
            case (.post, "logout"):
                if segments.count == 1 { return try await logout(request, sessionId: sessionId) }
            case (.get, "static"), (.head, "static"):
                // The flight page's script: the same for everyone, so no login is asked for it.
                if segments == ["static", "flight.js"] { return FlightScript.response }
            default:
                break
            }
            let session = try await current(await sessions.session(id: sessionId), id: sessionId)
            // Every page from here on, error pages included, shows who is logged in and comes back after a login.
            // The task page is a glider's: the club's server has no recorder to give a declaration to.
            return await PageChrome.$target.withValue(target) {
                await PageChrome.$taskPage.withValue(local != nil) {
                    await PageChrome.$account.withValue(badge(session)) {
                        do {
                            guard let viewer = viewer(session) else {
                                // The club logbook shows nothing without a login.
                                if request.method == .post {
                                    throw HTTPError(
                                        status: 403, title: "Log in first",
                                        message: "Log in with your club login, then try again.")
                                }
                                return .redirect(to: LoginTarget.loginPath(next: target))
                            }
                            let response = try await route(request, segments, viewer: viewer, sessionId: sessionId)
                            return response
                                ?? errorPage(
                                    status: 404, title: "Not found", message: "There is no page at this address.")
                        } catch {
                            return errorResponse(error)
                        }
                    }
                }
            }
        } catch {
            return errorResponse(error)
        }
    }

    /// The header's name for a logged-in session: the club login (marked when it is an admin's), or on a glider
    /// the logbook's owner from the config ("Logged in" without one: the glider has one edit password).
    private func badge(_ session: Sessions.Session?) -> (login: String, csrfToken: String)? {
        guard let session else { return nil }
        guard let account = session.account else { return (settings.config.owner ?? "Logged in", session.csrfToken) }
        return (account.isAdmin ? "\(account.login) (admin)" : account.login, session.csrfToken)
    }

    /// The page for a failure.
    private func errorResponse(_ error: any Error) -> WebResponse {
        switch error {
        case let error as HTTPError:
            return errorPage(status: error.status, title: error.title, message: error.message)
        case let error as LogbookError:
            switch error.code {
            case .notFound: return errorPage(status: 404, title: "No such flight", message: error.message)
            default: return errorPage(status: 503, title: "Logbook unavailable", message: error.message)
            }
        default:
            return errorPage(status: 500, title: "Something went wrong", message: "\(error)")
        }
    }

    /// The pages behind the login (on the club logbook); `nil` = no page at this address.
    private func route(_ request: WebRequest, _ segments: [String], viewer: Viewer, sessionId: String?) async throws
        -> WebResponse?
    {
        let get = request.method == .get || request.method == .head
        switch (get, segments.count) {
        case (true, 0):
            return try await listPage(request.query, viewer: viewer)
        case (true, 1):
            switch segments[0] {
            case "status": return await statusPage(viewer: viewer)
            case "stats": return try await statsPage(request.query, viewer: viewer)
            case "logbook.pdf": return try await logbook(request.query, viewer: viewer)
            case "logbook.zip": return try await logbookArchive(request.query, viewer: viewer)
            case "task": return try await taskPage(request.query, viewer: viewer)
            default: return nil
            }
        case (true, 2) where segments[0] == "flights":
            return try await flightPage(id: try flightId(segments[1]), notice: nil, viewer: viewer)
        case (true, 4) where segments[0] == "tiles":
            return try tileResponse(segments)
        case (true, 3) where segments[0] == "flights":
            let id = try flightId(segments[1])
            if segments[2] == "edit" { return try await editForm(id: id, viewer: viewer) }
            if let kind = ExportKind(rawValue: segments[2]) {
                return try await export(kind, id: id, viewer: viewer)
            }
            return nil
        case (false, 1) where request.method == .post && segments[0] == "task":
            return try await declareTask(request, viewer: viewer, sessionId: sessionId)
        case (false, 2) where request.method == .post && segments == ["task", "clear"]:
            return try await clearTask(request, viewer: viewer, sessionId: sessionId)
        case (false, 3) where request.method == .post && segments[0] == "flights" && segments[2] == "edit":
            return try await saveEdit(id: try flightId(segments[1]), request, viewer: viewer, sessionId: sessionId)
        case (false, 3) where request.method == .post && segments[0] == "flights" && segments[2] == "weglide":
            return try await uploadToWeGlide(
                id: try flightId(segments[1]), request, viewer: viewer, sessionId: sessionId)
        default:
            return nil
        }
    }

    /// `.`/`..`, NUL or backslash in a (decoded) path segment: refused before any routing.
    private func isSuspiciousSegment(_ segment: String) -> Bool {
        if segment == "." || segment == ".." { return true }
        return segment.unicodeScalars.contains { (scalar: Unicode.Scalar) -> Bool in scalar.value == 0 || scalar == "\\"
        }
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
        guard digitsOnly, text.utf8.count <= 18, let id = Int64(text), id > 0 else {
            throw HTTPError(status: 400, title: "Bad flight id", message: "A flight id is a positive whole number.")
        }
        return id
    }

    /// The list's filters from the query, or a 400 naming the bad field.
    func listQuery(_ query: [String: String]) throws -> ListQuery {
        do {
            return try ListQuery(query: query)
        } catch {
            throw HTTPError(status: 400, title: "Bad filter", message: error.description)
        }
    }

    // MARK: - Views

    private func listPage(_ query: [String: String], viewer: Viewer) async throws -> WebResponse {
        let parsed = Result { () throws(ServerError) -> ListQuery in try ListQuery(query: query) }
        let problem: String? = if case .failure(let error) = parsed { error.description } else { nil }
        let filter = (try? parsed.get())?.filter ?? FlightFilter()
        let totals = try await viewer.source.totals(matching: filter)
        let all = filter.isEmpty ? totals.flights : try await viewer.source.totals(matching: FlightFilter()).flights
        let pages = max(1, (totals.flights + ListQuery.pageSize - 1) / ListQuery.pageSize)
        let shown = ListQuery(filter: filter, page: min((try? parsed.get())?.page ?? 1, pages))
        let flights =
            totals.flights == 0
            ? []
            : try await viewer.source.flights(
                matching: filter, newestFirst: true, limit: ListQuery.pageSize,
                offset: (shown.page - 1) * ListQuery.pageSize)
        let page = ListPage(
            query: shown, flights: flights, totals: (totals.flights, totals.launches, totals.durationMillis),
            logbookCount: all, error: problem, loggedIn: viewer.loggedIn,
            contest: try await viewer.source.storedContestSummaries(of: flights))
        return .html(page.render(), status: problem == nil ? 200 : 400)
    }

    func flightPage(id: Int64, notice: String?, viewer: Viewer) async throws -> WebResponse {
        let flight = try await viewer.source.flight(id: id)
        let track = flight.hasTrack ? try await viewer.source.track(forFlight: id) : nil
        let fixes = track?.fixes ?? []
        let faults = RecordingFaults.of(flight, fixes: fixes)
        let analysis = try await viewer.source.analysis(forFlight: id)
        let airspaces = flight.hasTrack ? try await viewer.source.airspaces() : []
        let task =
            flight.hasTrack
            ? try await flightTask(
                flight, fixes: fixes, extensions: track?.recorder.extensions ?? [], source: viewer.source) : nil
        var placement: MapPlacement?
        let mapHTML = mapChart(
            flight: flight, fixes: fixes, faults: faults, analysis: analysis, airspaces: airspaces,
            task: task?.report.map { ($0.task, $0.score, task?.summary) }
        ) { placement = $0 }
        let page = FlightPage(
            flight: flight, mapHTML: mapHTML,
            barogramHTML: BarogramChart(flight: flight, fixes: fixes, faults: faults, analysis: analysis)
                .map(ChartHTML.barogram),
            history: try await viewer.source.history(id: id),
            notice: notice, loggedIn: viewer.loggedIn, editingEnabled: editingEnabled,
            faults: faults, analysis: analysis,
            cursorJSON: TrackCursor(flight: flight, fixes: fixes, placement: placement)?.json,
            airspace: AirspaceFindings(flight: flight, fixes: fixes, airspaces: airspaces),
            weglideCSRF: weglideAccount != nil && viewer.mayEdit ? viewer.session?.csrfToken : nil,
            task: task?.summary)
        return .html(page.render())
    }

    private func statusPage(viewer: Viewer) async -> WebResponse {
        if let club = settings.club {
            let flights = try? await viewer.source.totals(matching: FlightFilter()).flights
            let page = ClubStatusPage(location: club.location, account: viewer.session?.account, flightCount: flights)
            return .html(page.render())
        }
        let facts = StatusFacts.read(
            statusPath: settings.statusPath, databasePath: settings.databasePath,
            store: (try? local?.storeIfPresent()) ?? nil,
            stickExport: StickReport.last(databasePath: settings.databasePath))
        let unreadable: [(String, String)] = if case .unreadable(let rows) = facts.file { rows } else { [] }
        let page = StatusPage(summary: StatusSummary(facts), unreadableRows: unreadable, loggedIn: viewer.loggedIn)
        return .html(page.render())
    }
}

/// A value guarded by a `Mutex`, as a class so that a copyable struct (`WebApp`) may hold it (short critical sections
/// only; never held across `await`). The value sits beside the mutex, not in it: `MBTiles` is not `Sendable`, and
/// every use goes through ``update(_:)``.
final class Locked<Value>: @unchecked Sendable {
    private let mutex = Mutex(())
    private var value: Value
    init(_ value: Value) { self.value = value }

    func update<T>(_ body: (inout Value) -> T) -> T {
        var result: T?
        mutex.withLock { _ in result = body(&value) }
        return result!
    }
}
