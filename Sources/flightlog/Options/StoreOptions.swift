import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogStore
import FlightLogText
import Foundation

/// Where the database and the config file are; shared by every subcommand.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The flight database (SQLite).", valueName: "path"))
    var database: String?

    @Option(name: .long, help: ArgumentHelp("The config file with defaults for new flights.", valueName: "path"))
    var config: String?

    /// `--database`, else the config file's `database`, else the default path. Throws for a broken config file,
    /// the same in every command.
    func databasePath() throws -> String {
        if let database { return database }
        return try loadConfig().databasePath
            ?? FlightStore.defaultPath(environment: ProcessInfo.processInfo.environment)
    }

    /// Opens the store; read-only for commands that only look.
    func open(_ mode: StoreMode) throws -> FlightStore {
        try FlightStore(path: databasePath(), mode: mode)
    }

    /// The config file's settings (empty when there is none). A broken config file is an error in every command;
    /// an unknown key is a warning on standard error (once per run), as in flightlogd's journal.
    func loadConfig() throws -> FlightLogConfig {
        guard let path = configPath else { return FlightLogConfig() }
        let config: FlightLogConfig
        do throws(ConfigFileError) {
            config = try FlightLogConfig.read(path: path)
        } catch {
            throw CLIError(terminalSafe(error.commandLineMessage(path: path)))
        }
        ConfigWarnings.printOnce(config.warnings, path: path)
        return config
    }

    /// `--config`, else the user's XDG config file, else the system one (``ConfigLocation``).
    var configPath: String? { ConfigLocation.path(explicit: config, for: .user) }
}

/// A one-line error for the user: what went wrong and what to do. ArgumentParser prints it as `Error: …`.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Config warnings are printed once per process, however many times a command loads the file.
enum ConfigWarnings {
    nonisolated(unsafe) private static var printed = false

    static func printOnce(_ warnings: [ConfigError], path: String) {
        guard !printed else { return }
        printed = true
        for warning in warnings { printError("warning: \(warning.described(in: path))") }
    }
}
