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
public func freePort() -> Int {
    for _ in 0..<200 {
        let port = Int.random(in: 20_000...32_000)
        if canBind(port) { return port }
    }
    preconditionFailure("no free loopback port in 20000-32000")
}

private func canBind(_ port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
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
