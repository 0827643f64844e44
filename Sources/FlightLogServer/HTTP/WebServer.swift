import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdCore
import NIOCore

/// The HTTP side of `flightlog serve` (Hummingbird): bounds every request, hands it to ``WebApp`` and adds the
/// security headers to every response.
package enum WebServer {
    /// Most simultaneous connections; more wait in the listen backlog.
    package static let maxConnections = 32

    /// Headers on every response: nothing may be loaded from elsewhere, no framing, no sniffing, no referrer.
    static let securityHeaders: [(String, String)] = [
        (
            "Content-Security-Policy",
            "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; form-action 'self'; "
                + "frame-ancestors 'none'; base-uri 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Cache-Control", "no-store"),
    ]

    /// Serves until cancelled (or SIGINT/SIGTERM when `handleSignals`).
    /// - Parameters:
    ///   - address: IP address or host name to listen on (`0.0.0.0` for every interface, e.g. the Pi's hotspot).
    ///   - port: TCP port; 0 picks a free one (reported to `onRunning`).
    ///   - onRunning: called once the socket listens, with the actual port.
    package static func run(
        app: WebApp, address: String, port: Int, handleSignals: Bool = true,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            await respond(app: app, to: request)
        }
        var http1 = HTTP1Channel.Configuration()
        http1.idleTimeout = .seconds(30)
        let application = Application(
            responder: responder,
            server: .http1(configuration: http1),
            configuration: ApplicationConfiguration(
                address: .hostname(address, port: port), serverName: nil, backlog: 64,
                availableConnectionsDelegate: MaximumAvailableConnections(maxConnections)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) })
        if handleSignals {
            try await application.runService()
        } else {
            try await application.run()
        }
    }

    static func respond(app: WebApp, to request: Request) async -> Response {
        let response: WebResponse
        if let query = request.uri.query, query.utf8.count > WebLimits.maxQueryBytes {
            response = errorPage(status: 414, title: "Address too long", message: "The address is longer than this server accepts.")
        } else if request.uri.path.utf8.count > 1024 {
            response = errorPage(status: 414, title: "Address too long", message: "The address is longer than this server accepts.")
        } else {
            response = await decode(request, app: app)
        }
        return encode(response, head: request.method == .head)
    }

    private static func decode(_ request: Request, app: WebApp) async -> WebResponse {
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
                return errorPage(status: 413, title: "Too large", message: "The form is larger than this server accepts.")
            }
            guard let parsed = parseURLEncoded(Substring(String(buffer: body))) else {
                return errorPage(status: 400, title: "Bad request", message: "The form is not valid.")
            }
            form = parsed
        }
        let cookies = request.headers[.cookie].map(parseCookies) ?? [:]
        return await app.respond(to: WebRequest(method: method, path: path, query: query, cookies: cookies, form: form))
    }

    private static func encode(_ response: WebResponse, head: Bool) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = response.contentType
        for (name, value) in securityHeaders + response.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        fields[.contentLength] = String(response.body.count)
        let body = head ? ByteBuffer() : ByteBuffer(bytes: response.body)
        return Response(status: HTTPResponse.Status(code: response.status), headers: fields, body: ResponseBody(byteBuffer: body))
    }
}
