import FlightLogCore
import FlightLogWeb
import Foundation

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

    /// Answers a request as it came off the connection: `method` as sent (`GET`, `POST`, `PUT`, …), `path` and
    /// `query` (after `?`, `nil` without one) still percent-encoded, the raw `Cookie` header, `client` as
    /// ``clientKey(_:)`` gives it, and `readBody`, which reads the whole body or throws when it is longer than the
    /// limit given (bytes). Nothing here belongs to the HTTP library, so the page tests call it in process.
    package static func respond(
        app: WebApp, method: String, path: String, query: String?, cookieHeader: String?, client: String,
        readBody: @Sendable (_ limit: Int) async throws -> [UInt8]
    ) async -> SentResponse {
        var response: WebResponse
        if let query, query.utf8.count > WebLimits.maxQueryBytes {
            response = errorPage(
                status: 414, title: "Address too long", message: "The address is longer than this server accepts.")
        } else if path.utf8.count > 1024 {
            response = errorPage(
                status: 414, title: "Address too long", message: "The address is longer than this server accepts.")
        } else {
            response = await decode(
                app: app, method: method, path: path, query: query, cookieHeader: cookieHeader, client: client,
                readBody: readBody)
        }
        if response.status == 200 && response.body.isEmpty {  // never an empty "success" (e.g. a 0-byte PDF)
            response = errorPage(
                status: 500, title: "Something went wrong", message: "The answer came out empty; try again.")
        }
        return encode(
            response, head: method == "HEAD",
            securityHeaders: securityHeaders(onlineTiles: app.settings.config.server.onlineTiles))
    }

    private static func decode(
        app: WebApp, method name: String, path: String, query: String?, cookieHeader: String?, client: String,
        readBody: @Sendable (_ limit: Int) async throws -> [UInt8]
    ) async -> WebResponse {
        let method = WebRequest.Method(rawValue: name) ?? .other
        guard method != .other else {
            return errorPage(status: 405, title: "Method not allowed", message: "Only GET and POST are used here.")
        }
        guard let path = path.removingPercentEncoding else {
            return errorPage(status: 400, title: "Bad request", message: "The address is not valid.")
        }
        guard let query = parseURLEncoded(Substring(query ?? "")) else {
            return errorPage(status: 400, title: "Bad request", message: "The query is not valid.")
        }
        var form: [String: String] = [:]
        if method == .post {
            let body: [UInt8]
            do {
                body = try await readBody(WebLimits.maxBodyBytes)
            } catch {
                return errorPage(
                    status: 413, title: "Too large", message: "The form is larger than this server accepts.")
            }
            guard let parsed = parseURLEncoded(Substring(String(decoding: body, as: UTF8.self))) else {
                return errorPage(status: 400, title: "Bad request", message: "The form is not valid.")
            }
            form = parsed
        }
        let cookies = cookieHeader.map(parseCookies) ?? [:]
        return await app.respond(
            to: WebRequest(
                method: method, path: path, query: query, cookies: cookies, form: form, client: client))
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
