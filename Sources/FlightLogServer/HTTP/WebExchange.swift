import FlightLogCore
import FlightLogWeb
import Foundation

/// A request as it came off the connection, before ``WebApp`` sees it: the target still percent-encoded, the raw
/// `Cookie` header, and the body not yet read. Nothing here belongs to the HTTP library, so the page tests hand
/// the same exchange a request in process, without a socket.
package struct ArrivedRequest: Sendable {
    /// The method as sent (`GET`, `POST`, `PUT`, …).
    package var method: String
    /// The target's path, percent-encoded as sent.
    package var path: String
    /// The target's query (after `?`), percent-encoded as sent; `nil` without one.
    package var query: String?
    /// The `Cookie` header's value.
    package var cookieHeader: String?
    /// Who is asking (``clientKey(_:)``).
    package var client: String
    /// Reads the whole body, throwing when it is longer than the limit given (bytes).
    package var readBody: @Sendable (_ limit: Int) async throws -> [UInt8]

    package init(
        method: String, path: String, query: String?, cookieHeader: String?, client: String,
        readBody: @escaping @Sendable (_ limit: Int) async throws -> [UInt8]
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.cookieHeader = cookieHeader
        self.client = client
        self.readBody = readBody
    }
}

/// The answer as it goes on the wire: status, header fields in order (content type first, length last) and the
/// body, empty for a `HEAD`.
package struct SentResponse: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]
}

/// One exchange of `flightlog serve`: bounds and decodes the request, asks ``WebApp``, adds the security headers.
package enum WebExchange {
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

    package static func respond(app: WebApp, to request: ArrivedRequest) async -> SentResponse {
        var response: WebResponse
        if let query = request.query, query.utf8.count > WebLimits.maxQueryBytes {
            response = errorPage(
                status: 414, title: "Address too long", message: "The address is longer than this server accepts.")
        } else if request.path.utf8.count > 1024 {
            response = errorPage(
                status: 414, title: "Address too long", message: "The address is longer than this server accepts.")
        } else {
            response = await decode(request, app: app)
        }
        if response.status == 200 && response.body.isEmpty {  // never an empty "success" (e.g. a 0-byte PDF)
            response = errorPage(
                status: 500, title: "Something went wrong", message: "The answer came out empty; try again.")
        }
        return encode(
            response, head: request.method == "HEAD",
            securityHeaders: securityHeaders(onlineTiles: app.settings.config.server.onlineTiles))
    }

    private static func decode(_ request: ArrivedRequest, app: WebApp) async -> WebResponse {
        let method = WebRequest.Method(rawValue: request.method) ?? .other
        guard method != .other else {
            return errorPage(status: 405, title: "Method not allowed", message: "Only GET and POST are used here.")
        }
        guard let path = request.path.removingPercentEncoding else {
            return errorPage(status: 400, title: "Bad request", message: "The address is not valid.")
        }
        guard let query = parseURLEncoded(Substring(request.query ?? "")) else {
            return errorPage(status: 400, title: "Bad request", message: "The query is not valid.")
        }
        var form: [String: String] = [:]
        if method == .post {
            let body: [UInt8]
            do {
                body = try await request.readBody(WebLimits.maxBodyBytes)
            } catch {
                return errorPage(
                    status: 413, title: "Too large", message: "The form is larger than this server accepts.")
            }
            guard let parsed = parseURLEncoded(Substring(String(decoding: body, as: UTF8.self))) else {
                return errorPage(status: 400, title: "Bad request", message: "The form is not valid.")
            }
            form = parsed
        }
        let cookies = request.cookieHeader.map(parseCookies) ?? [:]
        return await app.respond(
            to: WebRequest(
                method: method, path: path, query: query, cookies: cookies, form: form, client: request.client))
    }

    private static func encode(_ response: WebResponse, head: Bool, securityHeaders: [(String, String)])
        -> SentResponse
    {
        let own = Set(response.headers.map { $0.name.lowercased() })
        let headers =
            [("Content-Type", response.contentType)]
            + securityHeaders.filter { !own.contains($0.0.lowercased()) }.map { (name: $0.0, value: $0.1) }
            + response.headers + [("Content-Length", String(response.body.count))]
        return SentResponse(status: response.status, headers: headers, body: head ? [] : response.body)
    }
}
