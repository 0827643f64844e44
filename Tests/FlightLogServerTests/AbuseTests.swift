import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import NIOCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The server under abuse, on loopback: clients that trickle bytes, one address opening many connections,
/// password guessing, anonymous visits trying to push the owner's session out. Other clients are other
/// loopback addresses (127.0.0.2, …: all of 127/8 is this machine).
@Suite("Abuse of the web server", .serialized, .timeLimit(.minutes(3)))
struct AbuseTests {
    /// Connections that send a request head one byte at a time and never finish it.
    final class Tricklers: @unchecked Sendable {
        private(set) var sockets: [Int32] = []
        private var stopped = false
        private let lock = NSLock()
        private var thread: Thread?

        init(_ client: RawClient, count: Int) throws {
            for _ in 0..<count { sockets.append(try client.connectSocket()) }
            let head =
                Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
                + Array(repeating: UInt8(ascii: "a"), count: 10_000)
            thread = Thread { [self] in
                var i = 0
                while !lock.withLock({ stopped }) {
                    var byte = head[i % head.count]
                    for fd in sockets { _ = send(fd, &byte, 1, Int32(MSG_NOSIGNAL)) }
                    i += 1
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
            thread?.start()
        }

        /// How many of the connections the server has closed (a read sees the end or a reset).
        func closedByServer() -> Int {
            sockets.filter { fd in
                var byte: UInt8 = 0
                let n = recv(fd, &byte, 1, Int32(MSG_DONTWAIT))
                return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            }.count
        }

        func stop() {
            lock.withLock { stopped = true }
            Thread.sleep(forTimeInterval: 0.2)
            for fd in sockets { close(fd) }
        }
    }

    @Test func aClientTricklingItsHeadIsCutOffAtTheHeadTimeout() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        var limits = ConnectionLimits()
        limits.headTimeout = .seconds(1)
        try await withRealServer(databasePath: logbook.databasePath, limits: limits) { client, _ in
            let slow = try Tricklers(client, count: 1)
            defer { slow.stop() }
            let start = ContinuousClock.now
            while slow.closedByServer() == 0 && ContinuousClock.now - start < .seconds(10) {
                try await Task.sleep(for: .milliseconds(100))
            }
            let elapsed = ContinuousClock.now - start
            #expect(slow.closedByServer() == 1, "closed although it kept sending")
            #expect(elapsed >= .milliseconds(800) && elapsed < .seconds(4), "after about the head timeout: \(elapsed)")
            #expect(try await client.get("/").status == 200)
        }
    }

    @Test func aClientTricklingItsBodyIsCutOffAtTheBodyTimeout() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        var limits = ConnectionLimits()
        limits.bodyTimeout = .seconds(1)
        try await withRealServer(databasePath: logbook.databasePath, limits: limits) { client, _ in
            let fd = try client.connectSocket()
            defer { close(fd) }
            let head =
                "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n\r\n"
            #expect(
                Array(head.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    == head.utf8.count)
            let start = ContinuousClock.now
            var closed = false
            while !closed && ContinuousClock.now - start < .seconds(10) {
                var byte = UInt8(ascii: "a")
                if send(fd, &byte, 1, Int32(MSG_NOSIGNAL)) < 0 { closed = true }
                var reply = [UInt8](repeating: 0, count: 4096)
                let n = recv(fd, &reply, reply.count, Int32(MSG_DONTWAIT))
                if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { closed = true }
                try await Task.sleep(for: .milliseconds(100))
            }
            let elapsed = ContinuousClock.now - start
            #expect(closed)
            #expect(elapsed < .seconds(4), "after about the body timeout: \(elapsed)")
        }
    }

