import FlightLogConfigFile
import FlightLogCore
import FlightLogLogbook
import FlightLogStore
import FlightLogSync

extension LogbookLocation {
    /// Runs `body` on the club logbook, `club` (`postgres://…`) or else the config's `[sync] url`, with the
    /// password from `[sync] password_file`, else `$FLIGHTLOG_SYNC_PASSWORD`; `club`, `serve` and `airspace` share it.
    package func withClub<T: Sendable>(
        database club: String?, warn: (String) -> Void,
        _ body: @Sendable (ClubWebLogbook, FlightLogConfig) async throws -> T
    ) async throws -> T {
        let config = try loadConfig(warn: warn)
        let login = try ClubLogin(
            database: club, config: config, environment: environment,
            readFile: { try InputFile.read($0, what: "the password file", maxBytes: $1) })
        return try await login.with(config: config) { try await body($0, config) }
    }

    /// `--database` when it names a club logbook (`postgres://…`) rather than this glider's file.
    package var clubDatabase: String? { database.flatMap { SyncURL.looksLikeURL($0) ? $0 : nil } }

    /// Runs `body` on this glider's logbook (opened `mode`), or with `--database postgres://…` on the club logbook.
    package func withAirspace<T: Sendable>(
        _ mode: StoreMode, warn: (String) -> Void, _ body: @Sendable (any AirspaceStore) async throws -> T
    ) async throws -> T {
        guard let club = clubDatabase else { return try await body(open(mode, warn: warn)) }
        return try await withClub(database: club, warn: warn) { logbook, _ in try await body(logbook) }
    }
}
