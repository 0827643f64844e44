import FlightLogCore
import FlightLogSecurity
import FlightLogTestSupport
import Foundation

/// Runs the built `flightlog` binary (it sits next to the test bundle) the way a pilot would.
enum CLI {
    /// Runs `flightlog ARGS` with the database in `database`, no config file (unless `directory/no-config/flightlog/
    /// flightlog.toml` is written), the given stdin and extra `environment`.
    @discardableResult
    static func run(
        _ arguments: [String], database: URL?, in directory: URL, stdin: String? = nil,
        environment extra: [String: String] = [:]
    ) throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["FLIGHTLOG_DATABASE"] = database?.path
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("no-config").path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        environment["COLUMNS"] = nil
        environment.merge(extra) { $1 }
        return try runProcess(
            builtExecutable("flightlog").path, arguments, environment: environment, currentDirectory: directory,
            stdin: stdin ?? "")
    }

    static func sha256(of url: URL) throws -> String { Digest.sha256Hex([UInt8](try Data(contentsOf: url))) }

    /// What `flightlog verify` says of `bytes` against the device key beside `database` (its signing.pub).
    static func verification(_ bytes: [UInt8], database: URL) throws -> IGCVerification {
        let publicPath = DeviceKey.publicKeyPath(forKeyAt: DeviceKey.path(besideDatabase: database.path))
        return IGCSignature.verify(bytes, trustedKey: try PublicKeyText.read(publicPath))
    }

    /// The aerofiles venv python (scripts/setup-aerofiles.sh), if set up.
    static var aerofilesPython: String? {
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["FLIGHTLOG_PYTHON"],
            packageRoot.appendingPathComponent(".build-venv/bin/python").path,
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
