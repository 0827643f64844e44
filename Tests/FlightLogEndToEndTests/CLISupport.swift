import FlightLogCore
import FlightLogSecurity
import Foundation

/// Runs the built `flightlog` binary (it sits next to the test bundle) the way a pilot would.
enum CLI {
    /// The directory of the running test binary: SwiftPM puts the executables there too.
    static let productsDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent()

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let sharedFlights = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/flights")
    static var sharedFlightsAvailable: Bool {
        FileManager.default.fileExists(atPath: sharedFlights.appendingPathComponent("apf-bug554.igc").path)
    }
    static func sharedFlightFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: sharedFlights, includingPropertiesForKeys: nil)
            .filter { ["igc"].contains($0.pathExtension.lowercased()) }.sorted { $0.path < $1.path }
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `flightlog ARGS` with the database in `database`, no config file (unless `directory/no-config/flightlog/
    /// flightlog.toml` is written), the given stdin and extra `environment`.
    @discardableResult
    static func run(
        _ arguments: [String], database: URL?, in directory: URL, stdin: String? = nil, environment extra: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("flightlog")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["FLIGHTLOG_DATABASE"] = database?.path
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("no-config").path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        environment["COLUMNS"] = nil
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flightlog-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
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

    /// Runs any tool (pdftotext, python) and returns its output.
    static func tool(_ path: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
