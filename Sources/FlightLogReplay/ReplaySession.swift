import FlightLogCore
import FlightLogSimulation
import Foundation

/// `flightlog replay`'s work once its options are read: the NMEA log for gpsfake, the fake IIO tree, and then
/// either serving the epochs as a receiver (``SimulatedReceiver``) or following a gpsd (``GPSDFollower``), with
/// the faults asked for. The fields are the command's options, as given (times and windows as text).
package struct ReplaySession: Sendable {
    package var nmeaPath: String?
    package var iioTree: String?
    package var deviceName = "bmp280"
    package var followGpsd: String?
    package var serveNMEA: String?
    package var speed = 1.0
    package var latency = 0.0
    package var rate = 25.0
    package var geoidSeparation = 48.0
    package var noFix: [String] = []
    package var displace: [String] = []
    package var displaceKm = 55.0
    package var altitudeSpike: [String] = []
    package var pressureGlitch: [String] = []
    package var timeGlitch: [String] = []
    package var barometerMissing: [String] = []
    package var realTime: [String] = []
    /// `--speed-in`: `HH:MM:SS-HH:MM:SS=N`, that window at N× real time.
    package var speedIn: [String] = []
    package var holdUntil: String?

    package init() {}

    /// Why these options cannot go together, or nil: the first problem, in words for the command line.
    package func problem() -> String? {
        if nmeaPath == nil && iioTree == nil && serveNMEA == nil {
            return "Give --nmea PATH, --iio-tree DIR and/or --serve-nmea HOST:PORT."
        }
        if followGpsd != nil && serveNMEA != nil { return "--follow-gpsd and --serve-nmea exclude each other." }
        if let serveNMEA, Self.hostPort(serveNMEA) == nil { return "--serve-nmea must look like 127.0.0.1:29480." }
        if !(speed > 0 && speed <= 1000) { return "--speed must be above 0 and at most 1000." }
        if !(0...2).contains(latency) { return "--latency must be 0…2 seconds." }
        if followGpsd != nil && iioTree == nil { return "--follow-gpsd needs --iio-tree DIR." }
        if let followGpsd, Self.hostPort(followGpsd) == nil { return "--follow-gpsd must look like 127.0.0.1:2947." }
        if !(1...200).contains(rate) { return "--rate must be 1…200 writes per second." }
        if deviceName.isEmpty || deviceName.contains("/") { return "--device-name must be a plain name." }
        if serveNMEA == nil && !(barometerMissing.isEmpty && realTime.isEmpty && speedIn.isEmpty && holdUntil == nil) {
            return "--barometer-missing, --real-time, --speed-in and --hold-until need --serve-nmea."
        }
        for text in speedIn where Self.windowSpeed(text, start: 0) == nil {
            return "\(text) is not a window and speed like 10:15:00-10:30:00=3 (a decimal speed from "
                + "\(Self.slowest) to 1000)."
        }
        if !barometerMissing.isEmpty && iioTree == nil { return "--barometer-missing needs --iio-tree DIR." }
        if !pressureGlitch.isEmpty && (iioTree == nil || serveNMEA == nil) {
            return "--pressure-glitch needs --iio-tree DIR and --serve-nmea."
        }
        for glitch in pressureGlitch where ReplayFaults.PressureGlitch.parse(glitch, start: 0) == nil {
            return "\(glitch) is not a glitch like 10:15:00=25000 or 10:15:00=+800 (pascals)."
        }
        if !timeGlitch.isEmpty && serveNMEA == nil { return "--time-glitch needs --serve-nmea." }
        for glitch in timeGlitch where ReplayFaults.TimeGlitch.parse(glitch, start: 0) == nil {
            return "\(glitch) is not a time glitch like 10:15:00=+3600 (seconds, not 0)."
        }
        if !(0...20_000).contains(displaceKm) { return "--displace-km must be 0…20000." }
        for window in noFix + barometerMissing + realTime where ReplayFaults.window(window, start: 0) == nil {
            return "\(window) is not a UTC window like 10:15:00-10:16:30."
        }
        for time in displace + altitudeSpike where ReplayFaults.time(time, start: 0) == nil {
            return "\(time) is not a UTC time like 10:15:00."
        }
        return nil
    }

    /// The slowest `--speed-in`: slower, an hour of flight would take more than ten hours to replay.
    package static let slowest = 0.1

    /// Why the `--speed-in` and `--real-time` windows do not fit the file whose fixes are `fixes` (not empty), or
    /// nil: each must lie within the file's time (a window that ends before it starts runs past midnight, so it
    /// is only right for a file that does) and none may overlap another.
    package func problem(for fixes: [Fix]) -> String? {
        let (first, last) = (fixes[0].time, fixes[fixes.count - 1].time)
        let fileTime = "\(Self.clock(first))–\(Self.clock(last)) UTC"
        var windows: [(text: String, range: ClosedRange<UTCMillis>)] = []
        for text in realTime { if let w = ReplayFaults.window(text, start: first) { windows.append((text, w)) } }
        for text in speedIn { if let w = Self.windowSpeed(text, start: first) { windows.append((text, w.window)) } }
        for (text, range) in windows
        where range.lowerBound > last || (range.upperBound != UTCMillis.max && range.upperBound > last) {
            return "\(text) ends after the file (\(fileTime)) or before it starts; a window of --speed-in or "
                + "--real-time starts before it ends, within the file's time."
        }
        let sorted = windows.sorted { $0.range.lowerBound < $1.range.lowerBound }
        for (a, b) in zip(sorted, sorted.dropFirst()) where b.range.lowerBound < a.range.upperBound {
            return "\(a.text) and \(b.text) overlap; --speed-in and --real-time windows must not."
        }
        return nil
    }

    /// `10:15:00`: the UTC time of day of `time`.
    static func clock(_ time: UTCMillis) -> String {
        let t = CivilDateTime(utc: time)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(t.hour)):\(two(t.minute)):\(two(t.second))"
    }

    /// The faults and the real-time windows, on the day of `fixes`.
    package func faults(for fixes: [Fix]) -> (ReplayFaults, schedule: ReplaySchedule) {
        let start = fixes[0].time
        let windows = { (texts: [String]) in texts.compactMap { ReplayFaults.window($0, start: start) } }
        let faults = ReplayFaults(
            noFix: windows(noFix), displaced: displace.compactMap { ReplayFaults.time($0, start: start) },
            displacementMeters: displaceKm * 1000,
            altitudeSpikes: altitudeSpike.compactMap { ReplayFaults.time($0, start: start) },
            barometerMissing: windows(barometerMissing),
            pressureGlitches: pressureGlitch.compactMap { ReplayFaults.PressureGlitch.parse($0, start: start) },
            timeGlitches: timeGlitch.compactMap { ReplayFaults.TimeGlitch.parse($0, start: start) })
        let slower = speedIn.compactMap { Self.windowSpeed($0, start: start) }
        return (faults, ReplaySchedule(start: start, speed: speed, realTime: windows(realTime), slower: slower))
    }

    /// `HH:MM:SS-HH:MM:SS=3`: a window (``ReplayFaults/window(_:start:)``, not ending where it starts) and
    /// its speed, a plain decimal (no hex, exponent or sign) from ``slowest`` to 1000.
    static func windowSpeed(_ text: String, start: UTCMillis) -> (window: ClosedRange<UTCMillis>, speed: Double)? {
        guard let equals = text.lastIndex(of: "="),
            let window = ReplayFaults.window(String(text[..<equals]), start: start),
            window.lowerBound < window.upperBound,
            case let number = text[text.index(after: equals)...],
            number.allSatisfy({ $0 == "." || ("0"..."9").contains($0) }),
            let speed = Double(number), speed >= slowest, speed <= 1000
        else { return nil }
        return (window, speed)
    }

    /// The fixes of the IGC file at `path`, read by `readFile` as every file a user brings (FlightLogConfigFile's
    /// `InputFile`: a regular file within `maxBytes`, nil when it cannot be read; a FIFO or device is refused, not
    /// read forever).
    package static func readFixes(
        _ path: String, readFile: (_ path: String, _ maxBytes: Int) throws -> [UInt8]?
    ) throws -> [Fix] {
        let bytes: [UInt8]?
        do { bytes = try readFile(path, IGCReader.maxFileSize) } catch { throw ReplayError("\(error)") }
        guard let bytes else { throw ReplayError("cannot read \(path) (does it exist?)") }
        let fixes = try IGCReader.read(bytes).track.fixes
        guard !fixes.isEmpty else { throw ReplayError("\(path) has no B records to replay") }
        return fixes
    }

    /// Replays `fixes` (not empty), saying each step on standard error (``ReplayLog``).
    package func run(_ fixes: [Fix]) throws {
        let shift = NMEAWriter.dateShift(for: fixes)
        let (faults, schedule) = faults(for: fixes)
        if let nmeaPath {
            let log = NMEAWriter.log(faults.apply(to: fixes), dateShift: shift, geoidSeparation: geoidSeparation)
            try Data(log.utf8).write(to: URL(fileURLWithPath: nmeaPath), options: .atomic)
            let years = shift / NMEAWriter.shiftCycle * 28
            ReplayLog.say(
                "Wrote \(nmeaPath): \(fixes.count) epochs"
                    + (shift == 0 ? "." : ", dates moved forward by \(years) years."))
        }
        let listener = try serveNMEA.flatMap(Self.hostPort).map { try SimulatedReceiver.listen(host: $0.0, port: $0.1) }
        var tree: FakeIIOTree?
        let timeline = PressureTimeline(fixes: fixes)
        if let iioTree {
            guard let start = timeline.startTime, let startPressure = timeline.pressure(at: start) else {
                throw ReplayError("the flight has no altitude to turn into pressure")
            }
            tree = try FakeIIOTree(root: iioTree, deviceName: deviceName, pascals: startPressure)
            ReplayLog.say("Created \(tree!.deviceDirectory) at \(ReplayLog.hectopascals(startPressure)) hPa.")
        }
        if let serveNMEA, let listener, let (host, port) = Self.hostPort(serveNMEA) {
            var receiver = SimulatedReceiver(
                host: host, port: port, fixes: fixes, dateShift: shift, tree: tree, rate: rate,
                schedule: schedule,
                latencySeconds: latency, faults: faults, holdUntil: holdUntil)
            ReplayLog.say("Serving \(fixes.count) epochs on \(serveNMEA) at \(speed)× real time once gpsd connects.")
            try receiver.run(listener: listener)
            ReplayLog.say("Sent \(receiver.epochsSent) epochs, wrote \(receiver.writes) pressures.")
            return
        }
        guard let tree, let followGpsd, let (host, port) = Self.hostPort(followGpsd) else { return }
        var follower = GPSDFollower(
            host: host, port: port, timeline: timeline, dateShift: shift, tree: tree, rate: rate)
        try follower.run()
        ReplayLog.say("gpsd closed: followed \(follower.positions) epochs, wrote \(follower.writes) pressures.")
    }

    /// `127.0.0.1:29480` as host and port; nil without a port after the last colon.
    package static func hostPort(_ text: String) -> (String, UInt16)? {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]),
            colon > text.startIndex
        else { return nil }
        return (String(text[..<colon]), port)
    }
}
