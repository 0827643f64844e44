import FlightLogTestSupport
import Foundation
import Testing

/// A PostgreSQL server of its own for one test: Debian's `pg_ctl` in a temporary directory, on a free loopback
/// port, run as the `postgres` user when the tests run as root. Password (SCRAM) logins over TCP, trust on its
/// private Unix socket (for `psql` in assertions). Tests that need one carry the ``Testing/Trait/postgreSQL`` trait:
/// without PostgreSQL they are skipped with that reason, never passed silently.
///
/// `initdb` runs once per test process, into a template cluster; each server starts on a copy of it (a `cp -a` of
/// ~40 MB instead of ~3 s of `initdb` a test). The servers run with `fsync=off`: a test's `pg_ctl stop -m
/// immediate` kills the server, not the machine, so what a commit wrote is still in the page cache at the restart,
/// and crash recovery sees the same WAL as with fsync. Commits stay synchronous (a lost commit would be a real
/// finding).
final class PostgresServer: @unchecked Sendable {
    let directory: String
    let port: Int
    private let bin: String
    private let runAs: String?

    var dataDirectory: String { directory + "/data" }
    var socketDirectory: String { directory + "/socket" }

    /// The newest /usr/lib/postgresql/N/bin holding initdb, or nil.
    static var binDirectory: String? {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.compactMap(Int.init).sorted().reversed().map { "/usr/lib/postgresql/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    /// Whether the tests can start servers: PostgreSQL's tools are installed, or `FLIGHTLOG_REQUIRE_POSTGRESQL=1`
    /// (CI, `scripts/test.sh`) says they must be, so that a missing install fails those tests instead of skipping.
    static var isAvailable: Bool {
        binDirectory != nil || ProcessInfo.processInfo.environment["FLIGHTLOG_REQUIRE_POSTGRESQL"] == "1"
    }

    /// Makes the cluster and starts it; throws when PostgreSQL is not installed.
    static func start() throws -> PostgresServer {
        guard let bin = binDirectory else {
            throw PostgresServerError(
                "PostgreSQL is not installed (apt install postgresql): no /usr/lib/postgresql/N/bin/initdb")
        }
        let template = try Template.cluster(bin: bin)
        let server = try PostgresServer(bin: bin)
        try Self.run("/bin/cp", ["-a", template, server.dataDirectory])
        try server.startServer()
        return server
    }

    /// The process's template cluster, made by `initdb` on first use (`-N`: no fsync of a cluster that is only
    /// copied) and removed when the process exits.
    private enum Template {
        private static let lock = NSLock()
        nonisolated(unsafe) private static var made: Result<String, any Error>?
        nonisolated(unsafe) private static var directory: String?

        static func cluster(bin: String) throws -> String {
            lock.lock()
            defer { lock.unlock() }
            if let made { return try made.get() }
            let result = Result { () throws -> String in
                let template = try PostgresServer(bin: bin)
                directory = template.directory
                atexit { Template.remove() }
                try template.initialize()
                return template.dataDirectory
            }
            made = result
            return try result.get()
        }

        static func remove() {
            if let directory { try? FileManager.default.removeItem(atPath: directory) }
        }
    }

    private init(bin: String) throws {
        self.bin = bin
        runAs = getuid() == 0 ? "postgres" : nil
        directory = "/tmp/flightlog-pg-\(UUID().uuidString.prefix(8))"
        port = freePort()
        try FileManager.default.createDirectory(atPath: directory + "/socket", withIntermediateDirectories: true)
        if let runAs {
            try Self.run("/bin/chown", ["-R", "\(runAs):\(runAs)", directory])
        }
    }

    private func initialize() throws {
        let passwordFile = directory + "/superuser-password"
        try "postgres\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        if let runAs { try Self.run("/bin/chown", ["\(runAs):\(runAs)", passwordFile]) }
        try tool(
            "initdb",
            [
                "-N", "-D", dataDirectory, "-U", "postgres", "--pwfile", passwordFile, "--auth-local=trust",
                "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8",
            ])
    }

    func startServer() throws {
        try tool(
            "pg_ctl",
            [
                "start", "-w", "-D", dataDirectory, "-l", directory + "/server.log", "-o",
                "-p \(port) -k \(socketDirectory) -c listen_addresses=127.0.0.1 -c fsync=off",
            ])
    }

    /// Turns TLS on (a self-signed certificate for 127.0.0.1, made by `openssl`) and makes every TCP login use it
    /// (`hostssl` in pg_hba.conf), then restarts the server.
    func requireTLS() throws {
        let key = dataDirectory + "/server.key", certificate = dataDirectory + "/server.crt"
        try Self.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                "-subj", "/CN=127.0.0.1", "-keyout", key, "-out", certificate,
            ])
        chmod(key, 0o600)
        if let runAs { try Self.run("/bin/chown", ["\(runAs):\(runAs)", key, certificate]) }
        let hba = dataDirectory + "/pg_hba.conf"
        let rules = try String(contentsOfFile: hba, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { $0.hasPrefix("host ") ? "hostssl" + $0.dropFirst(4) : $0 }
        try rules.joined(separator: "\n").write(toFile: hba, atomically: false, encoding: .utf8)
        let settings = dataDirectory + "/postgresql.conf"
        try (try String(contentsOfFile: settings, encoding: .utf8) + "\nssl = on\n")
            .write(toFile: settings, atomically: false, encoding: .utf8)
        try tool("pg_ctl", ["stop", "-w", "-D", dataDirectory, "-m", "fast"])
        try startServer()
    }

    /// `pg_ctl stop -m immediate`: every connection is cut at once, open transactions are lost (as a power cut).
    func stopImmediately() throws {
        try tool("pg_ctl", ["stop", "-w", "-D", dataDirectory, "-m", "immediate"])
    }

    /// Stops the server and removes its directory.
    func remove() {
        _ = try? tool("pg_ctl", ["stop", "-w", "-D", dataDirectory, "-m", "fast"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Creates a login role with a password and a database it owns.
    func createDatabase(_ name: String, owner: String, password: String) throws {
        _ = try psql("CREATE ROLE \(owner) LOGIN PASSWORD '\(password)'", database: "postgres")
        _ = try psql("CREATE DATABASE \(name) OWNER \(owner)", database: "postgres")
    }

    /// Runs SQL as the superuser over the Unix socket; rows as lines, columns separated by `|`.
    func psql(_ sql: String, database: String) throws -> String {
        try tool(
            "psql",
            [
                "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory, "-p", "\(port)",
                "-U", "postgres", "-d", database, "-c", sql,
            ])
    }

    /// Runs SQL over TCP as `login` with its password: that login's own session, as a glider's would be (not the
    /// superuser's `SET ROLE`). Several statements in `sql` run in one transaction.
    func psql(_ sql: String, database: String, login: String, password: String) throws -> String {
        try tool(
            "psql",
            [
                "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql,
                "-d", "host=127.0.0.1 port=\(port) dbname=\(database) user=\(login) password=\(password)",
            ])
    }

    /// Starts `psql` on `sql` as the superuser, with application name `name`, and returns without waiting: for a
    /// transaction a test keeps open (ending in `pg_sleep`). End it with `pg_terminate_backend`, then ``reap(_:)``.
    func psqlInBackground(_ sql: String, database: String, name: String) throws -> pid_t {
        let psql = bin + "/psql"
        let command =
            (runAs.map { ["/usr/sbin/runuser", "-u", $0, "--", psql] } ?? [psql]) + [
                "-X", "-q", "-h", socketDirectory, "-p", "\(port)", "-U", "postgres",
                "-d", "dbname=\(database) application_name=\(name)", "-c", sql,
            ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDWR, 0) }
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw PostgresServerError("cannot start \(command[0]): error \(spawned)") }
        return pid
    }

    /// Waits for a process of ``psqlInBackground(_:database:name:)`` to end.
    static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Lines of `psql`, empty ones dropped.
    func rows(_ sql: String, database: String) throws -> [String] {
        try psql(sql, database: database).split(separator: "\n").map(String.init)
    }

    @discardableResult
    private func tool(_ name: String, _ arguments: [String]) throws -> String {
        if let runAs {
            return try Self.run("/usr/sbin/runuser", ["-u", runAs, "--", bin + "/" + name] + arguments)
        }
        return try Self.run(bin + "/" + name, arguments)
    }

    /// Runs a tool with its output in files, by posix_spawn + waitpid: Foundation's `Process` was seen waiting
    /// forever for `runuser pg_ctl start` (which leaves a server behind) after it had exited.
    @discardableResult
    private static func run(_ path: String, _ arguments: [String]) throws -> String {
        let outputPath = "/tmp/flightlog-pg-output-\(UUID().uuidString)"
        let errorPath = outputPath + ".err"
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw PostgresServerError("cannot start \(path): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw PostgresServerError("\(path) \(arguments.joined(separator: " ")) failed: \(text)\(message)")
        }
        return text
    }
}

extension Trait where Self == ConditionTrait {
    /// For a test that starts its own PostgreSQL server: skipped, with the reason, where PostgreSQL is missing.
    static var postgreSQL: Self {
        .enabled(
            if: PostgresServer.isAvailable,
            "needs PostgreSQL's initdb and pg_ctl (apt install postgresql); CI sets FLIGHTLOG_REQUIRE_POSTGRESQL=1")
    }
}

struct PostgresServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
