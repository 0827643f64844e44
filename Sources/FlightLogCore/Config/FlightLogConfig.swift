/// The settings file (`/etc/flightlog/flightlog.toml` or `~/.config/flightlog/flightlog.toml`; the executables
/// choose the path), a TOML 1.0 document read by `FlightLogConfigFile`. Every key is optional. An unknown key or
/// table is a warning (``warnings``), the same for every program that reads the file, so a typo is reported but
/// never stops the recorder; a file that is not TOML, or a value of the wrong type or out of range, is an error.
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
/// [glider]
/// index = 108               # the glider's handicap (DMSt) index for contest points, 50 to 150
///
/// [owner]
/// name = "Müller, Jürgen"  # whose logbook it is: the PDF, stats and recency follow this pilot's role
///
/// [server]
/// address = "127.0.0.1"
/// port = 8080
/// password_hash = "…"
/// map_tiles = "/var/lib/flightlog/map.mbtiles"  # raster MBTiles under the phone's and the report's track map
/// online_tiles = "https://tile.example.org/{z}/{x}/{y}.png"  # tiles the browser fetches (no map_tiles file)
/// online_tiles_attribution = "© Example maps"
///
/// [sync]
/// url = "postgres://glider1@logbook.example.org/club"   # the club's PostgreSQL logbook (flightlog sync)
/// password_file = "/etc/flightlog/sync-password"
///
/// [weglide]                 # flightlog upload (WeGlideSettings)
/// user_id = 12345
/// date_of_birth = "1985-04-12"
/// aircraft_id = 160         # else the WeGlide aircraft named like the flight's glider type
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
    /// The glider's handicap index for contest points (`[glider] index`, 50…150), for this glider's flights only
    /// (``ownGlider``); nil: from the glider type's entry in `GliderIndex`, else 100.
    package var gliderIndex: Double?
    package var daemon: Daemon
    package var server: Server
    /// The club logbook `flightlog sync` pushes to (`[sync]`).
    package var sync = Sync()
    /// The pilot's WeGlide account `flightlog upload` sends flights to (`[weglide]`).
    package var weglide = WeGlideSettings()
    /// Unknown keys and sections, with their lines: printed (CLI) or logged (daemon), never fatal.
    package var warnings: [ConfigError] = []

    package struct Daemon: Sendable, Hashable {
        /// gpsd `host:port`.
        package var gpsd = "127.0.0.1:2947"
        /// libiio context URI.
        package var iioContext = "local:"
        package var barometer = Barometer.auto
        /// Barometer sampling rate, Hz (> 0).
        package var barometerRateHz: Double = 10
        /// Days to keep recorded fixes on the ground outside any flight (≥ 0).
        package var retentionDays = 30
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
        /// A raster MBTiles file (SQLite) whose tiles the phone's map and the report's draw under the track;
        /// `nil` = none.
        package var mapTiles: String?
        /// A tile server the browser fetches the map's tiles from (off by default); a `mapTiles` file wins.
        package var onlineTiles: TileURLTemplate?
        /// The words the tile server's licence asks for under the map (e.g. `© OpenStreetMap contributors`).
        package var onlineTilesAttribution: String?

        package init(address: String = "127.0.0.1", port: Int = 8080, passwordHash: String? = nil) {
            self.address = address
            self.port = port
            self.passwordHash = passwordHash
        }
    }

    package struct Sync: Sendable, Hashable {
        /// The PostgreSQL database; `nil` = not set (sync is off).
        package var url: SyncURL?
        /// A file whose first line is the database password (else `$FLIGHTLOG_SYNC_PASSWORD`, else none).
        package var passwordFile: String?

        package init(url: SyncURL? = nil, passwordFile: String? = nil) {
            self.url = url
            self.passwordFile = passwordFile
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

    /// The settings of a parsed config file (`FlightLogConfigFile` reads the TOML); missing keys keep their
    /// defaults, unknown keys and tables become ``warnings``.
    /// - Throws: ``ConfigError`` naming the line and key for a value of the wrong type or out of range, e.g.
    ///   `line 12: [server] port = "abc" must be a whole number 1 to 65535`.
    package init(_ document: ConfigTable) throws(ConfigError) {
        self.init()
        for entry in document.entries {
            if Self.knownKeys[entry.key] != nil, entry.key != "" {
                guard case .table(let table) = entry.value else {
                    throw ConfigError(line: entry.line, "\(entry.key) = \(entry.value) must be a table: [\(entry.key)]")
                }
                if entry.key == "weglide" { weglide.line = entry.line }
                for inner in table.entries { try set(inner, table: entry.key) }
            } else {
                try set(entry, table: "")
            }
        }
    }

    /// Takes over one key of `table` ("" for the top of the file).
    private mutating func set(_ entry: ConfigEntry, table: String) throws(ConfigError) {
        let v = ValueReader(entry: entry, table: table)
        switch (table, entry.key) {
        case ("", "pilot"): pilot = try v.string()
        case ("", "glider_type"): gliderType = try v.string()
        case ("", "registration"): registration = try v.string()
        case ("", "competition_id"): competitionId = try v.string()
        case ("", "database"): databasePath = try v.string()
        case ("", "recorder_serial"): recorderSerial = try v.string()
        case ("", "airfield_radius_km"): airfieldRadiusMeters = try v.number(in: 0.1...50) * 1000
        case ("daemon", "gpsd"): daemon.gpsd = try v.string()
        case ("daemon", "iio_context"): daemon.iioContext = try v.string()
        case ("daemon", "barometer"):
            let name = try v.string()
            daemon.barometer = name == "auto" ? .auto : name == "none" ? .none : .named(name)
        case ("daemon", "barometer_rate_hz"): daemon.barometerRateHz = try v.number(in: 0.1...1000)
        case ("daemon", "retention_days"): daemon.retentionDays = try v.integer(in: 0...36_500)
        case ("owner", "name"): owner = try v.string()
        case ("glider", "index"): gliderIndex = try v.number(in: 50...150)
        case ("server", "address"): server.address = try v.string()
        case ("server", "port"): server.port = try v.integer(in: 1...65_535)
        case ("server", "password_hash"): server.passwordHash = try v.string()
        case ("server", "map_tiles"): server.mapTiles = try v.string()
        case ("server", "online_tiles"):
            guard let template = TileURLTemplate(try v.string()) else {
                throw v.wrong(
                    "an http or https address with one host (letters, digits, - and ., and a :port if needed) and "
                        + "{z}, {x} and {y}, e.g. "
                        + "\"https://tile.example.org/{z}/{x}/{y}.png\"")
            }
            server.onlineTiles = template
        case ("server", "online_tiles_attribution"): server.onlineTilesAttribution = try v.string()
        case ("sync", "url"):
            do throws(ConfigError) {
                sync.url = try SyncURL(try v.string())
            } catch {
                throw ConfigError(line: error.line ?? entry.line, error.message)
            }
        case ("sync", "password_file"): sync.passwordFile = try v.string()
        case ("weglide", "user_id"): weglide.userId = try v.integer(in: 1...Int(Int32.max))
        case ("weglide", "aircraft_id"): weglide.aircraftId = try v.integer(in: 1...Int(Int32.max))
        case ("weglide", "date_of_birth"):
            let date = try v.string()
            guard WeGlideSettings.isDate(date) else { throw v.wrong("a date \"YYYY-MM-DD\"") }
            weglide.dateOfBirth = date
        case ("weglide", "url"):
            guard let url = WeGlideSettings.apiURL(try v.string()) else {
                throw v.wrong("an http or https address, e.g. \"\(WeGlideSettings.defaultURL)\"")
            }
            weglide.url = url
        default:
            if table.isEmpty, case .table = entry.value {
                let tables = Self.knownKeys.keys.filter { !$0.isEmpty }.sorted().map { "[\($0)]" }
                warnings.append(
                    ConfigError(
                        line: entry.line,
                        "unknown table [\(entry.key)] (known: \(tables.joined(separator: ", "))); ignored"))
                return
            }
            let known = (Self.knownKeys[table] ?? []).joined(separator: ", ")
            warnings.append(ConfigError(line: entry.line, "unknown key \(v.name) (known: \(known)); ignored"))
        }
    }

    /// Every key by table ("" = the top of the file). scripts/test-deb.sh reads this table (flightlog.toml(5) must
    /// document each key).
    private static let knownKeys: [String: [String]] = [
        "": [
            "pilot", "glider_type", "registration", "competition_id", "database", "recorder_serial",
            "airfield_radius_km",
        ],
        "daemon": ["gpsd", "iio_context", "barometer", "barometer_rate_hz", "retention_days"],
        "server": ["address", "port", "password_hash", "map_tiles", "online_tiles", "online_tiles_attribution"],
        "owner": ["name"],
        "glider": ["index"],
        "sync": ["url", "password_file"],
        "weglide": ["user_id", "date_of_birth", "aircraft_id", "url"],
    ]

    private struct ValueReader {
        let entry: ConfigEntry
        let table: String

        /// The key as the user finds it in the file: `[server] port`, or `pilot` at the top.
        var name: String { table.isEmpty ? entry.key : "[\(table)] \(entry.key)" }

        func string() throws(ConfigError) -> String {
            guard case .string(let s) = entry.value else { throw wrong("a string in quotes") }
            return s
        }

        func integer(in range: ClosedRange<Int>) throws(ConfigError) -> Int {
            let expected = "a whole number \(range.lowerBound) to \(range.upperBound)"
            guard case .integer(let i) = entry.value, range.contains(i) else { throw wrong(expected) }
            return i
        }

        func number(in range: ClosedRange<Double>) throws(ConfigError) -> Double {
            let expected = "a number \(Self.plain(range.lowerBound)) to \(Self.plain(range.upperBound))"
            let d: Double
            switch entry.value {
            case .integer(let i): d = Double(i)
            case .float(let f): d = f
            default: throw wrong(expected)
            }
            guard range.contains(d) else { throw wrong(expected) }
            return d
        }

        func wrong(_ expected: String) -> ConfigError {
            ConfigError(line: entry.line, "\(name) = \(entry.value) must be \(expected)")
        }

        /// 50 rather than 50.0.
        private static func plain(_ d: Double) -> String {
            d == d.rounded() ? String(Int(d)) : String(d)
        }
    }
}
