import FlightLogCore
import FlightLogSecurity
import FlightLogStore
import FlightLogWeb
import Foundation

/// Logging in (the glider's one edit password, or a club login per pilot), logging out, and edits.
extension WebApp {
    private static let sessionCookie = "Set-Cookie"

    /// The login form. Stores nothing: its token is signed for the nonce in the browser's login cookie (set here
    /// when missing), so any number of anonymous visits cost no memory.
    func loginForm(_ request: WebRequest, error: String?, status: Int = 200) throws -> WebResponse {
        guard editingEnabled else { return .html(EditingOffPage().render()) }
        var nonce = request.cookies[Sessions.loginCookieName] ?? ""
        var headers: [(name: String, value: String)] = []
        if !Sessions.isWellFormedNonce(nonce) {
            nonce = Sessions.newLoginNonce()
            headers.append((Self.sessionCookie, Sessions.loginCookie(nonce: nonce)))
        }
        let page = LoginPage(
            for: request, csrfToken: sessions.loginToken(nonce: nonce), error: error, club: settings.club != nil)
        return .html(page.render(), status: status, headers: headers)
    }

    func login(_ request: WebRequest, sessionId: String?) async throws -> WebResponse {
        guard editingEnabled else { return .html(EditingOffPage().render(), status: 403) }
        guard sessions.checkLoginToken(nonce: request.cookies[Sessions.loginCookieName], token: request.form["csrf"])
        else {
            return try loginForm(request, error: "The form expired; please try again.", status: 403)
        }
        if await sessions.tooManyFailures(client: request.client) {
            return try loginForm(request, error: "Too many wrong passwords from here; wait a minute.", status: 429)
        }
        let password = request.form["password"] ?? ""
        var account: ClubAccount?
        let hash: String
        if let club = settings.club {
            let login = (request.form["login"] ?? "").trimmingCharacters(in: .whitespaces)
            account = login.isEmpty || login.utf8.count > 64 ? nil : try await club.account(login: login)
            // An unknown login costs the same hashing as a wrong password, so timing does not tell which it was.
            hash = account?.passwordHash ?? Self.decoyHash
        } else {
            hash = settings.passwordHash ?? Self.decoyHash
        }
        if password.utf8.count > PasswordHash.maxPasswordBytes {  // never hashed, so no hash can match it
            await sessions.noteFailure(client: request.client)
            let message =
                "Wrong password: it is longer than \(PasswordHash.maxPasswordBytes) bytes, more than any password here."
            return try loginForm(request, error: message, status: 403)
        }
        let verified = PasswordHash.verify(password: password, against: hash)
        guard verified, settings.club == nil || account != nil else {
            await sessions.noteFailure(client: request.client)
            let message = settings.club == nil ? "Wrong password." : "Wrong login or password."
            return try loginForm(request, error: message, status: 403)
        }
        await sessions.end(id: sessionId)
        let created = await sessions.create(account: account)
        // Back to the page that asked for the login, when it is one of this site's (never another site's).
        return .redirect(
            to: LoginTarget.safe(request.form["next"]) ?? "/",
            headers: [(Self.sessionCookie, Sessions.cookie(id: created.id))])
    }

    /// A hash no password matches (made once), checked for unknown logins.
    private static let decoyHash: String =
        (try? PasswordHash.make(password: Hex.encode(randomBytes(32)))) ?? ""

    /// Ends a live session, if its form carries the session's token. With no live session (it expired, the server
    /// restarted, or it was ended in another tab) there is nothing to end: the pilot is already logged out, so the
    /// answer is the same as a log-out's, not "refused".
    func logout(_ request: WebRequest, sessionId: String?) async throws -> WebResponse {
        if await sessions.session(id: sessionId) != nil {
            guard await sessions.checkCSRF(id: sessionId, token: request.form["csrf"]) else {
                throw HTTPError(
                    status: 403, title: "Refused", message: "The form expired; reload the page and try again.")
            }
            await sessions.end(id: sessionId)
        }
        return .redirect(
            to: settings.club == nil ? "/" : "/login", headers: [(Self.sessionCookie, Sessions.cookie(id: nil))])
    }

