import FlightLogCore
import FlightLogSecurity
import FlightLogServer
import FlightLogStore
import FlightLogTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A response as read off the socket.
struct HTTPReply {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What a page test asks of its client, on a socket (``RawClient``) or in process (``AppClient``).
protocol PageClient: Sendable {
    /// The same server, seen from another loopback address (its own login throttle, its own connections).
    func from(_ address: String, timeout: Int) -> Self
    /// Sends one request as given; answers what came back.
    func exchange(method: String, target: String, cookie: String?, body: [UInt8]) async throws -> HTTPReply
}

extension PageClient {
    func from(_ address: String) -> Self { from(address, timeout: 30) }

    func get(_ target: String, cookie: String? = nil) async throws -> HTTPReply {
        try await send(method: "GET", target: target, cookie: cookie, body: [])
    }

    func post(_ target: String, form: [(String, String)], cookie: String? = nil) async throws -> HTTPReply {
        let body = form.map { "\(RawClient.encode($0.0))=\(RawClient.encode($0.1))" }.joined(separator: "&")
        return try await send(method: "POST", target: target, cookie: cookie, body: Array(body.utf8))
    }

    func send(method: String, target: String, cookie: String? = nil, body: [UInt8] = []) async throws -> HTTPReply {
        try await exchange(method: method, target: target, cookie: cookie, body: body)
    }
}

/// A tiny HTTP/1.1 client over a raw socket: sends exactly the bytes given (no path normalisation, no redirects,
/// no cookie jar), so tests can send hostile requests.
struct RawClient: PageClient {
    var port: Int
    /// Source address to connect from (any 127.x.y.z is this machine): lets a test be several clients.
    var source: String? = nil
    /// How long to wait for an answer, seconds.
    var timeout = 30

    func from(_ address: String, timeout: Int) -> RawClient {
        RawClient(port: port, source: address, timeout: timeout)
    }

    /// Sends on its own thread: blocking socket calls must not occupy the few cooperative threads the server needs.
    func exchange(method: String, target: String, cookie: String?, body: [UInt8]) async throws -> HTTPReply {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let cookie { request += "Cookie: \(cookie)\r\n" }
        if method == "POST" {
            request += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.count)\r\n"
        }
        request += "\r\n"
        let bytes = Array(request.utf8) + body
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try exchange(bytes) }) }.start()
        }
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    /// A connected socket (the caller closes it).
    func connectSocket() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestError("socket failed") }
        var timeout = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        func socketAddress(_ ip: String, port: Int) -> sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr(ip)
            return address
        }
        if let source {
            var local = socketAddress(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                close(fd)
                throw TestError("bind to \(source) failed")
            }
        }
        var address = socketAddress("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw TestError("connect to port \(port) failed")
        }
        return fd
    }

    private func exchange(_ bytes: [UInt8]) throws -> HTTPReply {
        let fd = try connectSocket()
        defer { close(fd) }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }  // the server may refuse early (e.g. 413) and close
            sent += n
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            response += buffer[0..<n]
        }
        return try Self.parse(response)
    }

    static func parse(_ bytes: [UInt8]) throws -> HTTPReply {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw TestError("no HTTP response (\(bytes.count) bytes)")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw TestError("bad status line \(head[0])")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"]?.contains("chunked") == true { body = dechunk(body) }
        return HTTPReply(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard let lineEnd = (i..<bytes.count - 1).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                let size = Int(String(decoding: bytes[i..<lineEnd], as: UTF8.self), radix: 16), size > 0
            else { break }
            out += bytes[(lineEnd + 2)..<min(bytes.count, lineEnd + 2 + size)]
            i = lineEnd + 2 + size + 2
        }
        return out
    }
}

struct TestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A temporary folder with a flight database.
struct TestLogbook {
    let folder: String
    var databasePath: String { folder + "/flightlog.sqlite" }

