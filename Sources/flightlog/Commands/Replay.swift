import ArgumentParser
import FlightLogCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `flightlog replay`: turns a recorded flight into what the real sensors would deliver, so the live path
/// (gpsd → libgps, libiio → barometer) can run on a development machine.
struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay an IGC flight as an NMEA log for gpsfake and a fake IIO barometer.",
        discussion: """
            --nmea writes RMC+GGA+GSA epochs for gpsfake; dates before 2017 are moved forward by whole 28-year \
            cycles (same weekdays and leap days), because gpsd shifts older NMEA dates by 1024 weeks.
            --iio-tree creates DIR/bus/iio/devices/iio:device0 (see scripts/with-fake-iio.sh); with \
            --follow-gpsd it then keeps in_pressure_input at the ISA pressure of the flight at the UTC time gpsd \
            is replaying (an epoch starts when gpsd receives its first sentence: TOFF), until gpsd closes the connection.
            --serve-nmea instead makes this process the receiver: it serves the epochs over TCP, each at its own \
            instant (--speed times real time, from when gpsd connects), and keeps the fake barometer on the same \
            clock, as a real receiver and barometer share the physical world's time.
            Faults (UTC of the flight's day): --no-fix sends the epochs of a window without a fix (RMC V, GGA \
            quality 0, time kept), --displace sends one fix --displace-km north of the track, --altitude-spike one \
            with its GNSS altitude 3000 m up, --barometer-missing removes in_pressure_input for a window, \
            --pressure-glitch writes a wrong pressure for 100 ms; --real-time slows a window of a --speed replay \
            to real time.
            Examples:
              flightlog replay flight.igc --nmea /tmp/f.nmea --iio-tree /tmp/iio --follow-gpsd 127.0.0.1:29470
              flightlog replay flight.igc --iio-tree /tmp/iio --serve-nmea 127.0.0.1:29480 &
              gpsd -N -n -S 29470 tcp://127.0.0.1:29480
              flightlog replay f.igc --iio-tree /tmp/iio --serve-nmea 127.0.0.1:29480 --speed 50 --no-fix 10:15:00-10:16:30
            """)

    @Argument(help: ArgumentHelp("The IGC file to replay.", valueName: "file.igc")) var file: String
    @Option(help: ArgumentHelp("Write the NMEA log for gpsfake here.", valueName: "path")) var nmea: String?
    @Option(name: .customLong("iio-tree"), help: ArgumentHelp("Create a fake IIO sysfs tree here.", valueName: "dir"))
    var iioTree: String?
    @Option(name: .customLong("device-name"), help: "IIO device name in the fake tree (bmp280, ms5611 …).")
    var deviceName: String = "bmp280"
    @Option(
        name: .customLong("follow-gpsd"),
        help: ArgumentHelp("Keep the fake pressure in step with this gpsd's epochs.", valueName: "host:port"))
    var followGpsd: String?
    @Option(
        name: .customLong("serve-nmea"),
        help: ArgumentHelp("Be the receiver: serve the epochs in real time on this TCP address.", valueName: "host:port"))
    var serveNMEA: String?
    @Option(help: "Simulated seconds per real second with --serve-nmea.") var speed: Double = 1
    @Option(help: "Seconds from each epoch to its sentences with --serve-nmea (a receiver's output delay).")
    var latency: Double = 0
    @Option(help: "Pressure writes per second while following gpsd or serving.") var rate: Double = 25
    @Option(name: .customLong("geoid-separation"), help: "Geoid height above the ellipsoid for GGA, metres.")
    var geoidSeparation: Double = 48
    @Option(
        name: .customLong("no-fix"),
        help: ArgumentHelp("Epochs in this UTC window have no fix (HH:MM:SS-HH:MM:SS; open end: to the end).", valueName: "window"))
    var noFix: [String] = []
    @Option(help: ArgumentHelp("Send the first fix from this UTC time on far off the track (HH:MM:SS).", valueName: "time"))
    var displace: [String] = []
    @Option(name: .customLong("displace-km"), help: "How far north --displace moves a fix, km.") var displaceKm: Double = 55
    @Option(
        name: .customLong("altitude-spike"),
        help: ArgumentHelp("Send the first fix from this UTC time on with its GNSS altitude 3000 m up (HH:MM:SS).", valueName: "time"))
    var altitudeSpike: [String] = []
    @Option(
        name: .customLong("pressure-glitch"),
        help: ArgumentHelp(
            "Write a wrong pressure for 100 ms at this UTC time: HH:MM:SS=25000 (Pa) or HH:MM:SS=+800 (Pa above the true one).",
            valueName: "time=pa"))
    var pressureGlitch: [String] = []
    @Option(
        name: .customLong("barometer-missing"),
        help: ArgumentHelp("Remove in_pressure_input during this UTC window (with --serve-nmea).", valueName: "window"))
    var barometerMissing: [String] = []
    @Option(
        name: .customLong("real-time"),
        help: ArgumentHelp("Run at real time instead of --speed in this UTC window (with --serve-nmea).", valueName: "window"))
    var realTime: [String] = []
    @Option(
        name: .customLong("hold-until"),
        help: ArgumentHelp("With --serve-nmea, start the flight only once this file exists.", valueName: "path"))
    var holdUntil: String?

    func validate() throws {
        if nmea == nil && iioTree == nil && serveNMEA == nil {
            throw ValidationError("Give --nmea PATH, --iio-tree DIR and/or --serve-nmea HOST:PORT.")
        }
        if followGpsd != nil && serveNMEA != nil { throw ValidationError("--follow-gpsd and --serve-nmea exclude each other.") }
        if let serveNMEA, Self.hostPort(serveNMEA) == nil {
            throw ValidationError("--serve-nmea must look like 127.0.0.1:29480.")
        }
        if !(speed > 0 && speed <= 1000) { throw ValidationError("--speed must be above 0 and at most 1000.") }
        if !(0...2).contains(latency) { throw ValidationError("--latency must be 0…2 seconds.") }
        if followGpsd != nil && iioTree == nil { throw ValidationError("--follow-gpsd needs --iio-tree DIR.") }
        if let followGpsd, Self.hostPort(followGpsd) == nil {
            throw ValidationError("--follow-gpsd must look like 127.0.0.1:2947.")
        }
        if !(1...200).contains(rate) { throw ValidationError("--rate must be 1…200 writes per second.") }
        if deviceName.isEmpty || deviceName.contains("/") { throw ValidationError("--device-name must be a plain name.") }
        if serveNMEA == nil && !(barometerMissing.isEmpty && realTime.isEmpty && holdUntil == nil) {
            throw ValidationError("--barometer-missing, --real-time and --hold-until need --serve-nmea.")
        }
        if !barometerMissing.isEmpty && iioTree == nil { throw ValidationError("--barometer-missing needs --iio-tree DIR.") }
        if !pressureGlitch.isEmpty && (iioTree == nil || serveNMEA == nil) {
            throw ValidationError("--pressure-glitch needs --iio-tree DIR and --serve-nmea.")
        }
        for glitch in pressureGlitch where ReplayFaults.PressureGlitch.parse(glitch, start: 0) == nil {
            throw ValidationError("\(glitch) is not a glitch like 10:15:00=25000 or 10:15:00=+800 (pascals).")
        }
        if !(0...20_000).contains(displaceKm) { throw ValidationError("--displace-km must be 0…20000.") }
        for window in noFix + barometerMissing + realTime where ReplayFaults.window(window, start: 0) == nil {
            throw ValidationError("\(window) is not a UTC window like 10:15:00-10:16:30.")
        }
        for time in displace + altitudeSpike where ReplayFaults.time(time, start: 0) == nil {
            throw ValidationError("\(time) is not a UTC time like 10:15:00.")
        }
    }

    /// The faults and the real-time windows given on the command line, on the day of `fixes`.
    func faults(for fixes: [Fix]) -> (ReplayFaults, realTime: [ClosedRange<UTCMillis>]) {
        let start = fixes[0].time
        let windows = { (texts: [String]) in texts.compactMap { ReplayFaults.window($0, start: start) } }
        let faults = ReplayFaults(
            noFix: windows(noFix), displaced: displace.compactMap { ReplayFaults.time($0, start: start) },
            displacementMeters: displaceKm * 1000,
            altitudeSpikes: altitudeSpike.compactMap { ReplayFaults.time($0, start: start) },
            barometerMissing: windows(barometerMissing),
            pressureGlitches: pressureGlitch.compactMap { ReplayFaults.PressureGlitch.parse($0, start: start) })
        return (faults, windows(realTime))
    }

    func run() async throws {
        let fixes = try Self.readFixes(file)
        let shift = NMEAWriter.dateShift(for: fixes)
        let (faults, realTimeWindows) = faults(for: fixes)
        if let nmea {
            let log = NMEAWriter.log(faults.apply(to: fixes), dateShift: shift, geoidSeparation: geoidSeparation)
            try Data(log.utf8).write(to: URL(fileURLWithPath: nmea), options: .atomic)
            let years = shift / NMEAWriter.shiftCycle * 28
            Self.say("Wrote \(nmea): \(fixes.count) epochs" + (shift == 0 ? "." : ", dates moved forward by \(years) years."))
        }
        let listener = try serveNMEA.flatMap(Self.hostPort).map { try SimulatedReceiver.listen(host: $0.0, port: $0.1) }
        var tree: FakeIIOTree?
        let timeline = PressureTimeline(fixes: fixes)
        if let iioTree {
            guard let start = timeline.startTime, let startPressure = timeline.pressure(at: start) else {
                throw ReplayError("the flight has no altitude to turn into pressure")
            }
            tree = try FakeIIOTree(root: iioTree, deviceName: deviceName, pascals: startPressure)
            Self.say("Created \(tree!.deviceDirectory) at \(Self.hectopascals(startPressure)) hPa.")
        }
        if let serveNMEA, let listener, let (host, port) = Self.hostPort(serveNMEA) {
            var receiver = SimulatedReceiver(
                host: host, port: port, fixes: fixes, dateShift: shift, tree: tree, rate: rate,
                schedule: ReplaySchedule(start: fixes[0].time, speed: speed, realTime: realTimeWindows),
                latencySeconds: latency, faults: faults, holdUntil: holdUntil)
            Self.say("Serving \(fixes.count) epochs on \(serveNMEA) at \(speed)× real time once gpsd connects.")
            try receiver.run(listener: listener)
            Self.say("Sent \(receiver.epochsSent) epochs, wrote \(receiver.writes) pressures.")
            return
        }
        guard let tree, let followGpsd, let (host, port) = Self.hostPort(followGpsd) else { return }
        var follower = GPSDFollower(host: host, port: port, timeline: timeline, dateShift: shift, tree: tree, rate: rate)
        try follower.run()
        Self.say("gpsd closed: followed \(follower.positions) epochs, wrote \(follower.writes) pressures.")
    }

    static func readFixes(_ path: String) throws -> [Fix] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReplayError("cannot read \(path) (does it exist?)")
        }
        let fixes = try IGCReader.read([UInt8](data)).track.fixes
        guard !fixes.isEmpty else { throw ReplayError("\(path) has no B records to replay") }
        return fixes
    }

    static func hostPort(_ text: String) -> (String, UInt16)? {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]),
            colon > text.startIndex
        else { return nil }
        return (String(text[..<colon]), port)
    }

    static func hectopascals(_ pascals: Double) -> String {
        let centi = Int((pascals).rounded())
        return "\(centi / 100).\(pad(centi % 100, 2))"
    }

    /// One line on standard error (stdout stays free for pipes).
    static func say(_ text: String) {
        let line = text + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }
}

