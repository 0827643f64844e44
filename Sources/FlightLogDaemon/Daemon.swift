import FlightLogCore
import FlightLogSecurity
import FlightLogSensors
import FlightLogStore
import Foundation
import Logging
import ServiceLifecycle

/// Everything `flightlogd` runs with, after merging the command line over the config file.
package struct DaemonOptions: Sendable, Hashable {
    package var gpsdHost = "127.0.0.1"
    package var gpsdPort = "2947"
    package var iioContext = "local:"
    package var barometer = FlightLogConfig.Barometer.auto
    package var barometerRateHz = 10.0
    package var databasePath: String
    package var retentionDays = 30
    package var defaults = FlightDetails()
    package var recorderSerial = "001"
    package var airfieldRadiusMeters = AirfieldIndex.defaultRadius
    /// The config's `[glider] index` for contest points (nil: the glider type's, else 100).
    package var gliderIndex: Double?
    /// A RAM folder for the status file (systemd's `RuntimeDirectory=`, `/run/flightlog`): rewritten every 2 s,
    /// it would otherwise be the largest thing written to the SD card. `nil`: next to the database.
    package var runtimeDirectory: String?

    package init(databasePath: String) {
        self.databasePath = databasePath
        runtimeDirectory = ProcessInfo.processInfo.environment["RUNTIME_DIRECTORY"]?
            .split(separator: ":").first.map(String.init)
    }

    /// Options from a config file (`nil` = defaults); `defaultDatabasePath` when the file names none.
    package init(config: FlightLogConfig, defaultDatabasePath: String) {
        self.init(databasePath: config.databasePath ?? defaultDatabasePath)
        try? setGPSD(config.daemon.gpsd)
        iioContext = config.daemon.iioContext
        barometer = config.daemon.barometer
        barometerRateHz = config.daemon.barometerRateHz
        retentionDays = config.daemon.retentionDays
        defaults = FlightDetails(
            pilot: config.pilot, gliderType: config.gliderType, registration: config.registration,
            competitionId: config.competitionId)
        recorderSerial = config.recorderSerial ?? recorderSerial
        airfieldRadiusMeters = config.airfieldRadiusMeters
        gliderIndex = config.gliderIndex
    }

    /// Sets gpsd from `HOST:PORT` (or `HOST`, port 2947; `[v6]:PORT` for IPv6).
    /// - Throws: ``DaemonError`` for an empty host or a port that is not 1…65535.
    package mutating func setGPSD(_ text: String) throws(DaemonError) {
        var host = text
        var port = "2947"
        if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") {
            host = String(text[..<colon])
            port = String(text[text.index(after: colon)...])
        }
        host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard !host.isEmpty, let number = Int(port), (1...65535).contains(number) else {
            throw DaemonError("gpsd address '\(text)' is not HOST:PORT (e.g. 127.0.0.1:2947)")
        }
        gpsdHost = host
        gpsdPort = port
    }

    /// `auto`, `none` or a device name.
    package static func barometer(_ text: String) -> FlightLogConfig.Barometer {
        switch text.lowercased() {
        case "auto": .auto
        case "none", "off": .none
        default: .named(text)
        }
    }

    /// The device's signing key, next to the database (`/var/lib/flightlog/signing.key`; `signing.pub` beside it).
    package var signingKeyPath: String { DeviceKey.path(besideDatabase: databasePath) }

    /// The live journal of the last minute's fixes (``LiveJournal``), next to the database: it must be on the same
    /// card, since it is what survives a power cut. `flightlog.sqlite.live` for `flightlog.sqlite`.
    package var journalPath: String { databasePath + ".live" }

    /// Where readers look for the status: next to the database.
    package var statusLinkPath: String {
        RecorderStatusFile.path(besideDatabase: databasePath)
    }

    /// Where the status is written: the runtime folder when there is one (``statusLinkPath`` then links to it).
    package var statusPath: String {
        runtimeDirectory.map(RecorderStatusFile.path(inFolder:)) ?? statusLinkPath
    }

    /// Points the status next to the database at the one in the runtime folder (after a reboot the link dangles
    /// until the daemon writes: readers then see no status, which is the truth).
    func linkStatus(logger: Logger) {
        guard statusPath != statusLinkPath else { return }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: statusLinkPath), target == statusPath
        {
            return
        }
        unlink(statusLinkPath)
        if symlink(statusPath, statusLinkPath) != 0 {
            logger.warning("cannot link the status file", metadata: ["link": "\(statusLinkPath)", "errno": "\(errno)"])
        }
    }
}

