import FlightLogCore

/// The login form: the glider's edit password, or a pilot's club login.
package struct LoginPage {
    var csrfToken: String
    var error: String?
    /// The club logbook: a login name and password per pilot, needed for every page.
    var club = false
    /// The login typed before (kept after a wrong password).
    var login: String?
    /// The page to go to after the login (a path of this site: ``LoginTarget/safe(_:)``).
    var next: String?

    package func render() -> String {
        var body = club ? "<h1>Club logbook</h1>" : "<h1>Log in to edit</h1>"
        body +=
            club
            ? "<p class=\"muted\">Log in with your club login to see and edit your flights. No login yet? Ask the club's logbook admin.</p>"
            : "<p class=\"muted\">Viewing and downloading need no login. Editing a flight's details does.</p>"
        if let error { body += "<p class=\"error\" role=\"alert\">\(esc(error))</p>" }
        let loginField =
            club
            ? "<label>Login<input name=\"login\" autocomplete=\"username\" autocapitalize=\"none\" required maxlength=\"64\" value=\"\(esc(login ?? ""))\"></label>"
            : ""
        let nextField = next.map { "<input type=\"hidden\" name=\"next\" value=\"\(esc($0))\">" } ?? ""
        body += """
            <form class="grid" method="post" action="/login">
            <input type="hidden" name="csrf" value="\(csrfToken)">\(nextField)\(loginField)
            <label>Password<input type="password" name="password" autocomplete="current-password" required maxlength="200"></label>
            <div class="actions"><button type="submit">Log in</button></div></form>
            """
        return page(title: "Log in", current: "/login", body: body)
    }
}

extension LoginPage {
    /// The form again for `request`: the login it typed and the page it asked for (`next`, sent in the form or the
    /// query) kept, the latter only when it is a path of this site.
    package init(for request: WebRequest, csrfToken: String, error: String?, club: Bool) {
        self.init(
            csrfToken: csrfToken, error: error, club: club, login: request.form["login"],
            next: LoginTarget.safe(request.form["next"] ?? request.query["next"]))
    }
}

/// The club logbook's status: where it is, who is logged in, how many flights they see.
package struct ClubStatusPage {
    var location: String
    var account: ClubAccount?
    var flightCount: Int?

    package init(location: String, account: ClubAccount?, flightCount: Int?) {
        self.location = location
        self.account = account
        self.flightCount = flightCount
    }

    package func render() -> String {
        var body = "<h1>Status</h1><h2>Club logbook</h2><dl class=\"facts\">"
        body += "<dt>Database</dt><dd>\(esc(location))</dd>"
        if let account {
            body +=
                "<dt>Logged in as</dt><dd>\(esc(account.login)) (\(esc(account.pilotName))\(account.isAdmin ? ", admin: every flight" : ""))</dd>"
        }
        body += "<dt>Flights</dt><dd>\(flightCount.map(String.init) ?? "— (the database does not answer)")</dd></dl>"
        body +=
            "<p class=\"muted\">Each glider's Pi adds its flights with <code>flightlog sync</code> when it is on the hangar network.</p>"
        return page(title: "Status", current: "/status", loggedIn: true, body: body)
    }
}

/// Editing is switched off: how to switch it on.
package struct EditingOffPage {
    package init() {}

    package func render() -> String {
        page(
            title: "Editing is off", current: "/login",
            body: """
                <h1>Editing is off</h1><div class="empty"><p>To edit flights from the phone, set a password on the Pi:</p>
                <p><code>flightlog serve --hash-password</code> (type the password, then Ctrl-D) and put the printed \
                line into the config file under <code>[server]</code> as <code>password_hash = "…"</code>, then restart \
                <code>flightlog serve</code>.</p><p>On the Pi itself you can always use <code>flightlog edit</code>.</p></div>
                """)
    }
}

/// A short error page (400, 404, 413, …).
package func errorPage(status: Int, title: String, message: String) -> WebResponse {
    .html(
        page(
            title: title, current: "",
            body: "<h1>\(esc(title))</h1><p class=\"error\">\(esc(message))</p><p><a href=\"/\">← All flights</a></p>"),
        status: status)
}