struct ReplayError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A fake IIO sysfs tree (SENSORS.md §5): `ROOT/bus/iio/devices/iio:device0/{name,in_pressure_input,in_temp_input}`.
struct FakeIIOTree {
    let root: URL
    let deviceDirectory: String
    private let pressurePath: String
    private let temporaryPath: String

    init(root: String, deviceName: String, pascals: Double) throws {
        self.root = URL(fileURLWithPath: root)
        let device = self.root.appendingPathComponent("bus/iio/devices/iio:device0")
        deviceDirectory = device.path
        pressurePath = device.appendingPathComponent("in_pressure_input").path
        // Outside the device directory (else libiio lists it as an attribute), same filesystem (rename).
        temporaryPath = self.root.appendingPathComponent(".in_pressure_input.tmp").path
        do {
            try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
            try Data("\(deviceName)\n".utf8).write(to: device.appendingPathComponent("name"))
            try Data("25000\n".utf8).write(to: device.appendingPathComponent("in_temp_input"))  // 25 °C die
        } catch {
            throw ReplayError("cannot create the fake IIO tree in \(root): \(error.localizedDescription)")
        }
        try write(pascals: pascals)
    }

    /// Removes `in_pressure_input` (a barometer that does not answer); the next ``write(pascals:)`` restores it.
    func removePressure() {
        unlink(pressurePath)
    }

