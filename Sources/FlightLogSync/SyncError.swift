import FlightLogCore
import FlightLogStore
import NIOCore
import PostgresNIO

/// Why a sync stopped, as one line that says what to do. What was committed before stays committed, on the server
/// and here; running `flightlog sync` again carries on from there.
package typealias SyncError = CodedError<SyncErrorCode>

/// What kind of ``SyncError`` it is.
package enum SyncErrorCode: Sendable, Equatable {
    case notConfigured, unreachable, connectionLost, password, noDatabase, noTLS, certificate, newerServer, refused
    case local
}

extension SyncError {
    /// Reads a connection or server error: `connected` tells a failed connect from a connection lost mid-sync.
    static func from(_ error: any Error, url: SyncURL, connected: Bool) -> SyncError {
        switch error {
        case let error as SyncError: return error
        case let error as LogbookError: return SyncError(.local, error.description)
        case let error as PostgresTransactionError:
            let inner = error.beginError ?? error.closureError ?? error.commitError ?? error.rollbackError
            return inner.map { from($0, url: url, connected: connected) }
                ?? SyncError(.refused, "the club logbook \(url) failed a transaction; run flightlog sync again")
        case let error as PSQLError:
            return from(error, url: url, connected: connected)
        default:
            return connected ? lost(url) : unreachable(url)
        }
    }

    private static func from(_ error: PSQLError, url: SyncURL, connected: Bool) -> SyncError {
        let sqlState = error.serverInfo?[.sqlState]
        let serverMessage = error.serverInfo?[.message] ?? ""
        switch (error.code, sqlState) {
        case (.server, "28P01"):
            return SyncError(
                .password,
                "the club logbook \(url) refused the password of \(url.user): check [sync] password_file or "
                    + "FLIGHTLOG_SYNC_PASSWORD")
        case (.authMechanismRequiresPassword, _):
            return SyncError(
                .password,
                "the club logbook \(url) wants a password for \(url.user): set [sync] password_file or "
                    + "FLIGHTLOG_SYNC_PASSWORD")
        case (.server, "3D000"):
            return SyncError(
                .noDatabase,
                "the club logbook server has no database \(url.database): check [sync] url, or create it "
                    + "(createdb -O \(url.user) \(url.database))")
        case (.server, "28000"), (.server, "42501"):
            return SyncError(
                .refused, "the club logbook \(url) refused \(url.user): \(serverMessage) — ask its administrator")
        case (.sslUnsupported, _):
            return SyncError(
                .noTLS, "the club logbook \(url) offers no TLS: enable ssl on the server, or use sslmode=prefer")
        case (.connectionError, _) where error.underlying is NIOSSLError:
            let reason = "\(error.underlying!)"
            guard reason.contains("CERTIFICATE_VERIFY_FAILED") else {
                return SyncError(
                    .certificate, "the TLS handshake with the club logbook at \(url.host):\(url.port) failed: \(reason)"
                )
            }
            return SyncError(
                .certificate,
                "the club logbook at \(url.host):\(url.port) shows a TLS certificate this machine does not trust: "
                    + "sslmode=verify-full wants one for \(url.host) signed by an authority in /etc/ssl/certs; "
                    + "or use sslmode=require (encrypted, certificate not checked)")
        case (.server, let state?) where state.hasPrefix("08") || state.hasPrefix("57P"):
            return lost(url)  // connection exception, operator intervention (server shutting down)
        case (.server, _):
            return SyncError(
                .refused, "the club logbook \(url) refused the sync: \(serverMessage); run flightlog sync again")
        default:
            return connected ? lost(url) : unreachable(url)
        }
    }

    static func unreachable(_ url: SyncURL) -> SyncError {
        SyncError(
            .unreachable,
            "cannot reach the club logbook at \(url.host):\(url.port): check the network and [sync] url, then run "
                + "flightlog sync again")
    }

    static func lost(_ url: SyncURL) -> SyncError {
        SyncError(
            .connectionLost,
            "lost the connection to the club logbook \(url) during the sync; nothing is lost: run flightlog sync again")
    }
}