    @Test func fortySlowClientsFromOneAddressDoNotLockOutAnother() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        _ = try logbook.fillWithThreeFlights()
        var limits = ConnectionLimits()
        limits.headTimeout = .seconds(60)  // the per-client limit alone must protect the others
        try await withRealServer(databasePath: logbook.databasePath, limits: limits) { [limits] client, _ in
            let attacker = try Tricklers(client.from("127.0.0.2", timeout: 5), count: 40)
            defer { attacker.stop() }
            try await Task.sleep(for: .seconds(1))
            let start = ContinuousClock.now
            let reply = try await client.from("127.0.0.3", timeout: 5).get("/")
            #expect(reply.status == 200)
            #expect(ContinuousClock.now - start < .seconds(2), "served at once")
            #expect(attacker.closedByServer() >= 40 - limits.maxUnfinishedPerClient, "the rest were refused or cut")
            // A new request from that address (another phone behind the same router) is served: its longest
            // hanging connection is cut for it, not the newcomer.
            #expect(try await client.from("127.0.0.2", timeout: 5).get("/").status == 200)
            #expect(attacker.closedByServer() >= 40 - limits.maxUnfinishedPerClient + 1)
        }
    }

    /// 32 connections that never finish their request, 8 from each of 4 addresses (each within the per-client
    /// limit, together all the slots): the owner's page is still served at once. With a head timeout of a minute,
    /// an answer within the client's 20 s can only come from a free slot, not from a hanging client timing out.
    @Test func thirtyTwoHangingClientsFromFourAddressesDoNotDelayTheOwner() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        _ = try logbook.fillWithThreeFlights()
        var limits = ConnectionLimits()
        limits.headTimeout = .seconds(60)
        limits.bodyTimeout = .seconds(60)
        #expect(4 * limits.maxConnectionsPerClient >= limits.maxConnections, "the attack fills every slot")
        try await withRealServer(databasePath: logbook.databasePath, limits: limits) { [limits] client, _ in
            let attackers = try (2...5).map {
                try Tricklers(client.from("127.0.0.\($0)", timeout: 5), count: limits.maxConnectionsPerClient)
            }
            defer { for attacker in attackers { attacker.stop() } }
            // Until the server has seen them all, the owner's connection could be among the longest waiting.
            let start = ContinuousClock.now
            while attackers.map({ $0.closedByServer() }).reduce(0, +) < 32 - limits.maxUnfinished
                && ContinuousClock.now - start < .seconds(20)
            {
                try await Task.sleep(for: .milliseconds(50))
            }
            for _ in 0..<3 {  // and again: each page is served while they hang
                let reply = try await client.from("127.0.0.9", timeout: 20).get("/")
                #expect(reply.status == 200)
                #expect(reply.text.contains("ASK 21"))
            }
            let open = attackers.map { $0.sockets.count - $0.closedByServer() }
            #expect(open.allSatisfy { $0 <= limits.maxUnfinishedPerClient }, "per address: \(open)")
            #expect(open.reduce(0, +) <= limits.maxUnfinished - 1, "in all (one slot went to the owner): \(open)")
            #expect(open.reduce(0, +) >= limits.maxUnfinished / 2, "the limits trim them, not cut them all: \(open)")
        }
    }

    @Test func clientsAreCountedByIPv4AddressOrIPv6Slash64() throws {
        func key(_ ip: String) throws -> String { clientKey(try SocketAddress(ipAddress: ip, port: 1234)) }
        #expect(try key("192.168.4.7") == "192.168.4.7")
        #expect(try key("::ffff:192.168.4.7") == "192.168.4.7", "IPv4-mapped IPv6 is the IPv4 client")
        #expect(try key("2001:db8:1:2::5") == "2001:0db8:0001:0002::/64")
        #expect(try key("2001:db8:1:2:ffff:1:2:3") == key("2001:db8:1:2::5"), "one /64, one client")
        #expect(try key("2001:db8:1:3::5") != key("2001:db8:1:2::5"))
    }

    static let password = "Segelflug über Düren"

    /// Logs in from `client`; returns the session cookie.
    static func logIn(_ client: some PageClient, password: String = password) async throws -> (
        status: Int, cookie: String?
    ) {
        let form = try await client.get("/login")
        let nonce = try #require(SecurityTests.sessionCookie(form))
        let token = try #require(SecurityTests.csrf(in: form.text))
        let reply = try await client.post("/login", form: [("csrf", token), ("password", password)], cookie: nonce)
        return (reply.status, SecurityTests.sessionCookie(reply))
    }

    @Test func wrongPasswordsFromOneAddressDoNotLockTheOwnerOutElsewhere() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let hash = try PasswordHash.make(password: Self.password, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            let guesser = client.from("127.0.0.2")
            var statuses: [Int] = []
            for n in 0..<12 { statuses.append(try await Self.logIn(guesser, password: "guess \(n)").status) }
            #expect(statuses.prefix(10).allSatisfy { $0 == 403 }, "\(statuses)")
            #expect(statuses.suffix(2).allSatisfy { $0 == 429 }, "throttled: \(statuses)")
            #expect(try await Self.logIn(guesser).status == 429, "even the right password waits there")

            let owner = try await Self.logIn(client.from("127.0.0.5"))
            #expect(owner.status == 303, "the owner elsewhere gets in")
            #expect(owner.cookie?.hasPrefix(Sessions.cookieName + "=") == true)
        }
    }

    @Test func anonymousVisitsCannotEvictTheOwnersSession() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try logbook.fillWithThreeFlights()[0]
        let hash = try PasswordHash.make(password: Self.password, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, app in
            let cookie = try #require(try await Self.logIn(client).cookie)
            #expect(try await client.get("/flights/\(id)/edit", cookie: cookie).status == 200)
            let stranger = client.from("127.0.0.2")
            for n in 0..<300 {
                let form = try await stranger.get("/login")
                #expect(form.status == 200)
                if n % 50 == 0 {  // and forms posted with made-up tokens
                    _ = try await stranger.post(
                        "/login", form: [("csrf", String(repeating: "f", count: 64)), ("password", "x")])
                }
            }
            #expect(await app.sessions.count == 1, "anonymous visits store nothing")
            #expect(try await client.get("/flights/\(id)/edit", cookie: cookie).status == 200, "still logged in")
        }
    }
}
