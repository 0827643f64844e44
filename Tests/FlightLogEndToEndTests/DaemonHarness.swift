import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `flightlogd` against a real gpsd (gpsfake replaying NMEA) and a fake IIO tree.
enum DaemonHarness {
    static var flightlogd: String { builtExecutable("flightlogd").path }
    static var flightlog: String { builtExecutable("flightlog").path }

    static func script(_ name: String) -> String { packageRoot.appendingPathComponent("scripts/\(name)").path }

    /// gpsfake, the scripts, the daemon binary, sqlite3 and a mount namespace are all available.
    static let isAvailable: Bool = {
        let fm = FileManager.default
        guard fm.isExecutableFile(atPath: flightlogd), fm.isExecutableFile(atPath: flightlog),
            ["gpsfake-env.sh", "fake-iio.sh", "with-fake-iio.sh"].allSatisfy({ fm.fileExists(atPath: script($0)) })
        else { return false }
        return shell(". '\(script("gpsfake-env.sh"))' >/dev/null 2>&1 && command -v gpsfake && command -v sqlite3")
            .status == 0
    }()

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    @discardableResult
    static func shell(_ command: String) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func waitForPort(_ port: Int, seconds: Double = 10) -> Bool {
        let deadline = monotonicSeconds() + seconds
        while monotonicSeconds() < deadline {
            if shell("exec 3<>/dev/tcp/127.0.0.1/\(port)").status == 0 { return true }
            usleep(50_000)
        }
        return false
    }

    /// A short glider flight: ground, takeoff roll, circling, straight glide, landing roll, ground (1 Hz).
    static func flight(groundBefore: Int = 70, airborne: Int = 300, groundAfter: Int = 90) -> [Fix] {
        let start: UTCMillis = 1_749_979_800_000
        var fixes: [Fix] = []
        var north = 0.0, east = 0.0
        let total = groundBefore + 20 + airborne + 20 + groundAfter
        for i in 0..<total {
            let t = i - groundBefore
            var speed = 0.0, heading = 0.0, height = 0.0
            if t >= 0 && t < 20 {
                speed = 1.5 * Double(t)
            } else if t >= 20 && t < 20 + airborne {
                let a = Double(t - 20)
                speed = 30
                heading = a < Double(airborne) / 2 ? a * 0.1 : 0
                height = a < Double(airborne) / 2 ? 2 * a : max(0, Double(airborne) - 2 * (a - Double(airborne) / 2))
            } else if t >= 20 + airborne && t < 40 + airborne {
                speed = max(0, 30 - 1.5 * Double(t - 20 - airborne))
            }
            north += speed * cos(heading)
            east += speed * sin(heading)
            fixes.append(
                Fix(
                    time: start + Int64(i) * 1000, latitude: 47.39 + north / 111_195,
                    longitude: 8.53 + east / 75_300, pressureAltitude: nil, gnssAltitude: 468 + height))
        }
        return fixes
    }

    /// The glider's takeoff and landing times in `flight()`'s defaults.
    static func times(_ fixes: [Fix], groundBefore: Int = 70, airborne: Int = 300) -> (UTCMillis, UTCMillis) {
        (fixes[groundBefore].time, fixes[groundBefore + 40 + airborne].time)
    }
}

