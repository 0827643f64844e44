import FlightLogCore
import FlightLogServer
import FlightLogTestSupport

/// The web app in process: each request goes through ``WebExchange`` (the bounds, the decoding, the security
/// headers: all that `flightlog serve` does past the HTTP parser) without a socket or Hummingbird, so a page test
/// costs its page alone. The target is split at its first `?` as the HTTP parser does; nothing is normalised.
struct AppClient: PageClient {
    let app: WebApp
    /// The client's address, as ``clientKey(_:)`` gives it for a loopback connection.
    var source = "127.0.0.1"

    func from(_ address: String, timeout: Int) -> AppClient { AppClient(app: app, source: address) }

    func exchange(method: String, target: String, cookie: String?, body: [UInt8]) async throws -> HTTPReply {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let sent = await WebExchange.respond(
            app: app, method: method, path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : nil,
            cookieHeader: cookie, client: source
        ) { limit in
            guard body.count <= limit else { throw TestError("body of \(body.count) bytes over \(limit)") }
            return body
        }
        var headers: [String: String] = [:]
        for (name, value) in sent.headers {
            headers[name.lowercased()] = headers[name.lowercased()].map { $0 + ", " + value } ?? value
        }
        return HTTPReply(status: sent.status, headers: headers, body: sent.body)
    }
}

/// The web app over `databasePath`, called in process for the duration of `body` (see ``AppClient``).
func withServer<T: Sendable>(
    databasePath: String, passwordHash: String? = nil, statusPath: String? = nil,
    config base: FlightLogConfig = FlightLogConfig(), _ body: @Sendable (AppClient, WebApp) async throws -> T
) async throws -> T {
    var config = base
    config.server.passwordHash = passwordHash
    let app = WebApp(settings: ServerSettings(databasePath: databasePath, config: config, statusPath: statusPath))
    return try await body(AppClient(app: app), app)
}
