/// A login as `flightlog club users` shows it (no password hash).
package struct ClubAccountListing: Sendable, Equatable {
    package var login: String
    package var pilotName: String
    package var isAdmin: Bool
    /// When the login was first added, UTC ms.
    package var createdAt: UTCMillis

    package init(login: String, pilotName: String, isAdmin: Bool, createdAt: UTCMillis) {
        (self.login, self.pilotName, self.isAdmin, self.createdAt) = (login, pilotName, isAdmin, createdAt)
    }
}
