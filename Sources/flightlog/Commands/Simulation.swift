import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogReplay
import FlightLogSimulation
import FlightLogTransfer

extension FlightLogCommand {
    struct Simulate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a simulated glider flight as an IGC file (for demos, tests and replay).",
            discussion: """
                The simulator is deterministic: the same options give the same file.
                Example: flightlog simulate --launch winch --minutes 40 -o samples/simulated-winch.igc
                """)

        @Option(help: "winch, aerotow or self.") var launch: LaunchMethod = .winch
        @Option(help: "Minutes in the air.") var minutes: Int = 40
        @Option(
            help: ArgumentHelp(
                "Start of the recording, UTC (YYYY-MM-DDTHH:MM:SSZ); the ground roll starts 5 min later.",
                valueName: "time"))
        var start: String = "2025-06-14T10:00:00Z"
        @Option(help: "Seed of the random weather.") var seed: UInt64 = 1
        @Option(name: .customLong("interval-ms"), help: "Fix interval in milliseconds (1000 = 1 Hz).")
        var intervalMillis: Int = 1000
        @Option(name: .shortAndLong, help: ArgumentHelp("Output IGC file.", valueName: "path")) var output: String
        @Option(
            help: ArgumentHelp(
                "The field to fly from, latitude,longitude in degrees (default Aachen-Merzbrück).", valueName: "lat,lon"
            ))
        var at: String?
        @Option(help: ArgumentHelp("Field elevation with --at, metres above sea level.", valueName: "m"))
        var elevation: Double?

        /// The options for the simulator (`--at` as read: nil when absent or unreadable).
        var options: SimulateOptions {
            SimulateOptions(
                launch: launch, minutes: minutes, start: start, seed: seed, intervalMillis: intervalMillis,
                field: at.flatMap(AirfieldListing.coordinate), elevation: elevation)
        }

        func validate() throws {
            let fieldUnreadable = at != nil && options.field == nil
            if let problem = options.problem(fieldUnreadable: fieldUnreadable) { throw ValidationError(problem) }
        }

        func run() async throws {
            guard let file = FlightSimulator.igcFile(options.plan) else {
                throw ValidationError(SimulateOptions.yearsProblem)
            }
            try AtomicFile.write(file.bytes, to: absolutePath(output))
            print("Wrote \(output): \(file.fixes) fixes, \(launch.rawValue) launch, \(minutes) min in the air.")
        }
    }
}

/// `flightlog replay`: turns a recorded flight into what the real sensors would deliver, so the live path
/// (gpsd → libgps, libiio → barometer) can run on a development machine.
struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
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
            to real time, --speed-in runs a window at a speed of its own (10:15:00-10:30:00=3).
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
        name: .customLong("speed-in"),
        help: ArgumentHelp(
            "Run at N times real time instead of --speed in this UTC window: HH:MM:SS-HH:MM:SS=N (with --serve-nmea).",
            valueName: "window=n"))
    var speedIn: [String] = []
    @Option(
        name: .customLong("hold-until"),
        help: ArgumentHelp("With --serve-nmea, start the flight only once this file exists.", valueName: "path"))
    var holdUntil: String?

    /// The options as the replay library takes them.
    var session: ReplaySession {
        var session = ReplaySession()
        session.nmeaPath = nmea
        session.iioTree = iioTree
        session.deviceName = deviceName
        session.followGpsd = followGpsd
        session.serveNMEA = serveNMEA
        (session.speed, session.latency, session.rate) = (speed, latency, rate)
        session.geoidSeparation = geoidSeparation
        (session.noFix, session.displace, session.displaceKm) = (noFix, displace, displaceKm)
        (session.altitudeSpike, session.pressureGlitch, session.timeGlitch) = (
            altitudeSpike, pressureGlitch, timeGlitch
        )
        (session.barometerMissing, session.realTime, session.holdUntil) = (barometerMissing, realTime, holdUntil)
        session.speedIn = speedIn
        return session
    }

    func validate() throws {
        if let problem = session.problem() { throw ValidationError(problem) }
    }

    func run() async throws {
        let fixes = try ReplaySession.readFixes(file) { try InputFile.read($0, what: "the IGC file", maxBytes: $1) }
        if let problem = session.problem(for: fixes) { throw ValidationError(problem) }
        try session.run(fixes)
    }
}
