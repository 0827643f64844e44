import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Operations done and failures seen by many threads at once.
final class Tally: Sendable {
    private let state = Mutex<(counts: [String: Int], failures: [String])>(([:], []))

    func count(_ kind: String, failure: String? = nil) {
        state.withLock {
            $0.counts[kind, default: 0] += 1
            if let failure { $0.failures.append("\(kind): \(failure)") }
        }
    }

    var counts: [String: Int] { state.withLock { $0.counts } }
    var failures: [String] { state.withLock { $0.failures } }
    var total: Int { counts.values.reduce(0, +) }
}

enum Parallel {
    /// Runs `body(0..<count)` on `count` threads at once and waits for all of them.
    static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for n in 0..<count {
            group.enter()
            Thread {
                body(n)
                group.leave()
            }.start()
        }
        group.wait()
    }

    static let curl = ["/usr/bin/curl", "/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Fetches every path from the server on `port` with ONE curl process (one kept-alive connection, like a
    /// phone) and returns the HTTP status of each request (0 for a connection failure).
    static func fetch(_ paths: [String], port: Int, in directory: URL) throws -> [Int] {
        let config = directory.appendingPathComponent("curl-\(UUID().uuidString).cfg")
        defer { try? FileManager.default.removeItem(at: config) }
        try paths.map { "url = \"http://127.0.0.1:\(port)\($0)\"\noutput = \"/dev/null\"\n" }.joined()
            .write(to: config, atomically: true, encoding: .utf8)
        let result = try runProcess(
            curl ?? "curl", ["-s", "--max-time", "60", "-K", config.path, "-w", "%{http_code}\n"])
        let codes = result.stdout.split(separator: "\n").map { Int($0) ?? 0 }
        return codes + Array(repeating: 0, count: max(0, paths.count - codes.count))
    }
}

/// Stands in for flightlogd: its own read-write store in this process (another process than every CLI command
/// and the server), appending one fix per transaction, opening and closing flights, compacting, and
/// checkpointing at each landing, as the recorder does.
final class DaemonStandIn: Sendable {
    let stop = Atomic<Bool>(false)
    let done = Atomic<Bool>(false)

    func start(database: URL, tally: Tally, minimumOperations: Int) {
        Thread { [self] in
            defer { done.store(true, ordering: .releasing) }
            func step(_ kind: String, _ body: () throws -> Void) {
                do { try body(); tally.count(kind) } catch { tally.count(kind, failure: "\(error)") }
            }
            do {
                let store = try FlightStore(path: database.path, mode: .readWrite)
                let recorder = RecorderInfo(manufacturer: "XFL", serial: "PAR", recorderType: "stand-in")
                let recording = try store.beginRecording(recorder: recorder)
                var time: UTCMillis = 1_767_225_600_000  // 2026-01-01, after every simulated flight
                var n = 0
                var flying: (id: Int64, flight: Flight)?
                while n < minimumOperations || !stop.load(ordering: .relaxed) {
                    n += 1
                    let fix = Fix(
                        time: time, latitude: 50.8 + Double(n % 500) * 1e-5, longitude: 6.1, pressureAltitude: 300,
                        gnssAltitude: 320)
                    step("daemon append") { try store.append(fixes: [fix], toRecording: recording) }
                    if n % 150 == 50 {
                        let flight = Self.flight(takeoff: time)
                        step("daemon takeoff") {
                            flying = (try store.insertFlight(flight, recording: recording, inProgress: true), flight)
                        }
                    } else if n % 150 == 0, let (id, flight) = flying {
                        var landed = flight
                        landed.landingTime = time
                        step("daemon landing") {
                            try store.updateRecordedFacts(of: id, from: landed, inProgress: false)
                            try store.checkpoint()
                        }
                        step("daemon compact") { try store.compactRecording(id: recording) }
                        flying = nil
                    }
                    time += 1000
                    usleep(2000)
                }
            } catch {
                tally.count("daemon open", failure: "\(error)")
            }
        }.start()
    }

    func finish() {
        stop.store(true, ordering: .relaxed)
        while !done.load(ordering: .acquiring) { usleep(5000) }
    }

    static func flight(takeoff: UTCMillis) -> Flight {
        Flight(
            takeoffTime: takeoff, landingTime: takeoff, takeoffCoordinate: Coordinate(latitude: 50.8, longitude: 6.1),
            landingCoordinate: Coordinate(latitude: 50.8, longitude: 6.1),
            details: FlightDetails(pilot: "Stand-in", gliderType: "ASK 21", launchMethod: .winch),
            maxDistanceFromTakeoff: 0, pathLength: 0, hasBarometer: true, timeZoneIdentifier: "Europe/Berlin",
            utcOffsetSeconds: 3600)
    }
}

extension CLI {
    /// Runs `flightlog ARGS` as a user the file permissions apply to: `nobody` (setpriv) when the tests run as
    /// root, who may read anything; else this user.
    static func runAsNobody(_ arguments: [String], readable directory: URL) throws -> ProcessResult {
        let flightlog = builtExecutable("flightlog").path
        guard getuid() == 0 else { return try runProcess(flightlog, arguments) }
        chmod(directory.path, 0o755)
        return try runProcess(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", flightlog] + arguments)
    }
}
