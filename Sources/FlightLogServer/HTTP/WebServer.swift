import FlightLogCore
import FlightLogWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

/// The HTTP side of `flightlog serve` (Hummingbird): bounds every request, hands it to ``WebApp`` and adds the
/// security headers to every response.
package enum WebServer {
    /// Most simultaneous connections; more wait in the listen backlog.
    package static let maxConnections = ConnectionLimits().maxConnections

    /// Headers on every response: nothing may be loaded from elsewhere (but map tiles from the one host of
    /// `[server] online_tiles`), scripts only from this site's own files (no inline script), no framing, no
    /// sniffing, no referrer. A response's own header of the same name (the flight page script's `Cache-Control`)
    /// replaces the one here.
    static func securityHeaders(onlineTiles: TileURLTemplate?) -> [(String, String)] {
        [
            (
                "Content-Security-Policy",
                "default-src 'none'; script-src 'self'; img-src 'self' data:\(onlineTiles.map { " " + $0.origin } ?? ""); "
                    + "style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
            ),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
            ("Cache-Control", "no-store"),
        ]
    }

    /// Serves until cancelled (or SIGINT/SIGTERM when `handleSignals`).
    /// - Parameters:
    ///   - address: IP address or host name to listen on (`0.0.0.0` for every interface, e.g. the Pi's hotspot).
    ///   - port: TCP port; 0 picks a free one (reported to `onRunning`).
    ///   - limits: connection limits and request timeouts (tests shorten them).
    ///   - onRunning: called once the socket listens, with the actual port.
    package static func run(
        app: WebApp, address: String, port: Int, handleSignals: Bool = true,
        limits: ConnectionLimits = ConnectionLimits(),
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let responder = CallbackResponder<ClientRequestContext> { request, context in
            await respond(app: app, to: request, client: context.client)
        }
        let slots = ConnectionSlots(limits: limits)
        let http1 = HTTP1Channel.Configuration(
            additionalChannelHandlers: [RequestDeadlineHandler(slots: slots)], idleTimeout: .seconds(30))
        let server = HTTPServerBuilder.http1(configuration: http1)
        let application = Application(
            responder: responder,
            server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(address, port: port), serverName: nil, backlog: 64,
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) })
        if handleSignals {
            try await application.runService()
        } else {
            try await application.run()
        }
    }

    static func respond(app: WebApp, to request: Request, client: String) async -> Response {
        var response: WebResponse
        if let query = request.uri.query, query.utf8.count > WebLimits.maxQueryBytes {
            response = errorPage(
                status: 414, title: "Address too long", message: "The address is longer than this server accepts.")
        } else if request.uri.path.utf8.count > 1024 {
            response = errorPage(
                status: 414, title: "Address too long", message: "The address is longer than this server accepts.")
        } else {
            response = await decode(request, app: app, client: client)
        }
        if response.status == 200 && response.body.isEmpty {  // never an empty "success" (e.g. a 0-byte PDF)
            response = errorPage(
                status: 500, title: "Something went wrong", message: "The answer came out empty; try again.")
        }
        return encode(
            response, head: request.method == .head,
            securityHeaders: securityHeaders(onlineTiles: app.settings.config.server.onlineTiles))
    }

    private static func decode(_ request: Request, app: WebApp, client: String) async -> WebResponse {
        let method: WebRequest.Method =
            switch request.method {
            case .get: .get
            case .head: .head
            case .post: .post
            default: .other
            }
        guard method != .other else {
            return errorPage(status: 405, title: "Method not allowed", message: "Only GET and POST are used here.")
        }
        guard let path = request.uri.path.removingPercentEncoding else {
            return errorPage(status: 400, title: "Bad request", message: "The address is not valid.")
        }
        guard let query = parseURLEncoded(Substring(request.uri.query ?? "")) else {
            return errorPage(status: 400, title: "Bad request", message: "The query is not valid.")
        }
        var form: [String: String] = [:]
        if method == .post {
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: WebLimits.maxBodyBytes)
            } catch {
                return errorPage(
                    status: 413, title: "Too large", message: "The form is larger than this server accepts.")
            }
            guard let parsed = parseURLEncoded(Substring(String(buffer: body))) else {
                return errorPage(status: 400, title: "Bad request", message: "The form is not valid.")
            }
            form = parsed
        }
        let cookies = request.headers[.cookie].map(parseCookies) ?? [:]
        return await app.respond(
            to: WebRequest(method: method, path: path, query: query, cookies: cookies, form: form, client: client))
    }

    private static func encode(_ response: WebResponse, head: Bool, securityHeaders: [(String, String)]) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = response.contentType
        let own = Set(response.headers.map { $0.name.lowercased() })
        for (name, value) in securityHeaders.filter({ !own.contains($0.0.lowercased()) }) + response.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        fields[.contentLength] = String(response.body.count)
        let body = head ? ByteBuffer() : ByteBuffer(bytes: response.body)
        return Response(
            status: HTTPResponse.Status(code: response.status), headers: fields, body: ResponseBody(byteBuffer: body))
    }
}
