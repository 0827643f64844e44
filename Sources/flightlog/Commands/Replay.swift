import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogReplay
import FlightLogSimulation
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
            --pressure-glitch writes a wrong pressure for 100 ms, --time-glitch sends one fix with its time off by \
            the given seconds; --real-time slows a window of a --speed replay \
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
        help: ArgumentHelp(
            "Be the receiver: serve the epochs in real time on this TCP address.", valueName: "host:port"))
    var serveNMEA: String?
    @Option(help: "Simulated seconds per real second with --serve-nmea.") var speed: Double = 1
    @Option(help: "Seconds from each epoch to its sentences with --serve-nmea (a receiver's output delay).")
    var latency: Double = 0
    @Option(help: "Pressure writes per second while following gpsd or serving.") var rate: Double = 25
    @Option(name: .customLong("geoid-separation"), help: "Geoid height above the ellipsoid for GGA, metres.")
    var geoidSeparation: Double = 48
    @Option(
        name: .customLong("no-fix"),
        help: ArgumentHelp(
            "Epochs in this UTC window have no fix (HH:MM:SS-HH:MM:SS; open end: to the end).", valueName: "window"))
    var noFix: [String] = []
    @Option(
        help: ArgumentHelp("Send the first fix from this UTC time on far off the track (HH:MM:SS).", valueName: "time"))
    var displace: [String] = []
    @Option(name: .customLong("displace-km"), help: "How far north --displace moves a fix, km.") var displaceKm:
        Double = 55
    @Option(
        name: .customLong("altitude-spike"),
        help: ArgumentHelp(
            "Send the first fix from this UTC time on with its GNSS altitude 3000 m up (HH:MM:SS).", valueName: "time"))
    var altitudeSpike: [String] = []
    @Option(
        name: .customLong("pressure-glitch"),
        help: ArgumentHelp(
            "Write a wrong pressure for 100 ms at this UTC time: HH:MM:SS=25000 (Pa) or HH:MM:SS=+800 (Pa above the true one).",
            valueName: "time=pa"))
    var pressureGlitch: [String] = []
    @Option(
        name: .customLong("time-glitch"),
        help: ArgumentHelp(
            "Send the first fix from this UTC time on with its time off by seconds: HH:MM:SS=+3600 (with --serve-nmea).",
            valueName: "time=s"))
    var timeGlitch: [String] = []
    @Option(
        name: .customLong("barometer-missing"),
        help: ArgumentHelp("Remove in_pressure_input during this UTC window (with --serve-nmea).", valueName: "window"))
    var barometerMissing: [String] = []
    @Option(
        name: .customLong("real-time"),
        help: ArgumentHelp(
            "Run at real time instead of --speed in this UTC window (with --serve-nmea).", valueName: "window"))
    var realTime: [String] = []
    @Option(
        name: .customLong("hold-until"),
        help: ArgumentHelp("With --serve-nmea, start the flight only once this file exists.", valueName: "path"))
    var holdUntil: String?

    func validate() throws {
        if nmea == nil && iioTree == nil && serveNMEA == nil {
            throw ValidationError("Give --nmea PATH, --iio-tree DIR and/or --serve-nmea HOST:PORT.")
        }
        if followGpsd != nil && serveNMEA != nil {
            throw ValidationError("--follow-gpsd and --serve-nmea exclude each other.")
        }
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
        if deviceName.isEmpty || deviceName.contains("/") {
            throw ValidationError("--device-name must be a plain name.")
        }
        if serveNMEA == nil && !(barometerMissing.isEmpty && realTime.isEmpty && holdUntil == nil) {
            throw ValidationError("--barometer-missing, --real-time and --hold-until need --serve-nmea.")
        }
        if !barometerMissing.isEmpty && iioTree == nil {
            throw ValidationError("--barometer-missing needs --iio-tree DIR.")
        }
        if !pressureGlitch.isEmpty && (iioTree == nil || serveNMEA == nil) {
            throw ValidationError("--pressure-glitch needs --iio-tree DIR and --serve-nmea.")
        }
        for glitch in pressureGlitch where ReplayFaults.PressureGlitch.parse(glitch, start: 0) == nil {
            throw ValidationError("\(glitch) is not a glitch like 10:15:00=25000 or 10:15:00=+800 (pascals).")
        }
        if !timeGlitch.isEmpty && serveNMEA == nil { throw ValidationError("--time-glitch needs --serve-nmea.") }
        for glitch in timeGlitch where ReplayFaults.TimeGlitch.parse(glitch, start: 0) == nil {
            throw ValidationError("\(glitch) is not a time glitch like 10:15:00=+3600 (seconds, not 0).")
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
            pressureGlitches: pressureGlitch.compactMap { ReplayFaults.PressureGlitch.parse($0, start: start) },
            timeGlitches: timeGlitch.compactMap { ReplayFaults.TimeGlitch.parse($0, start: start) })
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
            Self.say(
                "Wrote \(nmea): \(fixes.count) epochs" + (shift == 0 ? "." : ", dates moved forward by \(years) years.")
            )
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
        var follower = GPSDFollower(
            host: host, port: port, timeline: timeline, dateShift: shift, tree: tree, rate: rate)
        try follower.run()
        Self.say("gpsd closed: followed \(follower.positions) epochs, wrote \(follower.writes) pressures.")
    }

    /// The fixes of the IGC file at `path`, read as every file a user brings (``InputFile``: a regular file within
    /// the IGC size limit; a FIFO or device is refused, not read forever).
    static func readFixes(_ path: String) throws -> [Fix] {
        let bytes: [UInt8]?
        do {
            bytes = try InputFile.read(path, what: "the IGC file", maxBytes: IGCReader.maxFileSize)
        } catch {
            throw ReplayError(error.description)
        }
        guard let bytes else { throw ReplayError("cannot read \(path) (does it exist?)") }
        let fixes = try IGCReader.read(bytes).track.fixes
        guard !fixes.isEmpty else { throw ReplayError("\(path) has no B records to replay") }
        return fixes
    }

    static func hostPort(_ text: String) -> (String, UInt16)? {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]),
            colon > text.startIndex
        else { return nil }
        return (String(text[..<colon]), port)
    }

    static func hectopascals(_ pascals: Double) -> String { ReplayLog.hectopascals(pascals) }

    static func say(_ text: String) { ReplayLog.say(text) }
}
