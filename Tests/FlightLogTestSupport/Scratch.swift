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

/// A TCP port nothing listens on right now: the kernel's pick for a socket bound to 127.0.0.1 port 0, read back and
/// released (a random number instead could hit a port in use). Stops the test process if no socket can be bound.
public func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    precondition(fd >= 0, "no socket for a free port: errno \(errno)")
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
        }
    }
    precondition(bound, "cannot bind a loopback port: errno \(errno)")
    return Int(UInt16(bigEndian: address.sin_port))
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
