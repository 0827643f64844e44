import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

/// The HTTP side of `flightlog serve` (Hummingbird): the connection guards, and each request handed to
/// ``WebExchange`` (which bounds it, asks ``WebApp`` and adds the security headers).
package enum WebServer {
    /// Most simultaneous connections; more wait in the listen backlog.
    package static let maxConnections = ConnectionLimits().maxConnections

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

    /// Hands the request to ``WebExchange`` and writes what it answers.
    static func respond(app: WebApp, to request: Request, client: String) async -> Response {
        let sent = await WebExchange.respond(
            app: app, method: request.method.rawValue, path: request.uri.path, query: request.uri.query,
            cookieHeader: request.headers[.cookie], client: client
        ) { limit in Array(buffer: try await request.body.collect(upTo: limit)) }
        var fields = HTTPFields()
        for (name, value) in sent.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: sent.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: sent.body)))
    }
}
