import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The built `flightlog serve` on a free loopback port, for a test that needs the real executable (its command
/// line, its environment, its process): started by `init`, ready when ``waitReady(seconds:)`` says so, stopped by
/// ``stop()`` or when released. What it writes goes to files in the test's folder: ``log`` (standard error) and
/// ``output`` (standard output). Page tests that only need HTTP in and out call the web app in process instead.
public final class ServeProcess: @unchecked Sendable {
    public let port: Int
    /// The server's standard error (its warnings), read with ``logText``.
    public let log: URL
    /// The server's standard output (its start line), read with ``outputText``.
    public let output: URL
    private let process = Process()

    /// Starts `flightlog serve --address 127.0.0.1 --port N` followed by `arguments`. `environment` goes over this
    /// process's, after `XDG_CONFIG_HOME` and `XDG_CACHE_HOME` in `directory` (so no user's config or cache is
    /// read). `launcher` is a command that ends by running its arguments (`exec "$@"`), e.g. to give the server a
    /// mount namespace of its own.
    public init(
        _ arguments: [String] = [], environment: [String: String] = [:], in directory: URL,
        launcher: [String] = []
    ) throws {
        port = freePort()
        log = directory.appendingPathComponent("serve-\(port).log")
        output = directory.appendingPathComponent("serve-\(port).out")
        let command =
            launcher + [builtExecutable("flightlog").path, "serve", "--address", "127.0.0.1", "--port", "\(port)"]
            + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        var merged = ProcessInfo.processInfo.environment
        merged["XDG_CONFIG_HOME"] = directory.appendingPathComponent("no-config").path
        merged["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        merged.merge(environment) { $1 }
        process.environment = merged
        for file in [log, output] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
    }

    /// Waits until the port takes a connection (true), or the server has ended or `seconds` have passed (false).
    public func waitReady(seconds: Double = 10) -> Bool {
        waitUntil(seconds: seconds) { !process.isRunning || canConnect(port) } && process.isRunning
    }

    /// ``waitReady(seconds:)`` with its default wait.
    public var isReady: Bool { waitReady() }

    /// What the server wrote to standard error so far.
    public var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// What the server wrote to standard output so far.
    public var outputText: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// The exit status once the server has ended; `nil` while it runs.
    public var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }

    /// SIGTERM, then waits for the server to end.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Whether something on this machine accepts a TCP connection on `port` of 127.0.0.1.
private func canConnect(_ port: Int) -> Bool { withLoopbackSocket(port, connect) }