/// The daemon's one error type.
package struct DaemonError: Error, CustomStringConvertible, Hashable {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Runs the recorder until SIGTERM/SIGINT: gpsd + barometer → recorder actor → SQLite, with systemd
/// readiness/watchdog notifications.
package enum FlightLogDaemon {
    /// - Throws: ``DaemonError`` or the store's error when the database cannot be opened; sensor trouble is
    ///   never an error (the daemon waits for gpsd and records GPS-only without a barometer).
    /// Flights from before places were kept (or imported while the airfield data was missing) get theirs.
    static func placeOlderFlights(store: FlightStore, settings: RecorderSettings, logger: Logger) {
        guard let unplaced = try? store.unplacedFlightCount(), unplaced > 0 else { return }
        guard let placing = try? FlightPlacing.load(radius: settings.airfieldRadiusMeters).placing else {
            logger.warning("the airfield data set is missing: flights keep bare coordinates (reinstall flightlog)")
            return
        }
        do {
            let placed = try store.assignPlaces(using: placing)
            logger.notice("named the take-off and landing places of older flights", metadata: ["flights": "\(placed)"])
        } catch {
            logger.error("cannot name the places of older flights", metadata: ["error": "\(error)"])
        }
    }

    package static func run(_ options: DaemonOptions, logger: Logger) async throws {
        let directory = URL(fileURLWithPath: options.databasePath).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try FlightStore(path: options.databasePath, mode: .readWrite)
        prepareSigningKey(at: options.signingKeyPath, logger: logger)
        options.linkStatus(logger: logger)

        let barometerName: String? =
            switch options.barometer {
            case .none: nil
            case .auto: "auto"
            case .named(let name): name
            }
        var settings = RecorderSettings(
            recorder: RecorderInfo(
                manufacturer: "XFL", serial: options.recorderSerial, recorderType: "flightlog,flightlogd",
                gpsReceiver: "gpsd", pressureSensor: barometerName.map { "IIO \($0)" }))
        settings.defaults = options.defaults
        settings.retentionDays = options.retentionDays
        settings.statusPath = options.statusPath
        settings.barometerConfigured = barometerName != nil
        settings.airfieldRadiusMeters = options.airfieldRadiusMeters
        settings.gliderIndex = options.gliderIndex
        settings.journalPath = options.journalPath
        settings.landingStampPath = options.runtimeDirectory.map { ($0 as NSString).appendingPathComponent("landed") }
        placeOlderFlights(store: store, settings: settings, logger: logger)
        let recorder = try Recorder(
            store: store, settings: settings, logger: logger, now: Monotonic.nowNanos())

        logger.info(
            "flightlogd starting",
            metadata: [
                "database": "\(options.databasePath)", "gpsd": "\(options.gpsdHost):\(options.gpsdPort)",
                "barometer": "\(barometerName ?? "none")", "iioContext": "\(options.iioContext)",
            ])
        var services: [any Service] = [
            MaintenanceService(recorder: recorder),
            GPSService(client: GPSDClient(host: options.gpsdHost, port: options.gpsdPort), recorder: recorder),
        ]
        if let barometerName {
            services.append(
                BarometerService(
                    barometer: IIOBarometer(
                        contextURI: options.iioContext, device: barometerName, rateHz: options.barometerRateHz),
                    recorder: recorder))
        } else {
            logger.warning("NO BAROMETER configured (--barometer none): recording GPS-only, pressure altitude 00000")
        }
        services.append(SystemdService(notifier: SystemdNotifier(), recorder: recorder, logger: logger))

        var configuration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(15)
        let group = ServiceGroup(configuration: configuration)
        try await withTaskExecutorPreference(OneThreadExecutor(name: "recorder")) { try await group.run() }
        // After SIGTERM the .sqlite file alone is the whole logbook (a copy of it alone is complete).
        if let result = try? store.checkpoint(waitSeconds: 2), !result.complete {
            logger.warning(
                "a reader held the WAL at shutdown: the last data stays in the -wal file until the next start")
        }
    }

    /// Makes the device key on the first start (or loads it) and logs its public key once. A refused or unreadable
    /// key is logged as an error and the daemon records anyway: a key problem never costs a flight.
    package static func prepareSigningKey(at path: String, logger: Logger) {
        do {
            let (key, created) = try DeviceKey.loadOrCreate(at: path)
            logger.notice(
                "\(created ? "made the device signing key" : "device signing key") \(path), public key \(key.publicKeyHex)",
                metadata: ["publicKey": "\(key.publicKeyHex)"])
        } catch {
            logger.error("signing key: \(error); IGC files will be written unsigned until this is fixed")
        }
    }
}
