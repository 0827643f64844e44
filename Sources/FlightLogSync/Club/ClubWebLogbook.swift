import FlightLogCore
import FlightLogLogbook
import Foundation
import Logging
import PostgresNIO

/// The club's PostgreSQL logbook behind `flightlog serve --database postgres://…`: its logins (`club_user`) and,
/// per login, a ``ClubLogbookSource``. Queries go through a pool of connections (postgres-nio's `PostgresClient`),
/// which works only while ``run()`` runs: use ``with(url:password:config:_:)``, or call ``run()`` in a task of
/// its own for as long as the logbook is used.
package final class ClubWebLogbook: ClubBackend {
    package let url: SyncURL
    /// Gives the recorder serial of written IGC files for tracks not recorded by flightlog.
    let config: FlightLogConfig
    let client: PostgresClient
    let logger = ClubServer.quietLogger
    /// The club's airspace files, parsed once and kept until they change (``airspaces()``).
    package let airspaceCache = AirspaceCache()
    /// The flights' analyses, computed once per flight (the server keeps none) for every login's views.
    package let analysisCache = AnalysisCache()

    /// The device the web pages' edits are made by (the `device` row "club web"); the gliders pull these edits.
    static let webDevice = UUID(uuidString: "00000000-0000-4000-8000-00000000c1ab")!

    /// Seconds one request may wait for the server before the page says it cannot reach it (a stopped server is
    /// not refused at once: the pool keeps trying to connect).
    static let deadline: Double = 10

    /// Connects once to check the server and password (each failure a one-line ``LogbookError`` saying what to
    /// do), brings the tables up to date (``ServerSchema``) and registers the "club web" device.
    package static func connect(url: SyncURL, password: String?, config: FlightLogConfig = FlightLogConfig())
        async throws(LogbookError) -> ClubWebLogbook
    {
        do {
            let connection = try await ClubServer.connect(url: url, password: password, logger: ClubServer.quietLogger)
            do {
                try await Deadline.run(seconds: deadline) {
                    try await ServerSchema.migrate(connection, logger: ClubServer.quietLogger)
                    try await connection.query(
                        "INSERT INTO device (uuid, name) VALUES (\(webDevice), 'club web') ON CONFLICT (uuid) DO NOTHING",
                        logger: ClubServer.quietLogger)
                }
                try? await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        } catch {
            throw LogbookError.club(error, url: url)
        }
        return ClubWebLogbook(url: url, password: password, config: config)
    }

    private init(url: SyncURL, password: String?, config: FlightLogConfig) {
        self.url = url
        self.config = config
        client = PostgresClient(
            configuration: ClubServer.poolConfiguration(url: url, password: password), backgroundLogger: logger)
    }

    /// Keeps the connection pool working until the task running it is cancelled (then the pool closes). Call once.
    package func run() async { await client.run() }

    /// Connects (``connect(url:password:config:)``), runs the pool while `body` runs, then closes it.
    /// - Throws: a ``LogbookError`` from connecting, or what `body` throws.
    package static func with<T: Sendable>(
        url: SyncURL, password: String?, config: FlightLogConfig = FlightLogConfig(),
        _ body: @Sendable (ClubWebLogbook) async throws -> T
    ) async throws -> T {
        let logbook = try await connect(url: url, password: password, config: config)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await logbook.run() }
            defer { group.cancelAll() }
            return try await body(logbook)
        }
    }

    /// `flightlog@db.example.org:5432/club`.
    package var location: String {
        "\(url.user)@\(url.host.contains(":") ? "[\(url.host)]" : url.host):\(url.port)/\(url.database)"
    }

    package func account(login: String) async throws(LogbookError) -> ClubAccount? {
        try await withConnection { [logger] c in
            for try await (login, name, admin, hash) in try await c.query(
                "SELECT login, pilot_name, is_admin, password_hash FROM club_user WHERE login = \(login)",
                logger: logger
            ).decode((String, String, Bool, String).self) {
                return ClubAccount(login: login, pilotName: name, isAdmin: admin, passwordHash: hash)
            }
            return nil
        }
    }

    package func source(for account: ClubAccount) -> any LogbookSource {
        ClubLogbookSource(logbook: self, account: account)
    }

    /// Runs `body` on a pooled connection, within ``deadline``; any error becomes a one-line ``LogbookError``.
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(LogbookError) -> T
    {
        do {
            return try await Deadline.run(seconds: Self.deadline) { [client] in
                try await client.withConnection { try await body($0) }
            }
        } catch {
            throw LogbookError.club(error, url: url)
        }
    }

    /// ``withConnection(_:)`` in one transaction.
    func withTransaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(LogbookError) -> T
    {
        try await withConnection { [logger] c in try await c.withTransaction(logger: logger) { try await body($0) } }
    }
}
