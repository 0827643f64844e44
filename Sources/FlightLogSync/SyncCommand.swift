import FlightLogCore
import FlightLogStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `flightlog sync` says around a sync: no club logbook set, this machine's name, a failure worth retrying.
extension LogbookSync {
    /// `--if-configured` and no club logbook: nothing to do, in one line (the systemd units run it everywhere).
    package static let notConfiguredLine = "no club logbook is set ([sync] url): nothing to sync"

    /// No club logbook, and the pilot asked for a sync: what to add to the config file.
    package static let notConfigured = SyncError(
        .notConfigured,
        "no club logbook is set: add [sync] url = \"postgres://USER@HOST/DATABASE\" to the config file "
            + "(man 5 flightlog.toml)")

    /// `flightlog sync` with the config's club logbook, its password (``ClubLogin/password(file:environment:readFile:)``)
    /// and this machine's name; returns the lines to print: the summary, then each edit the server refused. Without a
    /// club logbook: ``notConfiguredLine`` when `ifConfigured`, else ``notConfigured`` is thrown.
    /// - Throws: ``SyncError`` (``SyncError/isTemporary`` for one worth trying again later); the store's error.
    package static func command(
        config: FlightLogConfig, ifConfigured: Bool, environment: [String: String], readFile: ClubLogin.ReadFile,
        openStore: () throws -> FlightStore
    ) async throws -> [String] {
        guard let url = config.sync.url else {
            if ifConfigured { return [notConfiguredLine] }
            throw notConfigured
        }
        let password = try ClubLogin.password(
            file: config.sync.passwordFile, environment: environment, readFile: readFile)
        let summary = try await run(
            store: try openStore(), url: url, password: password, deviceName: hostName, glider: config.ownGlider)
        return [summary.line] + summary.refusedEdits + summary.notes
    }

    /// EX_TEMPFAIL (sysexits.h): no network now, try again later. flightlog-sync.service counts it as success.
    package static let temporaryFailure: Int32 = 75

    /// ``command(config:ifConfigured:environment:readFile:openStore:)`` with its lines to `say`, and the exit status:
    /// 0, or ``temporaryFailure`` after the error's line to `warn` when it is worth trying again later
    /// (``SyncError/isTemporary``).
    /// - Throws: every other error, as ``command(config:ifConfigured:environment:readFile:openStore:)`` does.
    package static func command(
        config: FlightLogConfig, ifConfigured: Bool, environment: [String: String], readFile: ClubLogin.ReadFile,
        openStore: () throws -> FlightStore, say: (String) -> Void, warn: (String) -> Void
    ) async throws -> Int32 {
        do {
            let lines = try await command(
                config: config, ifConfigured: ifConfigured, environment: environment, readFile: readFile,
                openStore: openStore)
            lines.forEach(say)
            return 0
        } catch let error as SyncError where error.isTemporary {
            warn("Error: \(error.description)")
            return temporaryFailure
        }
    }

    /// This machine's name as `hostname` prints it, stored with the device on the server (Foundation's
    /// `ProcessInfo.hostName` may wait for DNS, which a Pi in the field does not have).
    package static var hostName: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension SyncError {
    /// The server cannot be reached or the connection dropped: worth trying again later, so `flightlog sync`
    /// exits 75 (EX_TEMPFAIL), which flightlog-sync.service counts as success.
    package var isTemporary: Bool { code == .unreachable || code == .connectionLost }
}
