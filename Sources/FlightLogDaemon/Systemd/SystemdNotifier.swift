import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `sd_notify(3)` without libsystemd: one `AF_UNIX` datagram per notification to `$NOTIFY_SOCKET`.
///
/// When `NOTIFY_SOCKET` is unset or empty (a terminal, a test) every call is a no-op. The watchdog interval
/// is half of `WATCHDOG_USEC`, and only when `WATCHDOG_PID` is unset or names this process.
package struct SystemdNotifier: Sendable {
    /// The socket path; a leading `@` means the abstract namespace.
    package let socketPath: String?
    /// How often to send `WATCHDOG=1` (half the configured watchdog timeout), or `nil` without a watchdog.
    package let watchdogInterval: Duration?

    package init(environment: [String: String] = ProcessInfo.processInfo.environment, pid: Int32 = getpid()) {
        let path = environment["NOTIFY_SOCKET"] ?? ""
        socketPath = path.isEmpty ? nil : path
        let watchdogPID = environment["WATCHDOG_PID"].flatMap { Int32($0) }
        if let usec = environment["WATCHDOG_USEC"].flatMap({ UInt64($0) }), usec > 0,
            watchdogPID == nil || watchdogPID == pid
        {
            watchdogInterval = .microseconds(Int64(usec / 2))
        } else {
            watchdogInterval = nil
        }
    }

    package var isEnabled: Bool { socketPath != nil }

    /// `READY=1` with a status line.
    @discardableResult package func ready(status: String) -> Bool { send("READY=1\nSTATUS=\(status)") }
    /// `WATCHDOG=1`: "still alive and healthy".
    @discardableResult package func watchdog() -> Bool { send("WATCHDOG=1") }
    /// `STOPPING=1` with a status line.
    @discardableResult package func stopping(status: String) -> Bool { send("STOPPING=1\nSTATUS=\(status)") }
    /// A free-text `STATUS=` line (shown by `systemctl status`).
    @discardableResult package func status(_ text: String) -> Bool { send("STATUS=\(text)") }

    /// Sends newline-separated assignments as one datagram.
    /// - Returns: `true` when it was sent; `false` without a socket or when sending failed (never fatal).
    @discardableResult
    package func send(_ message: String) -> Bool {
        guard let socketPath else { return false }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketPath.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }
        guard !path.isEmpty, path.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        // Abstract addresses have an exact length; path addresses count their terminating NUL.
        let length = MemoryLayout<sa_family_t>.size + path.count + (path[0] == 0 ? 0 : 1)

        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                sendto(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL), socketAddress, socklen_t(length))
            }
        }
        return sent == bytes.count
    }
}
