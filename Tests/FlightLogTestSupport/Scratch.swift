import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A fresh, empty directory under the system's temporary directory, named `prefix-UUID`.
public func makeTemporaryDirectory(_ prefix: String = "flightlog-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A loopback TCP port nobody listens on, for a server a test starts (gpsd, the NMEA source, `flightlog serve`).
/// Chosen below the kernel's ephemeral range (`ip_local_port_range`, 32768–60999 by default), so that no
/// outgoing connection can take it as its local port before the server binds it, and a client retrying a
/// server that is down cannot connect to itself; checked free by binding it (the socket is closed again).
/// Between that check and the server's bind another test could pick the same port: each port is handed out once
/// per process, and claimed for the life of the process in a lock file that every test process on the machine
/// shares (scripts/test.sh runs the real-time replays in processes of their own beside the rest).
public func freePort() -> Int {
    let range = 20_000...32_000
    let start = Int.random(in: range)
    for offset in 0..<range.count {
        let port = range.lowerBound + (start - range.lowerBound + offset) % range.count
        if canBind(port) && portClaims.claim(port) { return port }
    }
    preconditionFailure("no free loopback port in 20000-32000")
}

/// The file in which test processes claim ports: a one-byte POSIX record lock at offset `port` (`lockf`), which
/// the kernel releases when the process ends, however it ends.
public let portClaimsFile = "/tmp/flightlog-test-ports.lock"

private let portClaims = PortClaims(path: portClaimsFile)

private final class PortClaims: @unchecked Sendable {
    private let lock = NSLock()
    private let fd: Int32
    private var claimed: Set<Int> = []

    init(path: String) {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        if fd >= 0 { fchmod(fd, 0o666) }  // another user's test run shares it
    }

    /// Whether `port` is now this process's: not handed out before here, and not locked by another process.
    /// The descriptor stays open for the life of the process: closing any descriptor of the file would drop
    /// every lock this process holds on it. Without the file (no /tmp) only the in-process check remains.
    func claim(_ port: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !claimed.contains(port) else { return false }
        if fd >= 0 {
            guard lseek(fd, off_t(port), SEEK_SET) >= 0, lockf(fd, F_TLOCK, 1) == 0 else { return false }
        }
        claimed.insert(port)
        return true
    }
}

private func canBind(_ port: Int) -> Bool { withLoopbackSocket(port, bind) }

/// Calls `call` (`bind` or `connect`) with a new TCP socket and 127.0.0.1:`port`; true when it succeeds.
func withLoopbackSocket(
    _ port: Int, _ call: (Int32, UnsafePointer<sockaddr>?, socklen_t) -> Int32
) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            call(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

/// Polls `condition` every 20 ms for up to `seconds` (of the monotonic clock, so a clock step cannot cut the wait
/// short or stretch it); true as soon as it holds, else its value at the end.
public func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let end = ContinuousClock.now.advanced(by: .seconds(seconds))
    while ContinuousClock.now < end {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
