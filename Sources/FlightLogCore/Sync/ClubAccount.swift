/// A login to the club logbook's web pages (`flightlog club add-user`). A pilot sees and edits the flights where
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