    init() throws {
        folder = try makeTemporaryDirectory("flightlog-server-test").path
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// A 20-minute circling flight starting at `start` (UTC ms) near 51.1 N 6.4 E: 1 fix per 2 s.
    static func track(start: UTCMillis, minutes: Int = 20) -> Track {
        var fixes: [Fix] = []
        let count = minutes * 30
        for i in 0..<count {
            let t = Double(i) / Double(count)
            let altitude = 100 + 900 * sin(Double.pi * t)
            let angle = 2 * Double.pi * t * 3
            fixes.append(
                Fix(
                    time: start + Int64(i) * 2000, latitude: 51.1 + 0.02 * sin(angle) * t,
                    longitude: 6.4 + 0.03 * (1 - cos(angle)) * t, pressureAltitude: altitude,
                    gnssAltitude: altitude + 45))
        }
        return Track(
            recorder: RecorderInfo(
                manufacturer: "XFL", serial: "ABC", gpsReceiver: "u-blox NEO-M8N",
                pressureSensor: "Bosch,BMP280,9000m"), fixes: fixes)
    }

    /// Stores one flight over `track(start:)`; returns its id.
    @discardableResult
    func addFlight(store: FlightStore, start: UTCMillis, details: FlightDetails, minutes: Int = 20) throws -> Int64 {
        try addFlight(store: store, track: Self.track(start: start, minutes: minutes), details: details)
    }

    /// Stores one flight over `track`, from its first to its last fix; returns its id.
    @discardableResult
    func addFlight(store: FlightStore, track: Track, details: FlightDetails) throws -> Int64 {
        let first = track.fixes.first!, last = track.fixes.last!
        let start = first.time
        let flight = Flight(
            takeoffTime: first.time, landingTime: last.time, takeoffCoordinate: first.coordinate,
            landingCoordinate: last.coordinate, releaseTime: first.time + 60_000, details: details,
            source: .imported(fileName: "test-\(start).igc", sha256: Digest.sha256Hex(Array("\(start)".utf8))),
            maxAltitude: 1000, takeoffAltitude: 100, maxDistanceFromTakeoff: 3200, pathLength: 25_000,
            hasBarometer: true, timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 7200)
        return try store.importFlights(
            track: track, fileName: "test-\(start).igc", sha256: Digest.sha256Hex(Array("\(start)".utf8)),
            flights: [flight]
        )[0]
    }

    /// Three distinct flights: instructor/winch, guest/aerotow, solo/self-launch (ids in that order).
    func fillWithThreeFlights() throws -> [Int64] {
        let store = try FlightStore(path: databasePath, mode: .readWrite)
        let day = CivilDate(year: 2025, month: 5, day: 3).utcMidnight
        return [
            try addFlight(
                store: store, start: day + 9 * 3_600_000,
                details: FlightDetails(
                    pilot: "Jürgen Müller", secondPerson: "Øyvind Ærø", secondPersonRole: .instructor,
                    gliderType: "ASK 21", registration: "D-1234", launchMethod: .winch, releaseHeight: 420,
                    takeoffPlace: "Aachen-Merzbrück")),
            try addFlight(
                store: store, start: day + 13 * 3_600_000,
                details: FlightDetails(
                    pilot: "Jürgen Müller", secondPerson: "Çağrı Şahin", secondPersonRole: .guest,
                    gliderType: "ASK 21", registration: "D-1234", launchMethod: .aerotow,
                    takeoffPlace: "Aachen-Merzbrück")),
            try addFlight(
                store: store, start: day + 40 * Time.millisPerDay + 11 * 3_600_000,
                details: FlightDetails(
                    pilot: "Jürgen Müller", gliderType: "LS 4", registration: "D-1445",
                    launchMethod: .self, takeoffPlace: "Düren")),
        ]
    }
}

/// Runs the real server on a free loopback port for the duration of `body`: for what needs the socket and
/// Hummingbird (connection guards, the HTTP parser, a browser); other page tests use ``withServer``.
func withRealServer<T: Sendable>(
    databasePath: String, passwordHash: String? = nil, statusPath: String? = nil,
    limits: ConnectionLimits = ConnectionLimits(), config base: FlightLogConfig = FlightLogConfig(),
    _ body: @Sendable (RawClient, WebApp) async throws -> T
) async throws -> T {
    var config = base
    config.server.passwordHash = passwordHash
    let app = WebApp(settings: ServerSettings(databasePath: databasePath, config: config, statusPath: statusPath))
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask {
            try await WebServer.run(app: app, address: "127.0.0.1", port: 0, handleSignals: false, limits: limits) {
                port in
                continuation.yield(port)
            }
            return nil
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw TestError("the server did not start") }
        let client = RawClient(port: port)
        let result = try await body(client, app)
        group.cancelAll()
        return result
    }
}
