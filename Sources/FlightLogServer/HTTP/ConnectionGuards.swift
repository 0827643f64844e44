import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// How much of the server one client may hold, and for how long.
///
/// A connection is *unfinished* while the server waits for a client's bytes: its request head (or the next one on a
/// kept-alive connection) or its body. Unfinished connections cost the client nothing, so they are bounded apart
/// from the total: past a limit the one unfinished longest is closed, never the newcomer, which is usually the
/// owner's browser about to send its request. Clients that hang can so never fill the slots a page needs.
package struct ConnectionLimits: Sendable {
    /// Most simultaneous connections in all; more wait in the listen backlog.
    package var maxConnections = 32
    /// Most simultaneous connections from one client address (an IPv6 client counts by its /64): a phone's
    /// browser opens up to 6; more from one place are refused, so one client cannot take every slot.
    package var maxConnectionsPerClient = 8
    /// Most unfinished connections in all (below ``maxConnections``, so a new one always finds a slot).
    package var maxUnfinished = 16
    /// Most unfinished connections from one client address.
    package var maxUnfinishedPerClient = 4
    /// A request's head must arrive completely within this time of the connection opening or of the
    /// previous response (so it is also the keep-alive idle time); a client sending a byte at a time is cut off.
    package var headTimeout: TimeAmount = .seconds(5)
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
        let hex: [Character] = Array("0123456789abcdef")
        let prefix: [String] = stride(from: 0, to: 8, by: 2).map { (i: Int) -> String in
            let (a, b): (Int, Int) = (Int(bytes[i]), Int(bytes[i + 1]))
            return String([hex[a >> 4], hex[a & 15], hex[b >> 4], hex[b & 15]])
        }
        return prefix.joined(separator: ":") + "::/64"
    default:
        return address?.description ?? "unknown"
    }
}

/// The open connections per client key and the unfinished ones in the order they began waiting.
final class ConnectionSlots: Sendable {
    private struct Waiting {
        let id: ObjectIdentifier
        let key: String
        let channel: any Channel
    }
    private struct State {
        var open: [String: Int] = [:]
        var unfinished: [Waiting] = []
    }
    private let state = Locked(State())
    let limits: ConnectionLimits

    init(limits: ConnectionLimits) { self.limits = limits }

    /// Takes a slot for `key`; `false` when that client already holds `maxConnectionsPerClient` connections.
    func admit(_ key: String) -> Bool {
        state.update { state in
            guard state.open[key, default: 0] < limits.maxConnectionsPerClient else { return false }
            state.open[key, default: 0] += 1
            return true
        }
    }

    /// Gives back an admitted connection's slot (and its place among the unfinished).
    func release(_ channel: any Channel, key: String) {
        state.update { state in
            let left = state.open[key, default: 1] - 1
            state.open[key] = left > 0 ? left : nil
            state.unfinished.removeAll { $0.id == ObjectIdentifier(channel) }
        }
    }

    /// Notes that `channel` now waits for its client (a no-op if it already does) and returns the connections to
    /// close to keep within the limits: the client's own longest-waiting ones first, then the longest-waiting of all.
    func waiting(_ channel: any Channel, key: String) -> [any Channel] {
        state.update { state in
            let id = ObjectIdentifier(channel)
            guard !state.unfinished.contains(where: { $0.id == id }) else { return [] }
            state.unfinished.append(Waiting(id: id, key: key, channel: channel))
            var evicted: [any Channel] = []
            while state.unfinished.count(where: { $0.key == key }) > limits.maxUnfinishedPerClient,
                let oldest = state.unfinished.firstIndex(where: { $0.key == key })
            {
                evicted.append(state.unfinished.remove(at: oldest).channel)
            }
            while state.unfinished.count > limits.maxUnfinished {
                evicted.append(state.unfinished.removeFirst().channel)
            }
            return evicted
        }
    }

    /// Notes that `channel` no longer waits for its client (a request is complete; the answer is ours to give).
    func busy(_ channel: any Channel) {
        state.update { state in state.unfinished.removeAll { $0.id == ObjectIdentifier(channel) } }
    }
}

/// Guards one connection: refuses it when its client holds too many, closes it when its request head (or body) does
/// not arrive in time however steadily its bytes trickle in, and tells ``ConnectionSlots`` while it waits for its
/// client. Sits after the HTTP decoder, so it sees whole request parts and the end of each response.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let slots: ConnectionSlots
    /// The client's ``clientKey(_:)`` once admitted.
    private var admittedKey: String?
    private var deadline: Scheduled<Void>?
    /// Between a request's head and its end.
    private var readingRequest = false
    /// Requests read completely whose response is not finished yet.
    private var responsesPending = 0

    init(slots: ConnectionSlots) { self.slots = slots }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if admittedKey == nil { admit(context) }
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm(context)
        if let key = admittedKey { slots.release(context.channel, key: key) }
        admittedKey = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            readingRequest = true
            arm(context, slots.limits.bodyTimeout)
        case .body:
            break
        case .end:
            readingRequest = false
            responsesPending += 1
            disarm(context)  // the answer may take a while (a PDF); that is ours, not the client's
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            responsesPending = max(0, responsesPending - 1)
            if responsesPending == 0 && !readingRequest { arm(context, slots.limits.headTimeout) }
        }
        context.write(data, promise: promise)
    }

    /// Takes the client's slot, or closes the connection before any request on it is read.
    private func admit(_ context: ChannelHandlerContext) {
        let key = clientKey(context.channel.remoteAddress)
        guard slots.admit(key) else {
            context.close(promise: nil)
            return
        }
        admittedKey = key
        arm(context, slots.limits.headTimeout)
    }

    /// Starts waiting for the client, at most `timeout`.
    private func arm(_ context: ChannelHandlerContext, _ timeout: TimeAmount) {
        guard let key = admittedKey else { return }
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            context.close(promise: nil)
        }
        for channel in slots.waiting(context.channel, key: key) { channel.close(promise: nil) }
    }

    private func disarm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        slots.busy(context.channel)
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