    func editForm(id: Int64, viewer: Viewer) async throws -> WebResponse {
        guard editingEnabled else { return .html(EditingOffPage().render(), status: 403) }
        guard viewer.mayEdit, let session = viewer.session else {
            return .redirect(to: LoginTarget.loginPath(next: "/flights/\(id)/edit"))
        }
        let flight = try await viewer.source.flight(id: id)
        return .html(EditPage(stored: flight, csrfToken: session.csrfToken).render())
    }

    /// A form's POST that changes the logbook (an edit, a WeGlide upload, a task declaration): logged in with the
    /// right to edit, and carrying the session's CSRF token. `needsLogin` is what the refusal says to nobody.
    @discardableResult
    func checkedEditPost(_ request: WebRequest, viewer: Viewer, sessionId: String?, needsLogin: String) async throws
        -> Sessions.Session
    {
        guard viewer.mayEdit, let session = viewer.session else {
            throw HTTPError(status: 403, title: "Log in first", message: needsLogin)
        }
        guard await sessions.checkCSRF(id: sessionId, token: request.form["csrf"]) else {
            throw HTTPError(status: 403, title: "Refused", message: "The form expired; reload the page and try again.")
        }
        return session
    }

    func saveEdit(id: Int64, _ request: WebRequest, viewer: Viewer, sessionId: String?) async throws -> WebResponse {
        guard editingEnabled else { return .html(EditingOffPage().render(), status: 403) }
        let session = try await checkedEditPost(
            request, viewer: viewer, sessionId: sessionId,
            needsLogin: "Editing needs the password: log in, then edit.")
        /// Changed elsewhere since the form was made: saving it would silently undo that change.
        func stale(_ flight: Flight) -> WebResponse {
            let page = EditPage(stale: flight, form: request.form, csrfToken: session.csrfToken)
            return .html(page.render(), status: 409)
        }
        let flight = try await viewer.source.flight(id: id)
        let version = DetailsForm.version(of: flight.details)
        guard request.form["version"] == version else { return stale(flight) }
        let details: FlightDetails
        let landingField: Airfield?
        do {
            (details, landingField) = try DetailsForm.detailsAndLandingField(from: request.form, base: flight.details) {
                try? AirfieldCatalog.index().index
            }
        } catch {
            let page = EditPage(
                refused: request.form, flight: flight, csrfToken: session.csrfToken, error: error.description)
            return .html(page.render(), status: 400)
        }
        let now = UTCMillis(Date().timeIntervalSince1970 * 1000)
        // The version was checked against `flight`; the store compares again in the transaction that writes, so a
        // save elsewhere between that check and this write is refused too (two saves of one form: one wins).
        var changes: [FieldChange] = []
        var changedElsewhere = false
        do {
            changes = try await viewer.source.updateDetails(
                id: id, to: details, editedAt: now, base: flight.details, landingAtField: landingField != nil)
        } catch {
            guard error.code == .changedElsewhere else { throw error }
            changedElsewhere = true
        }
        if changedElsewhere { return stale(try await viewer.source.flight(id: id)) }
        var notice =
            changes.isEmpty
            ? "Nothing changed."
            : "Saved: "
                + FieldChange.lines(changes, currentRole: details.secondPersonRole).map(\.text).joined(separator: "; ")
                + "."
        // The pilot's field is taken; one far from where the track ends is said (flightlog edit's rule).
        if !changes.isEmpty, let landingField,
            let far = FarLandingField(
                landingField, landingOf: flight, radiusMeters: settings.config.airfieldRadiusMeters)
        {
            notice += " Warning: \(far.text)."
        }
        do {
            return try await flightPage(id: id, notice: notice, viewer: viewer)
        } catch let error as LogbookError where error.code == .notFound && settings.club != nil {
            // The edit took the pilot's name off the flight: it is no longer theirs to see.
            let body =
                "<h1>Saved</h1><p class=\"notice\" role=\"status\">\(esc(notice))</p>"
                + "<p>Flight \(id) no longer names you as pilot or second person, so it has left your logbook; "
                + "the club's admin still sees it.</p><p><a href=\"/\">← Your flights</a></p>"
            return .html(page(title: "Saved", current: "", loggedIn: true, body: body))
        }
    }
}
