import FlightLogCore
import Foundation
import GRDB
import GRDBSQLite

/// How a process opens the flight database.
package enum StoreMode: Sendable {
    /// The daemon and importing commands: creates and migrates the database.
    case readWrite
    /// Listing, reports, the web UI: never creates, migrates or writes.
    case readOnly
}

/// The flight database: recordings (track chunks), flights and their edit history, in one SQLite file (WAL).
///
/// One instance per process; it is safe to use from any thread. Every write API is one transaction: it either
/// happens completely or not at all. A `readOnly` store works for another user than the writer's, while the
/// daemon runs or after it exited (persistent WAL).
package final class FlightStore: Sendable {
    package let path: String
    package let mode: StoreMode
    let pool: DatabasePool

    /// Track chunk size for imports and compaction (fixes per blob; about 17 minutes at 1 Hz).
    static let chunkSize = 1024

    /// How long any connection waits for another process's lock before giving up: long enough for the daemon's
    /// commit, a checkpoint and a whole PDF export.
    package static let busyTimeoutSeconds: Double = 10

    /// Opens (and in `readWrite` mode creates and migrates) the database at `path`.
    /// - Throws: `.missingDatabase` (read-only, no file), `.newerSchema`, `.notADatabase`, `.cannotOpen`.
    ///   A database from a newer flightlog is never modified, in either mode.
    package init(path: String, mode: StoreMode) throws(LogbookError) {
        self.path = path
        self.mode = mode
        if let problem = Self.fileProblem(path: path, mode: mode) { throw problem }
        let exists = FileManager.default.fileExists(atPath: path)
        if mode == .readOnly && !exists {
            throw LogbookError(
                .missingDatabase,
                "no flight database at \(path) — import a flight (flightlog import) or start flightlogd")
        }
        // Every connection waits for locks (busy timeout), the schema check's included. GRDB 7 begins every
        // write transaction IMMEDIATE (never a read upgraded to a write), and read-only connections never
        // set up WAL or migrate, so they take no write lock.
        var config = Configuration()
        config.readonly = mode == .readOnly
        config.busyMode = .timeout(Self.busyTimeoutSeconds)
        config.foreignKeysEnabled = true
        if mode == .readWrite {
            config.prepareDatabase { db in
                // Keep -wal and -shm after the last writer closes, so read-only users can still read.
                var one: Int32 = 1
                _ = sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, &one)
            }
        }
        do {
            if mode == .readWrite && !exists {
                let directory = (path as NSString).deletingLastPathComponent
                if !directory.isEmpty {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                }
            }
            let immutable = mode == .readOnly && exists && Self.isLoneCopyOnReadOnlyMedia(path)
            let location = immutable ? Self.immutableURI(path) : path
            var lock: SchemaLock? = SchemaLock(directoryOf: path, exclusive: mode == .readWrite)
            if exists {
                // Check with a read-only connection first: opening a writable pool already writes (WAL setup).
                var readonly = Configuration()
                readonly.readonly = true
                readonly.busyMode = .timeout(Self.busyTimeoutSeconds)
                do {
                    try DatabaseQueue(path: location, configuration: readonly).read { db in
                        try Self.checkSchema(db, path: path, mode: mode)
                    }
                } catch let error as LogbookError where error.code == .olderSchema && Self.isWritable(path) {
                    // A newer flightlog reading an older logbook it may write (after an upgrade, a copy on a
                    // stick): upgraded once, as `import` or flightlogd would, then read as asked.
                    lock = nil  // the upgrade takes it exclusively
                    _ = try FlightStore(path: path, mode: .readWrite)
                }
            }
            if mode == .readOnly { lock = nil }
            pool = try DatabasePool(path: location, configuration: config)
            if mode == .readWrite {
                // Every commit reaches the disk before it returns (GRDB's WAL default, NORMAL, syncs only at
                // checkpoints: a power cut could take the last ~30 s of fixes). The one writer connection keeps it.
                try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
                try Schema.migrator.migrate(pool)
            }
            lock = nil
        } catch let error as CocoaError {
            throw LogbookError(.cannotOpen, "cannot create the flight database \(path): \(error.localizedDescription)")
        } catch {
            throw LogbookError.from(error, path: path)
        }
    }

    /// A read-write store leaves the database file complete when it closes (`flightlog import`, `edit` and
    /// `delete` end here): best effort, a failure leaves the data in the WAL, where SQLite still finds it.
    deinit {
        if mode == .readWrite { _ = try? checkpoint() }
    }

    /// The file and its folder (for the WAL) can be written by this process.
    static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0
            && access(
                (path as NSString).deletingLastPathComponent.isEmpty
                    ? "." : (path as NSString).deletingLastPathComponent, W_OK) == 0
    }

    /// A database this process cannot write (the file or its folder: a write-protected stick, a read-only mount)
    /// with no `-wal` beside it: a copy of the file alone, which no writer is using. SQLite would need a `-shm` file
    /// beside it to read it in WAL mode, and cannot make one there.
    private static func isLoneCopyOnReadOnlyMedia(_ path: String) -> Bool {
        !isWritable(path) && !FileManager.default.fileExists(atPath: path + "-wal")
    }

    /// `path` as an SQLite URI with `immutable=1`: read with no locks and no `-shm` or `-wal`, creating no file.
    private static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? absolute)
            + "?immutable=1"
    }

    /// Refuses databases this binary must not use: not ours, newer, or (read-only) older than this binary.
    private static func checkSchema(_ db: Database, path: String, mode: StoreMode) throws {
        let migrator = Schema.migrator
        let hasMigrations = try db.tableExists("grdb_migrations")
        if !hasMigrations {
            let tableCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            if tableCount > 0 {
                throw LogbookError(
                    .notADatabase, "\(path) is a SQLite database but not a flightlog one; nothing was changed")
            }
            if mode == .readOnly {
                throw LogbookError(
                    .missingDatabase,
                    "the flight database \(path) is empty — import a flight (flightlog import) or start flightlogd")
            }
            return
        }
        if try migrator.hasBeenSuperseded(db) {
            throw LogbookError(
                .newerSchema, "the flight database \(path) was written by a newer flightlog; upgrade flightlog")
        }
        if mode == .readOnly, try !migrator.hasCompletedMigrations(db) {
            throw LogbookError(
                .olderSchema,
                "the flight database \(path) was written by an older flightlog; start flightlogd or run "
                    + "flightlog import once to upgrade it")
        }
    }

    /// Where the database lives: `$FLIGHTLOG_DATABASE`; else the system database
    /// `/var/lib/flightlog/flightlog.sqlite` if it exists; else `$XDG_DATA_HOME/flightlog/flightlog.sqlite`
    /// (`~/.local/share/flightlog/flightlog.sqlite`).
    package static func defaultPath(environment: [String: String]) -> String {
        if let path = environment["FLIGHTLOG_DATABASE"], !path.isEmpty { return path }
        let system = "/var/lib/flightlog/flightlog.sqlite"
        if FileManager.default.fileExists(atPath: system) { return system }
        let folder = UserFolders.data(environment: environment) ?? NSHomeDirectory() + "/.local/share/flightlog"
        return folder + "/flightlog.sqlite"
    }

    // MARK: - Access helpers (map every error to LogbookError)

    func read<T>(_ body: (Database) throws -> T) throws(LogbookError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw LogbookError.from(error, path: path)
        }
    }

    /// One write transaction; refused up front on a read-only store.
    func write<T>(_ body: (Database) throws -> T) throws(LogbookError) -> T {
        guard mode == .readWrite else {
            throw LogbookError(.readOnly, "the flight database \(path) is open read-only: nothing was written")
        }
        do {
            return try pool.write(body)
        } catch {
            throw LogbookError.from(error, path: path)
        }
    }
}
