import FlightLogConfigFile
import FlightLogCore
import FlightLogStore
import FlightLogText

/// Where a command's logbook and config file are (`--database`, `--config`), and how every command reads them:
/// `flightlog`'s `StoreOptions` only declares the two options.
package struct LogbookLocation: Sendable {
    package var database: String?
    package var config: String?
    package var environment: [String: String]

    package init(database: String?, config: String?, environment: [String: String]) {
        (self.database, self.config, self.environment) = (database, config, environment)
    }

    /// `--config`, else the user's XDG config file, else the system one (``ConfigLocation``).
    package var configPath: String? { ConfigLocation.path(explicit: config, for: .user) }

    /// `--database`, else the config file's `database`, else the default path. Throws for a broken config file,
    /// the same in every command.
    package func databasePath(warn: (String) -> Void) throws(TransferRefusal) -> String {
        if let database { return database }
        return try loadConfig(warn: warn).databasePath ?? FlightStore.defaultPath(environment: environment)
    }

    /// Opens the store; read-only for commands that only look.
    package func open(_ mode: StoreMode, warn: (String) -> Void) throws -> FlightStore {
        try FlightStore(path: databasePath(warn: warn), mode: mode)
    }

    /// The config file's settings (empty when there is none). A broken config file is an error in every command;
    /// an unknown key is a warning through `warn`, once per process (as in flightlogd's journal).
    package func loadConfig(warn: (String) -> Void) throws(TransferRefusal) -> FlightLogConfig {
        guard let path = configPath else { return FlightLogConfig() }
        let config: FlightLogConfig
        do throws(ConfigFileError) {
            config = try FlightLogConfig.read(path: path)
        } catch {
            throw TransferRefusal(terminalSafe(error.commandLineMessage(path: path)))
        }
        if WarningsOnce.first() { for warning in config.warnings { warn("warning: \(warning.described(in: path))") } }
        return config
    }

    /// Config warnings are said once per process, however many times a command loads the file.
    enum WarningsOnce {
        nonisolated(unsafe) private static var said = false

        static func first() -> Bool {
            defer { said = true }
            return !said
        }
    }
}
