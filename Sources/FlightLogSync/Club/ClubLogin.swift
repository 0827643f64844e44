import FlightLogCore
import Foundation

/// How the commands find the club's logbook and log in to it: `flightlog sync`, `club`, and `airspace` and `serve`
/// with `--database postgres://…`.
package struct ClubLogin: Sendable {
    package var url: SyncURL
    package var password: String?

    /// Reads a file users name, at most `maxBytes` (FlightLogConfigFile's `InputFile.read`): nil when it cannot be
    /// read, a thrown error when it is not a regular file or too big.
    package typealias ReadFile = (_ path: String, _ maxBytes: Int) throws -> [UInt8]?

    /// `--database` (`database`) when given, else the config's `[sync] url`; the password from `[sync] password_file`,
    /// else `$FLIGHTLOG_SYNC_PASSWORD`.
    package init(
        database: String?, config: FlightLogConfig, environment: [String: String], readFile: ReadFile
    ) throws(SyncError) {
        if let database {
            url = try Self.url(option: database)
        } else if let configured = config.sync.url {
            url = configured
        } else {
            throw SyncError(
                .notConfigured,
                "no club logbook is set: add [sync] url = \"postgres://USER@HOST/DATABASE\" to the config file or pass --database"
            )
        }
        password = try Self.password(file: config.sync.passwordFile, environment: environment, readFile: readFile)
    }

    /// `postgres://…` given as `--database`; what is wrong with it names the option.
    package static func url(option text: String) throws(SyncError) -> SyncURL {
        do {
            return try SyncURL(text)
        } catch {
            throw SyncError(.local, error.description.replacingOccurrences(of: "[sync] url", with: "--database"))
        }
    }

    /// The first line of `file` (only a regular file, bounded: a FIFO or a device named here would hang), else
    /// `$FLIGHTLOG_SYNC_PASSWORD`, else none.
    package static func password(
        file: String?, environment: [String: String], readFile: ReadFile
    ) throws(SyncError) -> String? {
        guard let file else { return environment["FLIGHTLOG_SYNC_PASSWORD"] }
        let read: [UInt8]?
        do { read = try readFile(file, 64 << 10) } catch { throw SyncError(.local, "\(error)") }
        guard let data = read else {
            throw SyncError(
                .local, "cannot read the password file \(file): check that it exists and this user may read it")
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    }

    /// Connects to the club logbook, runs `body`, and closes the connections.
    package func with<T: Sendable>(
        config: FlightLogConfig, _ body: @Sendable (ClubWebLogbook) async throws -> T
    ) async throws -> T {
        try await ClubWebLogbook.with(url: url, password: password, config: config, body)
    }

    /// The first line of standard input (nil at its end); the prompt for `login`'s password goes to standard error
    /// when standard input is a terminal. `club add-user` and `add-glider` read their password with it.
    package static func passwordLine(for login: String) -> String? {
        if isatty(0) != 0 { FileHandle.standardError.write(Data("Password for \(login) (then Enter): ".utf8)) }
        return readLine(strippingNewline: true)
    }

    /// The first line of standard input as a new login's password (8 characters or more), or why not.
    /// `line` is what was read (nil at the end of the input).
    package static func newPassword(_ line: String?, login: String) throws(SyncError) -> String {
        guard let line, !line.isEmpty else {
            throw SyncError(
                .local,
                "no password on standard input: give it as the first line (flightlog club add-user \(login) --pilot … < file)"
            )
        }
        guard line.count >= 8 else {
            throw SyncError(
                .local, "the password is shorter than 8 characters; choose a longer one (the login is on the web)")
        }
        return line
    }

    /// The first line of standard input as a glider's PostgreSQL password (8 characters to 200 bytes), or why not.
    package static func gliderPassword(_ line: String?) throws(SyncError) -> String {
        guard let line, line.count >= 8, line.utf8.count <= 200 else {
            throw SyncError(
                .local, "give the glider's password (8 characters to 200 bytes) as the first line of standard input")
        }
        return line
    }
}