    /// Replaces `in_pressure_input` atomically with kPa printed as the kernel does (`%d.%09u`, truncated).
    func write(pascals: Double) throws {
        let nanoKilopascals = Int64((pascals * 1e6).rounded(.down))
        let text = "\(nanoKilopascals / 1_000_000_000).\(pad(Int(nanoKilopascals % 1_000_000_000), 9))\n"
        guard FileManager.default.createFile(atPath: temporaryPath, contents: Data(text.utf8)),
            rename(temporaryPath, pressurePath) == 0
        else { throw ReplayError("cannot write \(pressurePath): \(String(cString: strerror(errno)))") }
    }
}

/// Follows gpsd (plain JSON over TCP, no libgps) and keeps the fake barometer at the pressure of the UTC
/// instant the replay is at. That instant is the simulated world's clock: epoch `t` happens when gpsd receives
/// the first sentence of `t` (as a receiver sends its first sentence right after the epoch), which gpsd
/// reports in its TOFF message with its own clock reading, free of this process's scheduling delays; a TPV's
/// arrival counts only for an epoch without TOFF. Between epochs the clock runs at the rate of the last two
/// (replays may run faster than real time).
struct GPSDFollower {
    let host: String
    let port: UInt16
    let timeline: PressureTimeline
    let dateShift: Int64
    let tree: FakeIIOTree
    let rate: Double
    private(set) var positions = 0
    private(set) var writes = 0
    private var clock = ReplayClock()

