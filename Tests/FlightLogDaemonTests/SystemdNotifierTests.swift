import Foundation
import Testing

@testable import FlightLogDaemon

#if canImport(Glibc)
import Glibc
#endif

/// A bound datagram socket standing in for systemd's notification socket.
private final class FakeNotifySocket {
    let fd: Int32
    let address: String

    /// - Parameter address: a file path, or `@name` for the abstract namespace.
    init(address: String) throws {
        self.address = address
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(address.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &addr.sun_path) { $0.copyBytes(from: bytes) }
        let length = MemoryLayout<sa_family_t>.size + bytes.count + (bytes[0] == 0 ? 0 : 1)
        let result = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(length)) }
        }
        try #require(result == 0, "bind \(address): errno \(errno)")
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    deinit {
        close(fd)
        if !address.hasPrefix("@") { unlink(address) }
    }
}

@Suite struct SystemdNotifierTests {
    @Test(arguments: ["path", "abstract"])
    func sendsNotificationsToTheSocket(kind: String) throws {
        let name = "flightlog-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let address = kind == "path" ? NSTemporaryDirectory() + name : "@" + name
        let socket = try FakeNotifySocket(address: address)
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": address])
        #expect(notifier.isEnabled)
        #expect(notifier.ready(status: "Recording, on ground"))
        #expect(socket.receive() == "READY=1\nSTATUS=Recording, on ground")
        #expect(notifier.watchdog())
        #expect(socket.receive() == "WATCHDOG=1")
        #expect(notifier.stopping(status: "Stopping"))
        #expect(socket.receive() == "STOPPING=1\nSTATUS=Stopping")
    }

    @Test func withoutSocketEverythingIsANoOp() {
        let notifier = SystemdNotifier(environment: [:])
        #expect(!notifier.isEnabled)
        #expect(!notifier.ready(status: "x"))
        #expect(notifier.watchdogInterval == nil)
        #expect(!SystemdNotifier(environment: ["NOTIFY_SOCKET": ""]).isEnabled)
    }

    @Test func missingSocketIsNotFatal() {
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": "/nonexistent/flightlog/notify"])
        #expect(!notifier.watchdog())
    }

    @Test func watchdogIntervalIsHalfTheTimeoutForThisProcessOnly() {
        let usec = ["NOTIFY_SOCKET": "@x", "WATCHDOG_USEC": "30000000"]
        #expect(SystemdNotifier(environment: usec, pid: 42).watchdogInterval == .seconds(15))
        #expect(
            SystemdNotifier(environment: usec.merging(["WATCHDOG_PID": "42"]) { $1 }, pid: 42).watchdogInterval
                == .seconds(15))
        #expect(
            SystemdNotifier(environment: usec.merging(["WATCHDOG_PID": "43"]) { $1 }, pid: 42).watchdogInterval == nil)
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "0"], pid: 42).watchdogInterval == nil)
    }
}