/// One test's world: a temporary directory, gpsfake on a private port, a fake barometer, the daemon.
final class DaemonWorld {
    let directory: URL
    /// The gpsd port the daemon connects to.
    var port = freePort()
    var database: String { directory.appendingPathComponent("flights.sqlite").path }
    var statusPath: String { directory.appendingPathComponent("flightlogd.status.json").path }
    var iioTree: URL { directory.appendingPathComponent("iio") }
    private var gpsfake: Process?
    private var observer: Process?
    private var follower: Process?
    private var directGPSD: Process?
    private(set) var daemon: Process?
    var daemonLog: URL { directory.appendingPathComponent("flightlogd.log") }
    var followerLog: URL { directory.appendingPathComponent("follower.log") }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flightlogd-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: daemonLog.path, contents: nil)
    }

    /// Writes the NMEA log and starts gpsfake (pipe mode, once) at `delay` seconds per sentence.
    func startGPSFake(_ nmea: String, delay: Double) throws {
        let log = directory.appendingPathComponent("flight.nmea")
        try nmea.write(to: log, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = [
            "bash", "-c",
            """
            echo $$ >'\(directory.path)/gpsfake.pgid'
            . '\(DaemonHarness.script("gpsfake-env.sh"))' && export TMPDIR='\(directory.path)' && \
            exec timeout 600 gpsfake -1 -p -q -P \(port) -c \(delay) '\(log.path)'
            """,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        gpsfake = process
        try #require(DaemonHarness.waitForPort(port), "gpsfake did not open port \(port)")
    }

    /// Records the arrival (CLOCK_MONOTONIC s) of every TPV with a fix: `arrival utcMillis` lines.
    func startObserver() throws {
        let script = """
            import socket, json, time, sys, datetime
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
            s.sendall(b'?WATCH={"enable":true,"json":true}\\n')
            out = open(sys.argv[2], "w", buffering=1)
            for line in s.makefile("r"):
                t = time.monotonic()
                try:
                    d = json.loads(line)
                except ValueError:
                    continue
                if d.get("class") == "TPV" and d.get("mode", 0) >= 2 and "time" in d:
                    ms = round(datetime.datetime.fromisoformat(d["time"].replace("Z", "+00:00")).timestamp() * 1000)
                    out.write("%.6f %d\\n" % (t, ms))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, "\(port)", directory.appendingPathComponent("observed.txt").path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        observer = process
    }

    /// (arrival, GNSS time) of every fix gpsd delivered so far.
    func observed() -> [(arrival: Double, time: UTCMillis)] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("observed.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let a = Double(parts[0]), let t = Int64(parts[1]) else { return nil }
            return (a, t)
        }
    }

    /// `flightlog replay IGC --iio-tree --follow-gpsd`: creates the fake barometer and keeps it at the flight's
    /// ISA pressure of the UTC instant gpsd is replaying. Returns once the tree exists.
    func startFollower(igc: String, rate: Int = 50) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonHarness.flightlog)
        process.arguments = [
            "replay", igc, "--iio-tree", iioTree.path, "--follow-gpsd", "127.0.0.1:\(port)", "--rate", "\(rate)",
        ]
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: followerLog.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: followerLog)
        try process.run()
        follower = process
        let pressure = iioTree.appendingPathComponent("bus/iio/devices/iio:device0/in_pressure_input").path
        for _ in 0..<250 where !FileManager.default.fileExists(atPath: pressure) { usleep(20_000) }
        try #require(FileManager.default.fileExists(atPath: pressure), "flightlog replay made no fake barometer")
    }

    /// The receiver and the barometer on one clock (`flightlog replay IGC --iio-tree --serve-nmea`), read by a
    /// real gpsd over loopback TCP (`gpsd tcp://…`). The replay runs at real-time priority when allowed (root), so
    /// the simulated world keeps time however loaded the machine is; everything else runs as usual.
    func startReceiverAndGPSD(igc: String, rate: Int = 50, extraArguments: [String] = []) throws {
        // A port of its own: `port + 1` may be any other server's, in this test process or one beside it.
        let receiverPort = freePort()
        var arguments =
            [
                DaemonHarness.flightlog, "replay", igc, "--iio-tree", iioTree.path,
                "--serve-nmea", "127.0.0.1:\(receiverPort)", "--rate", "\(rate)",
            ] + extraArguments
        if DaemonHarness.shell("chrt -f 20 true").status == 0 { arguments = ["chrt", "-f", "20"] + arguments }
        let replay = Process()
        replay.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        replay.arguments = arguments
        replay.standardOutput = FileHandle.nullDevice
        replay.standardError = try FileHandle(forWritingTo: daemonLog)
        try replay.run()
        follower = replay
        let pressure = iioTree.appendingPathComponent("bus/iio/devices/iio:device0/in_pressure_input").path
        for _ in 0..<250 where !FileManager.default.fileExists(atPath: pressure) { usleep(20_000) }
        try #require(FileManager.default.fileExists(atPath: pressure), "flightlog replay made no fake barometer")

        let gpsd = Process()
        gpsd.executableURL = URL(fileURLWithPath: "/usr/sbin/gpsd")
        gpsd.arguments = [
            "-N", "-n", "-b", "-S", "\(port)", "-F", directory.appendingPathComponent("gpsd.sock").path,
            "tcp://127.0.0.1:\(receiverPort)",
        ]
        gpsd.standardOutput = FileHandle.nullDevice
        gpsd.standardError = FileHandle.nullDevice
        try gpsd.run()
        directGPSD = gpsd
        try #require(DaemonHarness.waitForPort(port), "gpsd did not open port \(port)")
    }

    /// The replay started by ``startFollower(igc:rate:)`` or ``startReceiverAndGPSD(igc:rate:extraArguments:)`` still runs.
    var replayIsRunning: Bool { follower?.isRunning ?? false }

    /// How the replay ended ("exit 0", "signal 4" …), nil while it runs or if none was started.
    var replayEnding: String? {
        guard let follower, !follower.isRunning else { return nil }
        return "\(follower.terminationReason == .uncaughtSignal ? "signal" : "exit") \(follower.terminationStatus)"
    }

    /// A fake bmp280 at a fixed pressure (kPa).
    func makeBarometer(kPa: Double = 97.7720625) {
        DaemonHarness.shell("'\(DaemonHarness.script("fake-iio.sh"))' '\(iioTree.path)' bmp280 \(kPa) 21500")
    }

    /// Starts flightlogd; with a barometer it runs inside the fake IIO mount namespace.
    func startDaemon(barometer: Bool, extraArguments: [String] = []) throws {
        let arguments =
            ["--gpsd", "127.0.0.1:\(port)", "--database", database, "--barometer-rate", "25"]
            + ["--barometer", barometer ? "bmp280" : "none"] + extraArguments
        let process = Process()
        if barometer {
            process.executableURL = URL(fileURLWithPath: DaemonHarness.script("with-fake-iio.sh"))
            process.arguments = [iioTree.path, DaemonHarness.flightlogd] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: DaemonHarness.flightlogd)
            process.arguments = arguments
        }
        let log = try FileHandle(forWritingTo: daemonLog)
        log.seekToEndOfFile()
        process.standardError = log
        process.standardOutput = log
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NOTIFY_SOCKET")
        environment.removeValue(forKey: "JOURNAL_STREAM")
        process.environment = environment
        try process.run()
        daemon = process
    }

    /// Waits until `file` holds `text` (a log line of the daemon or the follower).
    func waitFor(_ text: String, in file: URL, seconds: Double = 20) -> Bool {
        let deadline = DaemonHarness.monotonicSeconds() + seconds
        while DaemonHarness.monotonicSeconds() < deadline {
            // Lossy: a crash report in the same log may hold bytes that are not UTF-8.
            if let data = FileManager.default.contents(atPath: file.path),
                String(decoding: data, as: UTF8.self).contains(text)
            {
                return true
            }
            usleep(50_000)
        }
        return false
    }

    func signalDaemon(_ signal: Int32) {
        guard let daemon, daemon.isRunning else { return }
        kill(daemon.processIdentifier, signal)
    }

    /// Waits for the daemon to exit; returns its status (`nil` on timeout).
    @discardableResult
    func waitForDaemon(seconds: Double = 30) -> Int32? {
        guard let daemon else { return nil }
        let deadline = DaemonHarness.monotonicSeconds() + seconds
        while daemon.isRunning && DaemonHarness.monotonicSeconds() < deadline { usleep(20_000) }
        if daemon.isRunning { return nil }
        return daemon.terminationStatus
    }

    /// Waits until the status file reports `time` (the last fix of the log) as recorded, then 2 s more.
    /// gpsfake itself does not always exit at the end of the log.
    @discardableResult
    func waitForLastFix(_ time: UTCMillis, seconds: Double = 120) -> Bool {
        let wanted = iso8601UTC(time)
        let deadline = DaemonHarness.monotonicSeconds() + seconds
        while DaemonHarness.monotonicSeconds() < deadline {
            if let data = FileManager.default.contents(atPath: statusPath),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let last = object["lastFixTime"] as? String, last >= wanted
            {
                sleep(2)
                return true
            }
            usleep(200_000)
        }
        return false
    }

    /// The process group of gpsfake (and its gpsd), written by the shell that starts it.
    private var gpsfakeGroup: Int32? {
        (try? String(contentsOf: directory.appendingPathComponent("gpsfake.pgid"), encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    func sqlite(_ sql: String) -> String {
        DaemonHarness.shell("sqlite3 -readonly '\(database)' \"\(sql)\"").output.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    func integrityCheck() -> String {
        DaemonHarness.shell("sqlite3 '\(database)' 'PRAGMA integrity_check'").output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        if let daemon, daemon.isRunning {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
        }
        if let observer, observer.isRunning { kill(observer.processIdentifier, SIGKILL) }
        if let follower, follower.isRunning { kill(follower.processIdentifier, SIGKILL) }
        if let directGPSD, directGPSD.isRunning { kill(directGPSD.processIdentifier, SIGKILL) }
        if let group = gpsfakeGroup, group > 1 {
            kill(-group, SIGTERM)
            usleep(500_000)
            kill(-group, SIGKILL)
        }
        _ = gpsfake
        if ProcessInfo.processInfo.environment["FLIGHTLOG_KEEP_TEST_FILES"] == nil {
            try? FileManager.default.removeItem(at: directory)
        }
    }
}

/// gpsd reading NMEA from a loopback TCP source, so that gpsd itself can be killed and restarted while the
/// source keeps going (docs/SENSOR-INTERFACES.md).
final class RestartableGPSD {
    let directory: URL
    let port = freePort()
    private var source: Process?
    private(set) var sourcePort = 0
    private var gpsd: Process?

    init(directory: URL) {
        self.directory = directory
    }

    /// The file whose existence lets a paused source start sending.
    private var goFile: URL { directory.appendingPathComponent("source.go") }

    /// Serves the log, one epoch every `delay` seconds, to whoever is connected (epochs sent while nobody
    /// is connected are lost, as with a real receiver). A `paused` source waits for `release()` before its first
    /// epoch, so that every client of gpsd can be connected before the flight starts.
    func startSource(_ nmea: String, delay: Double, paused: Bool = false) throws {
        let log = directory.appendingPathComponent("source.nmea")
        try nmea.write(to: log, atomically: true, encoding: .utf8)
        let script = """
            import socket, sys, threading, time
            import os
            portfile, path, delay, gofile = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
            data = open(path, "rb").read()
            epochs = [b"$GPRMC" + e for e in data.split(b"$GPRMC")[1:]]
            server = socket.socket()
            server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind(("127.0.0.1", 0))
            server.listen(4)
            clients = []
            def accept():
                while True:
                    c, _ = server.accept()
                    clients.append(c)
            threading.Thread(target=accept, daemon=True).start()
            open(portfile, "w").write(str(server.getsockname()[1]))
            while not clients:
                time.sleep(0.01)
            while gofile and not os.path.exists(gofile):
                time.sleep(0.01)
            for e in epochs:
                for c in list(clients):
                    try:
                        c.sendall(e)
                    except OSError:
                        clients.remove(c)
                time.sleep(delay)
            time.sleep(30)
            """
        let portFile = directory.appendingPathComponent("source.port")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, portFile.path, log.path, "\(delay)", paused ? goFile.path : ""]
        try process.run()
        source = process
        for _ in 0..<100 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let port = Int(text) {
                sourcePort = port
                return
            }
            usleep(50_000)
        }
        Issue.record("the NMEA source did not start")
    }

    /// Lets a paused source start sending.
    func release() {
        _ = FileManager.default.createFile(atPath: goFile.path, contents: nil)
    }

    func startGPSD() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/gpsd")
        process.arguments = [
            "-N", "-n", "-b", "-S", "\(port)", "-F", directory.appendingPathComponent("gpsd.sock").path,
            "tcp://127.0.0.1:\(sourcePort)",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        gpsd = process
        try #require(DaemonHarness.waitForPort(port), "gpsd did not open port \(port)")
    }

    func killGPSD() {
        guard let gpsd, gpsd.isRunning else { return }
        kill(gpsd.processIdentifier, SIGKILL)
        gpsd.waitUntilExit()
    }

    deinit {
        killGPSD()
        if let source, source.isRunning { kill(source.processIdentifier, SIGKILL) }
    }
}
