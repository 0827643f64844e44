import FlightLogCore
import FlightLogTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process we started (`bash -c COMMAND` in the package root), in its own process group so that stopping
/// it also stops what it started (timeout → gpsfake → gpsd). Spawned with posix_spawn, a clean signal mask and
/// default signal actions, and reaped with our own waitpid: Foundation's `Process.waitUntilExit` could spin forever
/// in the full test run when it missed the child's exit.
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    private var exited = false

    init(_ command: String, environment: [String: String] = [:], output: URL? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let target = output?.path ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 1, target, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let script = "cd '\(packageRoot.path)' && \(command)"
        let words: [String] = ["/bin/bash", "-c", script]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let variables: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, "/bin/bash", &actions, &attributes, arguments, variables)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        pid = child
    }

    /// True until the child has exited (reaps it when it has).
    var isRunning: Bool {
        if exited { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid || (result < 0 && errno == ECHILD) { exited = true }
        return !exited
    }

    /// SIGTERM to the whole group, a short grace, then SIGKILL; waits for the exit.
    func stop(grace: Double = 2) {
        guard isRunning else { return }
        kill(-pid, SIGTERM)
        let end = Date().addingTimeInterval(grace)
        while isRunning, Date() < end { usleep(20_000) }
        killNow()
    }

    func killNow() {
        kill(-pid, SIGKILL)
        let end = Date().addingTimeInterval(10)
        while isRunning, Date() < end { usleep(10_000) }
    }
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
