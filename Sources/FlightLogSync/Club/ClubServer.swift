import FlightLogCore
import Logging
import PostgresNIO

/// What `flightlog sync` and the club's web pages share about reaching the club's PostgreSQL server.
enum ClubServer {
    static let quietLogger = Logger(label: "flightlog.club") { _ in SwiftLogNoOpLogHandler() }

    /// Session settings sent with every connection: a statement waits at most `lock_timeout` for a lock another
    /// login holds (a glider's transaction left open, an advisory lock) and runs at most `statement_timeout`; an
    /// open transaction left idle is ended by the server. The error then names the lock, and nothing hangs.
    static let sessionLimits = [
        ("lock_timeout", "10s"), ("statement_timeout", "60s"), ("idle_in_transaction_session_timeout", "60s"),
    ]

    /// The TLS settings of `mode` (libpq's sslmode): nil for `disable`; the certificate is checked only for
    /// `verify-full`, as libpq does.
    static func tlsConfiguration(_ mode: SyncURL.TLSMode) -> TLSConfiguration? {
        guard mode != .disable else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        if mode != .verifyFull { configuration.certificateVerification = .none }
        return configuration
    }

    /// One connection, with `password` (else the URL's).
    /// - Throws: ``SyncError`` (unreachable, wrong password, no such database, no TLS).
    static func connect(url: SyncURL, password: String?, logger: Logger) async throws(SyncError)
        -> PostgresConnection
    {
        do {
            let tls: PostgresConnection.Configuration.TLS =
                switch (url.tls, tlsConfiguration(url.tls)) {
                case (.prefer, let c?): .prefer(try NIOSSLContext(configuration: c))
                case (_, let c?): .require(try NIOSSLContext(configuration: c))
                case (_, nil): .disable
                }
            var configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: password ?? url.password,
                database: url.database, tls: tls)
            configuration.options.connectTimeout = .seconds(10)
            configuration.options.additionalStartupParameters = sessionLimits
            return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw SyncError.from(error, url: url, connected: false)
        }
    }

    /// A connection pool's settings for the same server.
    static func poolConfiguration(url: SyncURL, password: String?) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch (url.tls, tlsConfiguration(url.tls)) {
            case (.prefer, let c?): .prefer(c)
            case (_, let c?): .require(c)
            case (_, nil): .disable
            }
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: password ?? url.password,
            database: url.database, tls: tls)
        configuration.options.connectTimeout = .seconds(10)
        configuration.options.maximumConnections = 10
        configuration.options.additionalStartupParameters = sessionLimits
        return configuration
    }
}

extension LogbookError {
    /// The club web pages' wording of a failure to reach or use the club logbook at `url`.
    static func club(_ error: any Error, url: SyncURL) -> LogbookError {
        if let error = error as? LogbookError { return error }
        if let error = error as? PostgresTransactionError,
            let inner = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError
        {
            return club(inner, url: url)
        }
        let sync = error as? SyncError ?? SyncError.from(error, url: url, connected: true)
        switch sync.code {
        case .unreachable, .connectionLost:
            return LogbookError(
                .cannotOpen,
                "cannot reach the club logbook at \(url.host):\(url.port); check the network and that PostgreSQL runs")
        case .password:
            return LogbookError(
                .cannotOpen,
                "the club logbook \(url) refused the password of \(url.user): check the password given for the database"
            )
        case .noDatabase:
            return LogbookError(
                .missingDatabase,
                "the club logbook server has no database \(url.database): check the URL, or create it "
                    + "(createdb -O \(url.user) \(url.database))")
        case .noTLS:
            return LogbookError(
                .cannotOpen, "the club logbook \(url) offers no TLS: enable ssl on the server, or use sslmode=prefer")
        case .certificate:
            return LogbookError(.cannotOpen, sync.message)
        case .newerServer:
            return LogbookError(
                .newerSchema, sync.message.replacingOccurrences(of: "on this glider", with: "on this server"))
        case .refused, .notConfigured, .local:
            let server = (error as? PSQLError)?.serverInfo?[.message] ?? (error as? PSQLError)?.serverInfo?[.detail]
            return LogbookError(
                .other, "the club logbook \(url) refused the request: \(server ?? sync.message); ask its administrator")
        }
    }
}
