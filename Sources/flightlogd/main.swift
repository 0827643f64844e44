import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogDaemon
import FlightLogStore
import Foundation
import Logging

/// `flightlogd`: records gpsd + the IIO barometer into the flight database until SIGTERM.
/// Every option can also be set in the config file; the command line wins.
@main
struct FlightLogDaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flightlogd",
        abstract: "Glider flight recorder: gpsd + IIO barometer -> SQLite, automatic take-off/landing.",
        discussion:
            "Runs until SIGTERM/SIGINT. Under systemd it sends READY/WATCHDOG/STOPPING and logs to the journal.",
        version: FlightLogVersion.current)

    @Option(name: .long, help: ArgumentHelp("gpsd address.", valueName: "host:port"))
    var gpsd: String?

    @Option(
        name: .customLong("iio-context"), help: ArgumentHelp("libiio context URI (local:, ip:HOST).", valueName: "uri"))
    var iioContext: String?

    @Option(name: .long, help: ArgumentHelp("IIO barometer device name, 'auto' or 'none'.", valueName: "name"))
    var barometer: String?

    @Option(name: .customLong("barometer-rate"), help: ArgumentHelp("Barometer samples per second.", valueName: "hz"))
    var barometerRate: Double?

    @Option(name: .long, help: ArgumentHelp("The flight database (SQLite).", valueName: "path"))
    var database: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Config file (default /etc/flightlog/flightlog.toml if present).", valueName: "path"))
    var config: String?

    @Flag(name: .long, help: "Log debug messages.")
    var verbose = false

    func validate() throws {
        if let barometerRate, !(barometerRate > 0 && barometerRate <= 200) {
            throw ValidationError("--barometer-rate must be between 0 and 200 Hz")
        }
    }

    func run() async throws {
        JournaldLogHandler.bootstrap(logLevel: verbose ? .debug : .info)
        let logger = Logger(label: "flightlogd")
        let options = try resolvedOptions(logger: logger)
        try await FlightLogDaemon.run(options, logger: logger)
    }

    /// Config file first, then the command line over it.
    /// A broken config file does not stop the recorder (a typo must not cost a flight): it is logged as an error
    /// and the built-in defaults are used; unknown keys are logged as warnings, as the CLI prints them.
    func resolvedOptions(logger: Logger? = nil) throws -> DaemonOptions {
        let defaultPath = FlightStore.defaultPath(environment: ProcessInfo.processInfo.environment)
        var config = FlightLogConfig()
        do {
            config = try loadConfig()
            for warning in config.warnings { logger?.warning("config \(warning.described(in: configPath ?? ""))") }
        } catch {
            guard let logger else { throw error }
            logger.error("\(error); recording with the built-in defaults until the file is fixed")
        }
        var options = DaemonOptions(config: config, defaultDatabasePath: defaultPath)
        if let gpsd { try options.setGPSD(gpsd) }
        if let iioContext { options.iioContext = iioContext }
        if let barometer { options.barometer = DaemonOptions.barometer(barometer) }
        if let barometerRate { options.barometerRateHz = barometerRate }
        if let database { options.databasePath = database }
        return options
    }

    /// `--config`, else the system file (``ConfigLocation``: the recorder never reads a user's file).
    var configPath: String? { ConfigLocation.path(explicit: config, for: .recorder) }

    func loadConfig() throws -> FlightLogConfig {
        guard let path = configPath else { return FlightLogConfig() }
        do {
            return try FlightLogConfig.read(path: path)
        } catch {
            throw DaemonError(error.description)
        }
    }
}
