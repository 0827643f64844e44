import FlightLogCore

/// A login to the club logbook's web pages (`flightlog club user add`). A pilot sees and edits the flights where
/// they are the pilot or the second person (matched by ``searchKey(_:)`` of the name, as the list's filters are); an
/// admin sees and edits every flight.
package struct ClubAccount: Sendable, Equatable {
    package var login: String
    /// The name as the logbook writes it (`flightlog edit --pilot`), e.g. "Anna Berg".
    package var pilotName: String
    package var isAdmin: Bool
    /// `PasswordHash` text (PBKDF2-SHA256), checked by the web server.
    package var passwordHash: String

    package init(login: String, pilotName: String, isAdmin: Bool, passwordHash: String) {
        self.login = login
        self.pilotName = pilotName
        self.isAdmin = isAdmin
        self.passwordHash = passwordHash
    }
}

/// The club logbook behind `flightlog serve --database postgres://…`: its logins and, per login, the flights it may
/// see (``LogbookSource``).
package protocol ClubBackend: Sendable {
    /// Where the logbook is, for the status page and the start line: `flightlog@db.example.org:5432/club`.
    var location: String { get }
    /// The account with this login; `nil` when there is none.
    func account(login: String) async throws(StoreError) -> ClubAccount?
    /// The flights `account` may see and edit.
    func source(for account: ClubAccount) -> any LogbookSource
}
