import FlightLogCore

/// The club logbook behind `flightlog serve --database postgres://…`: its logins and, per login, the flights it may
/// see (``LogbookSource``).
package protocol ClubBackend: Sendable {
    /// Where the logbook is, for the status page and the start line: `flightlog@db.example.org:5432/club`.
    var location: String { get }
    /// The account with this login; `nil` when there is none.
    func account(login: String) async throws(LogbookError) -> ClubAccount?
    /// Whether any login exists (`serve` warns when none does: no page can be seen yet).
    func hasAccounts() async throws(LogbookError) -> Bool
    /// The flights `account` may see and edit.
    func source(for account: ClubAccount) -> any LogbookSource
}
