import FlightLogCore
import Foundation
import PostgresNIO

/// The club's logins (`club_user`), for the commands that manage them.
extension ClubWebLogbook {
    /// Adds the login, or replaces its pilot name, admin flag and password hash.
    /// - Throws: `LogbookError` for a login that is not 1–64 of `A-Z a-z 0-9 . _ @ -`, or an empty pilot name.
    package func saveAccount(_ account: ClubAccount) async throws(LogbookError) {
        try Self.checkLogin(account.login)
        let name = account.pilotName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            throw LogbookError(.other, "login \(account.login) needs the pilot's name as the logbook writes it")
        }
        guard !account.passwordHash.isEmpty else {
            throw LogbookError(.other, "login \(account.login) needs a password")
        }
        let key = searchKey(name)
        try await withConnection { [logger] c in
            _ = try await c.query(
                """
                INSERT INTO club_user (login, pilot_name, pilot_key, is_admin, password_hash)
                VALUES (\(account.login), \(name), \(key), \(account.isAdmin), \(account.passwordHash))
                ON CONFLICT (login) DO UPDATE SET pilot_name = excluded.pilot_name, pilot_key = excluded.pilot_key,
                    is_admin = excluded.is_admin, password_hash = excluded.password_hash
                """, logger: logger)
        }
    }

    /// - Returns: false when there was no such login.
    @discardableResult
    package func removeAccount(login: String) async throws(LogbookError) -> Bool {
        try await withConnection { [logger] c in
            for try await _ in try await c.query(
                "DELETE FROM club_user WHERE login = \(login) RETURNING 1", logger: logger)
            {
                return true
            }
            return false
        }
    }

    package func hasAccounts() async throws(LogbookError) -> Bool { try await !accounts().isEmpty }

    /// Every login, by login.
    package func accounts() async throws(LogbookError) -> [ClubAccountListing] {
        try await withConnection { [logger] c in
            var listing: [ClubAccountListing] = []
            for try await (login, name, admin, created) in try await c.query(
                """
                SELECT login, pilot_name, is_admin, (extract(epoch FROM created_at) * 1000)::bigint
                FROM club_user ORDER BY login
                """, logger: logger
            ).decode((String, String, Bool, Int64).self) {
                listing.append(ClubAccountListing(login: login, pilotName: name, isAdmin: admin, createdAt: created))
            }
            return listing
        }
    }

    /// A login is 1–64 characters of `A-Z a-z 0-9 . _ @ -` (it goes into URLs, logs and cookies unescaped).
    package static func checkLogin(_ login: String) throws(LogbookError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._@-")
        guard (1...64).contains(login.count), login.allSatisfy(allowed.contains) else {
            throw LogbookError(
                .other,
                "login \"\(login)\" is not allowed: use 1 to 64 letters (A-Z, a-z), digits, dots, underscores, @ or -")
        }
    }
}