    init(host: String, port: UInt16, timeline: PressureTimeline, dateShift: Int64, tree: FakeIIOTree, rate: Double) {
        self.host = host
        self.port = port
        self.timeline = timeline
        self.dateShift = dateShift
        self.tree = tree
        self.rate = rate
    }

    mutating func run() throws {
        let socket = try connectRetrying(seconds: 10)
        defer { close(socket) }
        let watch = Array(#"?WATCH={"enable":true,"json":true,"pps":true};"#.utf8)
        guard send(socket, watch, watch.count, Int32(MSG_NOSIGNAL)) == watch.count else {
            throw ReplayError("cannot send WATCH to gpsd at \(host):\(port)")
        }
        Replay.say("Following gpsd at \(host):\(port).")
        let period = UInt64(1e9 / rate)
        var nextWrite = ReplayClock.nowNanos()
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let now = ReplayClock.nowNanos()
            if now >= nextWrite {
                if let utc = clock.utc(atMonotonic: now), let pascals = timeline.pressure(at: utc - dateShift) {
                    try tree.write(pascals: pascals)
                    writes += 1
                }
                nextWrite = max(nextWrite + period, now)
            }
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let waitMillis = Int32((nextWrite - min(nextWrite, ReplayClock.nowNanos())) / 1_000_000)
            guard poll(&poller, 1, waitMillis) >= 0 || errno == EINTR else {
                throw ReplayError("polling gpsd failed: \(String(cString: strerror(errno)))")
            }
            guard poller.revents != 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return }  // gpsd closed (end of the gpsfake log)
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[..<newline]
                pending.removeSubrange(...newline)
                let text = String(decoding: line, as: UTF8.self)
                if let (utc, monotonic) = Self.cycleStart(toff: text) ?? Self.tpvTime(text).map({ ($0, ReplayClock.nowNanos()) }),
                    clock.add(utc: utc, monotonic: monotonic)
                {
                    positions += 1
                }
            }
        }
    }

    private func connectRetrying(seconds: Double) throws -> Int32 {
        let deadline = ReplayClock.nowNanos() + UInt64(seconds * 1e9)
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        while true {
            var list: UnsafeMutablePointer<addrinfo>?
            if getaddrinfo(host, String(port), &hints, &list) == 0, let list {
                defer { freeaddrinfo(list) }
                let fd = socket(list.pointee.ai_family, list.pointee.ai_socktype, list.pointee.ai_protocol)
                if fd >= 0, connect(fd, list.pointee.ai_addr, list.pointee.ai_addrlen) == 0 { return fd }
                if fd >= 0 { close(fd) }
            }
            guard ReplayClock.nowNanos() < deadline else {
                throw ReplayError("cannot connect to gpsd at \(host):\(port) (is gpsfake running?)")
            }
            usleep(100_000)
        }
    }

    /// A TOFF line: the epoch's UTC (`real_sec/nsec`) and, as `CLOCK_MONOTONIC` nanoseconds, the instant gpsd
    /// received its first data (`clock_sec/nsec`, on `CLOCK_REALTIME`).
    static func cycleStart(toff line: String) -> (UTCMillis, UInt64)? {
        guard line.contains(#""class":"TOFF""#), let real = number("real_sec", line), let clock = number("clock_sec", line)
        else { return nil }
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        let age = (Int64(wall.tv_sec) - clock) * 1_000_000_000 + Int64(wall.tv_nsec) - (number("clock_nsec", line) ?? 0)
        let now = ReplayClock.nowNanos()
        guard (0...2_000_000_000).contains(age), UInt64(age) < now else { return nil }
        return (real * 1000 + ((number("real_nsec", line) ?? 0) + 500_000) / 1_000_000, now - UInt64(age))
    }

    /// The `time` of a TPV line with a fix (mode ≥ 2), as UTC millis.
    static func tpvTime(_ line: String) -> UTCMillis? {
        guard line.contains(#""class":"TPV""#), (number("mode", line) ?? 0) >= 2,
            let key = line.range(of: #""time":""#), let end = line[key.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return parseISOTime(String(line[key.upperBound..<end]))
    }

    /// The integer after `"key":` in a JSON line.
    static func number(_ key: String, _ line: String) -> Int64? {
        guard let range = line.range(of: "\"\(key)\":") else { return nil }
        return Int64(line[range.upperBound...].prefix { $0.isNumber || $0 == "-" })
    }

    /// `2025-06-15T09:30:01.000Z` → UTC millis.
    static func parseISOTime(_ text: String) -> UTCMillis? {
        guard text.hasSuffix("Z"), let t = text.firstIndex(of: "T"), let date = CivilDate(iso: String(text[..<t]))
        else { return nil }
        let clock = text[text.index(after: t)..<text.index(before: text.endIndex)].split(separator: ":")
        guard clock.count == 3, let h = Int64(clock[0]), let m = Int64(clock[1]), let s = Double(clock[2]) else {
            return nil
        }
        return date.utcMidnight + h * 3_600_000 + m * 60_000 + Int64((s * 1000).rounded())
    }
}

/// Maps CLOCK_MONOTONIC to the UTC of the replay from the last two epoch starts (rate and offset), never
/// extrapolating more than one fix interval past the newest.
struct ReplayClock {
    private var previous: (utc: UTCMillis, monotonic: UInt64)?
    private var last: (utc: UTCMillis, monotonic: UInt64)?

    static func nowNanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Adds an epoch start; `false` (ignored) when it is not newer than the last one.
    @discardableResult
    mutating func add(utc: UTCMillis, monotonic: UInt64) -> Bool {
        if let last, utc <= last.utc { return false }
        previous = last
        last = (utc, monotonic)
        return true
    }

    func utc(atMonotonic now: UInt64) -> UTCMillis? {
        guard let last else { return nil }
        guard let previous, last.monotonic > previous.monotonic, now > last.monotonic else { return last.utc }
        let interval = last.utc - previous.utc
        let millisPerNano = Double(interval) / Double(last.monotonic - previous.monotonic)
        let ahead = Int64(Double(now - last.monotonic) * millisPerNano)
        return last.utc + min(ahead, interval)
    }
}
