import FlightLogCore
import FlightLogSensors
import FlightLogSimulation
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

private func gpsfakeAvailable() -> Bool {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/bin/bash")
    probe.arguments = ["-c", ". scripts/gpsfake-env.sh >/dev/null 2>&1 && command -v gpsfake >/dev/null"]
    probe.currentDirectoryURL = packageRoot
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
}

private func fixes(in events: [GPSEvent]) -> [GNSSReading] {
    events.compactMap { if case .fix(let reading) = $0 { reading } else { nil } }
}

@Suite(.serialized, .timeLimit(.minutes(2)))
struct GPSDClientTests {
    /// The NMEA log goes through a real gpsd (gpsfake, pipe mode, full speed) and every fix comes back.
    @Test(.enabled(if: gpsfakeAvailable()))
    func everyFixArrivesThroughGpsfake() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let flight = sampleFixes(count: 120, invalid: 3)
        let log = directory.appendingPathComponent("flight.nmea")
        try NMEAWriter.log(flight).write(to: log, atomically: true, encoding: .ascii)
        let port = freePort()
        let fake = try ChildProcess(
            ". scripts/gpsfake-env.sh && exec timeout 60 gpsfake -1 -p -q -P \(port) -c 0 '\(log.path)'",
            environment: ["TMPDIR": directory.path], output: directory.appendingPathComponent("gpsfake.out"))
        defer { fake.stop() }
        #expect(waitUntil(seconds: 10) { isListening(port) })

        let client = GPSDClient(host: "127.0.0.1", port: "\(port)")
        let started = Date()
        let events = await collect(client.events(), seconds: 40) { events in
            // gpsd exits after gpsfake's end of log: the first disconnect after fixes ends the run.
            if case .disconnected = events.last, !fixes(in: events).isEmpty { return true }
            return false
        }
        let seconds = Date().timeIntervalSince(started)
        let readings = fixes(in: events)
        let valid = flight.filter(\.isValid)
        print("gpsfake: \(readings.count) fixes in \(seconds) s = \(Double(readings.count) / seconds) fixes/s")

        #expect(events.first == .connected)
        #expect(readings.count == valid.count)
        for (reading, fix) in zip(readings, valid) {
            #expect(reading.time == fix.time)
            #expect(reading.mode == 3)
            #expect(Int32((reading.latitude * 1e7).rounded()) == fix.latitudeE7)
            #expect(Int32((reading.longitude * 1e7).rounded()) == fix.longitudeE7)
            #expect(reading.altitudeHAE.map { Int32(($0 * 10).rounded()) } == fix.gnssAltitudeDm)
            #expect(reading.eph != nil)
        }
        #expect(zip(readings, readings.dropFirst()).allSatisfy { $0.time < $1.time })
        #expect(
            zip(readings, readings.dropFirst()).allSatisfy {
                $0.receivedAtMonotonicNanos <= $1.receivedAtMonotonicNanos
            })
    }

    /// gpsd absent at first, then killed and restarted: the client keeps retrying and the fixes continue.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd")))
    func reconnectsAfterGpsdRestarts() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try NMEASource(fixes: sampleFixes(count: 3000), epochsPerSecond: 20)
        defer { source.stop() }
        let port = freePort()
        let gpsdCommand =
            "exec /usr/sbin/gpsd -N -n -S \(port) -F '\(directory.path)/gpsd.sock' tcp://127.0.0.1:\(source.port)"
        let client = GPSDClient(host: "127.0.0.1", port: "\(port)", noDataTimeout: 5)
        let stream = client.events()

        // Nobody listens yet: the client reports the outage once and keeps trying.
        var gpsd = try ChildProcess(gpsdCommand, output: directory.appendingPathComponent("gpsd1.log"))
        let first = await collect(stream, seconds: 20) { fixes(in: $0).count >= 10 }
        #expect(first.contains(.connected))
        #expect(fixes(in: first).count >= 10)

        gpsd.stop()
        let restartAt = Date().addingTimeInterval(1.5)
        let gap = await collect(stream, seconds: 10) { events in
            if case .disconnected = events.last { return true }
            return false
        }
        #expect(!gap.isEmpty)
        try await Task.sleep(for: .seconds(max(0, restartAt.timeIntervalSinceNow)))
        gpsd = try ChildProcess(gpsdCommand, output: directory.appendingPathComponent("gpsd2.log"))
        defer { gpsd.stop() }
        let second = await collect(stream, seconds: 25) { fixes(in: $0).count >= 10 }
        #expect(second.contains(.connected))
        #expect(fixes(in: second).count >= 10)

        let all = fixes(in: first + gap + second)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.time < $1.time })
    }
}

/// Serves an NMEA log on a loopback TCP port, `epochsPerSecond` epochs at a time, to whoever connects
/// (gpsd's `tcp://` source); a new connection continues where the last one stopped.
final class NMEASource: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let stopped = NSLock()
    private var isStopped = false

    init(fixes: [Fix], epochsPerSecond: Double) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length)
                return getsockname(fd, $0, &length)
            }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        listen(fd, 4)
        let epochs = zip(fixes, [nil] + fixes.map(Optional.some)).map { fix, previous in
            NMEAWriter.epoch(fix, previous: previous).joined()
        }
        let thread = Thread { [self] in serve(epochs, interval: 1 / epochsPerSecond) }
        thread.start()
    }

    private var shouldStop: Bool { stopped.withLock { isStopped } }

    private func serve(_ epochs: [String], interval: Double) {
        var next = 0
        while !shouldStop, next < epochs.count {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            while !shouldStop, next < epochs.count {
                let bytes = Array(epochs[next].utf8)
                guard send(connection, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { break }
                next += 1
                Thread.sleep(forTimeInterval: interval)
            }
            close(connection)
        }
    }

    func stop() {
        stopped.withLock { isStopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
