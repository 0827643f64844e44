/// The settings file (`/etc/flightlog.toml` or `~/.config/flightlog/config.toml`; the executables choose
/// the path). Every key is optional. An unknown key or section is a warning (``warnings``), the same for every
/// program that reads the file, so a typo is reported but never stops the recorder; a malformed file or value
/// is an error.
///
/// ```toml
/// # Logbook defaults for new flights
/// pilot = "Çağrı Şahin"
/// glider_type = "ASK 21"
/// registration = "D-1234"
/// competition_id = "XY"
/// database = "/var/lib/flightlog/flightlog.sqlite"
/// recorder_serial = "ABC"
///
/// [daemon]
/// gpsd = "127.0.0.1:2947"
/// iio_context = "local:"
/// barometer = "auto"        # "auto", "none" or an IIO device name such as "bmp280"
/// barometer_rate_hz = 10
/// retention_days = 30       # ground fixes outside flights are kept this long
///
/// [owner]
/// name = "Müller, Jürgen"  # whose logbook it is: the PDF, stats and recency follow this pilot's role
///
/// [server]
/// address = "127.0.0.1"
/// port = 8080
/// password_hash = "…"
/// map_tiles = "/var/lib/flightlog/map.mbtiles"  # a raster MBTiles file drawn under the phone's track map
/// ```
package struct FlightLogConfig: Sendable, Hashable {
    /// Default pilot name for new flights.
    package var pilot: String?
    package var gliderType: String?
    package var registration: String?
    package var competitionId: String?
    /// Flight database path; `nil` = the store's default path.
    package var databasePath: String?
    /// Serial written into the IGC A record of our recordings.
    package var recorderSerial: String?
    /// A takeoff or landing within this distance of a known field is at that field, else an outlanding (metres;
    /// `airfield_radius_km`).
    package var airfieldRadiusMeters: Double = 3000
    /// Whose logbook it is (`[owner] name`): the owner's role on each flight decides the PIC, dual and FI(S)
    /// time columns, `stats` and recency. Nil: not set (`--owner NAME` gives it per command).
    package var owner: String?
    package var daemon: Daemon
    package var server: Server
    /// Unknown keys and sections, with their lines: printed (CLI) or logged (daemon), never fatal.
    package var warnings: [ConfigError] = []

    package struct Daemon: Sendable, Hashable {
        /// gpsd `host:port`.
        package var gpsd: String
        /// libiio context URI.
        package var iioContext: String
        package var barometer: Barometer
        /// Barometer sampling rate, Hz (> 0).
        package var barometerRateHz: Double
        /// Days to keep recorded fixes on the ground outside any flight (≥ 0).
        package var retentionDays: Int

        package init(
            gpsd: String = "127.0.0.1:2947", iioContext: String = "local:", barometer: Barometer = .auto,
            barometerRateHz: Double = 10, retentionDays: Int = 30
        ) {
            self.gpsd = gpsd
            self.iioContext = iioContext
            self.barometer = barometer
            self.barometerRateHz = barometerRateHz
            self.retentionDays = retentionDays
        }
    }

    package enum Barometer: Sendable, Hashable {
        /// Use the first IIO pressure sensor found.
        case auto
        /// No barometer: pressure altitude is recorded as 00000.
        case none
        /// The IIO device with this name.
        case named(String)
    }

    package struct Server: Sendable, Hashable {
        package var address: String
        /// TCP port, 1...65535.
        package var port: Int
        /// Hash of the web UI password; `nil` = no password.
        package var passwordHash: String?
        /// A raster MBTiles file (SQLite) whose tiles the phone's map draws under the track; `nil` = none.
        package var mapTiles: String?

        package init(address: String = "127.0.0.1", port: Int = 8080, passwordHash: String? = nil) {
            self.address = address
            self.port = port
            self.passwordHash = passwordHash
        }
    }

    package init(
        pilot: String? = nil, gliderType: String? = nil, registration: String? = nil, competitionId: String? = nil,
        databasePath: String? = nil, recorderSerial: String? = nil, daemon: Daemon = Daemon(),
        server: Server = Server()
    ) {
        self.pilot = pilot
        self.gliderType = gliderType
        self.registration = registration
        self.competitionId = competitionId
        self.databasePath = databasePath
        self.recorderSerial = recorderSerial
        self.daemon = daemon
        self.server = server
    }

    /// Parses the config text; missing keys keep their defaults.
    /// - Throws: ``ConfigError`` naming the line for syntax errors, unknown sections or keys, wrong value types
    ///   and out-of-range numbers. An empty file is not an error.
    package static func parse(_ text: String) throws(ConfigError) -> FlightLogConfig {
        var config = FlightLogConfig()
        for entry in try parseTOMLSubset(text) {
            let v = ValueReader(entry: entry)
            switch (entry.section, entry.key) {
            case ("", "pilot"): config.pilot = try v.string()
            case ("", "glider_type"): config.gliderType = try v.string()
            case ("", "registration"): config.registration = try v.string()
            case ("", "competition_id"): config.competitionId = try v.string()
            case ("", "database"): config.databasePath = try v.string()
            case ("", "recorder_serial"): config.recorderSerial = try v.string()
            case ("", "airfield_radius_km"): config.airfieldRadiusMeters = try v.number(in: 0.1...50) * 1000
            case ("daemon", "gpsd"): config.daemon.gpsd = try v.string()
            case ("daemon", "iio_context"): config.daemon.iioContext = try v.string()
            case ("daemon", "barometer"):
                let name = try v.string()
                config.daemon.barometer = name == "auto" ? .auto : name == "none" ? .none : .named(name)
            case ("daemon", "barometer_rate_hz"): config.daemon.barometerRateHz = try v.number(in: 0.1...1000)
            case ("daemon", "retention_days"): config.daemon.retentionDays = try v.integer(in: 0...36_500)
            case ("owner", "name"): config.owner = try v.string()
            case ("server", "address"): config.server.address = try v.string()
            case ("server", "port"): config.server.port = try v.integer(in: 1...65_535)
            case ("server", "password_hash"): config.server.passwordHash = try v.string()
            case ("server", "map_tiles"): config.server.mapTiles = try v.string()
            default:
                guard let known = knownKeys[entry.section] else {
                    config.warnings.append(
                        ConfigError(
                            line: entry.line, "unknown section [\(entry.section)] (known: [daemon], [owner], [server]); ignored"))
                    continue
                }
                let place = entry.section.isEmpty ? "at the top" : "in [\(entry.section)]"
                config.warnings.append(
                    ConfigError(
                        line: entry.line,
                        "unknown key '\(entry.key)' \(place) (known: \(known.joined(separator: ", "))); ignored"))
            }
        }
        return config
    }

    private static let knownKeys: [String: [String]] = [
        "": ["pilot", "glider_type", "registration", "competition_id", "database", "recorder_serial", "airfield_radius_km"],
        "daemon": ["gpsd", "iio_context", "barometer", "barometer_rate_hz", "retention_days"],
        "server": ["address", "port", "password_hash", "map_tiles"],
        "owner": ["name"],
    ]

    private struct ValueReader {
        let entry: TOMLEntry

        func string() throws(ConfigError) -> String {
            guard case .string(let s) = entry.value else { throw wrongType("a \"string\"") }
            return s
        }

        func integer(in range: ClosedRange<Int>) throws(ConfigError) -> Int {
            guard case .integer(let i) = entry.value else { throw wrongType("a whole number") }
            guard range.contains(i) else { throw outOfRange("\(range.lowerBound)...\(range.upperBound)") }
            return i
        }

        func number(in range: ClosedRange<Double>) throws(ConfigError) -> Double {
            let d: Double
            switch entry.value {
            case .integer(let i): d = Double(i)
            case .float(let f): d = f
            default: throw wrongType("a number")
            }
            guard range.contains(d) else { throw outOfRange("\(range.lowerBound)...\(range.upperBound)") }
            return d
        }

        private func wrongType(_ expected: String) -> ConfigError {
            ConfigError(line: entry.line, "'\(entry.key)' must be \(expected)")
        }

        private func outOfRange(_ range: String) -> ConfigError {
            ConfigError(line: entry.line, "'\(entry.key)' must be in \(range)")
        }
    }
}

/// A config file that cannot be used; names the line.
package struct ConfigError: Error, Hashable, CustomStringConvertible {
    /// 1-based line number, when the error belongs to a line.
    package var line: Int?
    package var message: String

    package init(line: Int?, _ message: String) {
        self.line = line
        self.message = message
    }

    package var description: String {
        if let line { return "config line \(line): \(message)" }
        return "config: \(message)"
    }
}
