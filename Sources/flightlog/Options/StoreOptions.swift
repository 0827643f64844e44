import ArgumentParser
import FlightLogCore
import FlightLogStore
import Foundation

/// Where the database and the config file are; shared by every subcommand.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The flight database (SQLite).", valueName: "path"))
    var database: String?

    @Option(name: .long, help: ArgumentHelp("The config file with defaults for new flights.", valueName: "path"))
    var config: String?

    var databasePath: String {
        database ?? loadedConfig?.databasePath ?? FlightStore.defaultPath(environment: ProcessInfo.processInfo.environment)
    }

    /// Opens the store; read-only for commands that only look.
    func open(_ mode: StoreMode) throws -> FlightStore {
        try FlightStore(path: databasePath, mode: mode)
    }

    /// The config file's settings (empty when there is none). A broken config file is an error, not ignored.
    func loadConfig() throws -> FlightLogConfig {
        guard let path = configPath else { return FlightLogConfig() }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CLIError("cannot read the config file \(path)")
        }
        do {
            return try FlightLogConfig.parse(text)
        } catch {
            throw CLIError("\(path): \(error)")
        }
    }

    private var loadedConfig: FlightLogConfig? { try? loadConfig() }

    /// `--config`, else the user's XDG config file, else the system one.
    var configPath: String? {
        if let config { return config }
        let env = ProcessInfo.processInfo.environment
        let xdg = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (env["HOME"].map { "\($0)/.config" })
        let candidates = [xdg.map { "\($0)/flightlog/flightlog.toml" }, "/etc/flightlog/flightlog.toml"]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }
}

/// A one-line error for the user: what went wrong and what to do. ArgumentParser prints it as `Error: …`.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
