import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What lets test processes run side by side (scripts/test.sh runs each real-time replay suite in a process of its
/// own beside the rest): no port handed out twice, in one process or across processes.
@Suite(.serialized)
struct SideBySideTests {
    /// Random picks from the 12,001 ports repeat within a few hundred (the birthday bound): 1,000 must not.
    @Test func oneProcessNeverGetsAPortTwice() {
        let ports = (0..<1000).map { _ in freePort() }
        #expect(Set(ports).count == ports.count)
    }

    /// Another process holds every port but a window of 20: this one gets a port in the window.
    @Test(.timeLimit(.minutes(1)))
    func aPortClaimedByAnotherProcessIsNotHandedOut() throws {
        let low = Int.random(in: 20_000...31_900)
        let window = low..<low + 20
        let script = """
            import fcntl, os, sys
            fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o666)
            low, high = int(sys.argv[2]), int(sys.argv[3])
            for port in range(20000, 32001):
                if not low <= port < high:
                    try:
                        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, port, os.SEEK_SET)
                    except OSError:
                        pass  # another process's claim
            print("ready", flush=True)
            sys.stdin.read()
            """
        let child = try Holder(
            ["python3", "-c", script, portClaimsFile, "\(window.lowerBound)", "\(window.upperBound)"])
        let port = freePort()
        child.release()
        #expect(window.contains(port), "got \(port), outside the free window \(window)")
    }

    /// The replay's receiver port is a port of its own: a server on `port + 1` does not stop it.
    @Test(
        .timeLimit(.minutes(1)),
        .enabled(if: DaemonHarness.isAvailable && hasMountNamespace, "needs gpsfake, a mount namespace, the binaries"))
    func aServerOnTheNextPortDoesNotStopTheReplay() throws {
        let world = try DaemonWorld()
        let next = try Holder([
            "python3", "-c",
            "import socket, sys\ns = socket.socket()\ns.bind(('127.0.0.1', int(sys.argv[1])))\ns.listen()\n"
                + "print('ready', flush=True)\nsys.stdin.read()",
            "\(world.port + 1)",
        ])
        defer { next.release() }
        try world.startReceiverAndGPSD(igc: packageRoot.appendingPathComponent("samples/simulated-winch.igc").path)
        try world.startObserver()
        #expect(waitUntil(seconds: 20) { !world.observed().isEmpty }, "gpsd delivered no fix from the replay")
    }
}

/// A helper process that holds something (locks, a port) from its "ready" line until released.
private final class Holder {
    private let process = Process()
    private let input = Pipe()

    init(_ command: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        let line = String(decoding: output.fileHandleForReading.readData(ofLength: 6), as: UTF8.self)
        try #require(line.hasPrefix("ready"), "the helper did not start: \(command.prefix(2))")
    }

    func release() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
