import FlightLogCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The package root (tests run scripts from `scripts/`).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A fresh temporary directory per test.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flightlog-sensors-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A child process we started, stopped by PID only.
final class ChildProcess: @unchecked Sendable {
    let process = Process()

    init(_ command: String, environment: [String: String] = [:], output: URL? = nil) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let output {
            FileManager.default.createFile(atPath: output.path, contents: nil)
            let handle = try FileHandle(forWritingTo: output)
            process.standardOutput = handle
            process.standardError = handle
        }
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// SIGTERM, a short grace, then SIGKILL; waits for the exit.
    func stop(grace: Double = 2) {
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        let end = Date().addingTimeInterval(grace)
        while process.isRunning, Date() < end { usleep(20_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    func killNow() {
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }
}

/// A TCP port nobody listens on right now (the kernel's pick).
func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, length)
            return getsockname(fd, $0, &length)
        }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts TCP connections on 127.0.0.1:`port`.
func isListening(_ port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

/// Polls `condition` every 20 ms for up to `seconds`.
func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// A test flight: `count` fixes one second apart from 2025-06-15 09:30:00 UTC, climbing and drifting east;
/// the first `invalid` fixes are without GNSS fix.
func sampleFixes(count: Int, invalid: Int = 0, start: UTCMillis = 1_749_979_800_000) -> [Fix] {
    (0..<count).map { i in
        Fix(
            time: start + Int64(i) * 1000, isValid: i >= invalid,
            latitudeE7: 473_916_667 + Int32(i) * 1234, longitudeE7: 85_375_000 + Int32(i) * 2345,
            pressureAltitudeDm: 4200 + Int32(i) * 7, gnssAltitudeDm: 4680 + Int32(i) * 9)
    }
}

/// CPU seconds used so far by this process's threads named `name` (from /proc/self/task/*/stat).
func threadCPUSeconds(named name: String) -> Double {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    var ticks = 0
    for task in tasks {
        guard let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8),
            comm.trimmingCharacters(in: .whitespacesAndNewlines) == name,
            let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        ticks += (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)  // utime, stime
    }
    return Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// Collects events until `done(events)` is true or `seconds` pass, then stops the stream (cancels the reader).
func collect<Event: Sendable>(
    _ stream: AsyncStream<Event>, seconds: Double, until done: @escaping @Sendable ([Event]) -> Bool
) async -> [Event] {
    await withTaskGroup(of: [Event]?.self) { group in
        group.addTask {
            var events: [Event] = []
            for await event in stream {
                events.append(event)
                if done(events) { break }
            }
            return events
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        // The first non-nil result is the collector's; a timeout cancels it (which ends the for-await).
        var result: [Event] = []
        while let next = await group.next() {
            if let events = next {
                result = events
                break
            }
            group.cancelAll()
        }
        group.cancelAll()
        return result
    }
}
