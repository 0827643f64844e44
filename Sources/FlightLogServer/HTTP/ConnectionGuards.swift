import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// How much of the server one client may hold, and for how long.
package struct ConnectionLimits: Sendable {
    /// Most simultaneous connections in all; more wait in the listen backlog.
    package var maxConnections = 32
    /// Most simultaneous connections from one client address (an IPv6 client counts by its /64): a phone's
    /// browser opens up to 6; more from one place are refused, so one client cannot take every slot.
    package var maxConnectionsPerClient = 8
    /// A request's head must arrive completely within this time of the connection opening or of the
    /// previous response (so it is also the keep-alive idle time); a client sending a byte at a time is cut off.
    package var headTimeout: TimeAmount = .seconds(10)
    /// A request's body must arrive completely within this time of its head.
    package var bodyTimeout: TimeAmount = .seconds(10)

    package init() {}
}

/// The key that per-client limits count by: the IPv4 address, or the /64 prefix of an IPv6 address (one
/// household or phone network gets a whole /64). An IPv4-mapped IPv6 address counts as its IPv4 address.
package func clientKey(_ address: SocketAddress?) -> String {
    switch address {
    case .v4?:
        return address?.ipAddress ?? "unknown"
    case .v6(let v6)?:
        let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let hex = "0123456789abcdef".map { $0 }
        let prefix = stride(from: 0, to: 8, by: 2).map { i in
            String([hex[Int(bytes[i] >> 4)], hex[Int(bytes[i] & 15)], hex[Int(bytes[i + 1] >> 4)], hex[Int(bytes[i + 1] & 15)]])
        }
        return prefix.joined(separator: ":") + "::/64"
    default:
        return address?.description ?? "unknown"
    }
}

/// Counts open connections per client key.
final class ConnectionLimiter: Sendable {
    private let counts = Locked<[String: Int]>([:])
    let perClient: Int

    init(perClient: Int) { self.perClient = perClient }

    /// Takes a slot for `key`; `false` when that client already holds `perClient` connections.
    func acquire(_ key: String) -> Bool {
        counts.update { counts in
            guard counts[key, default: 0] < perClient else { return false }
            counts[key, default: 0] += 1
            return true
        }
    }

    func release(_ key: String) {
        counts.update { counts in
            let left = counts[key, default: 1] - 1
            counts[key] = left > 0 ? left : nil
        }
    }
}

/// Hummingbird's HTTP/1 child channel with the per-client connection limit in front of it: a connection over
/// the limit is closed before any request on it is read.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let inner: HTTP1Channel
    let limiter: ConnectionLimiter

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        let key = clientKey(value.channel.remoteAddress)
        guard limiter.acquire(key) else {
            try? await value.executeThenClose { _, _ in }  // closes it (and finishes its writer, as NIO requires)
            return
        }
        defer { limiter.release(key) }
        await inner.handle(value: value, logger: logger)
    }
}

/// Closes a connection whose request head (or body) does not arrive in time, however steadily its bytes trickle
/// in. Sits after the HTTP decoder, so it sees whole request parts and the end of each response.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let headTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    private var deadline: Scheduled<Void>?
    /// Between a request's head and its end.
    private var readingRequest = false
    /// Requests read completely whose response is not finished yet.
    private var responsesPending = 0

    init(headTimeout: TimeAmount, bodyTimeout: TimeAmount) {
        self.headTimeout = headTimeout
        self.bodyTimeout = bodyTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) { arm(context, headTimeout) }

    func handlerRemoved(context: ChannelHandlerContext) { disarm() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            readingRequest = true
            arm(context, bodyTimeout)
        case .body:
            break
        case .end:
            readingRequest = false
            responsesPending += 1
            disarm()  // the answer may take a while (a PDF); that is ours, not the client's
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            responsesPending = max(0, responsesPending - 1)
            if responsesPending == 0 && !readingRequest { arm(context, headTimeout) }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext, _ timeout: TimeAmount) {
        disarm()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            context.close(promise: nil)
        }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}

/// The request context: Hummingbird's basics plus who is asking (for the per-client login throttle).
struct ClientRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// ``clientKey(_:)`` of the peer.
    let client: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = clientKey(source.channel.remoteAddress)
    }
}
