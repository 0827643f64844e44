import FlightLogCore
import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#endif

/// A finished ``FlightStore/backup(to:replacing:)``.
package struct BackupResult: Sendable, Equatable {
    package var path: String
    package var flights: Int
    package var bytes: Int64
}

extension FlightStore {
    /// Writes a consistent single-file copy of the database to `destination`, safe while flightlogd records:
    /// SQLite's online backup API copies one snapshot (a read transaction, so no writer is ever blocked) into a
    /// temporary file in the destination's folder; the copy is switched to a rollback journal (it needs no -wal
    /// file, so it opens from a read-only USB stick), must pass `PRAGMA integrity_check` and hold as many flights
    /// as the snapshot, is fsynced and only then renamed to `destination`. On any error the temporary is removed
    /// and `destination` is untouched.
    /// - Throws: `.other` when `destination` exists (unless `replacing`), is not a regular file, is the database
    ///   itself or its folder is missing; `.diskFull`; `.corrupt` when the copy fails its check.
    package func backup(to destination: String, replacing: Bool) throws(LogbookError) -> BackupResult {
        let target = URL(fileURLWithPath: destination).standardizedFileURL.path
        try Self.checkBackupTarget(target, database: path, replacing: replacing)
        let folder = (target as NSString).deletingLastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(
            ".\((target as NSString).lastPathComponent).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw Self.backupFailure(target, errno) }
        close(fd)
        defer {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) }
        }
        let flights: Int
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(Self.busyTimeoutSeconds)
            let copy = try DatabaseQueue(path: temporary, configuration: configuration)
            let expected = try copy.writeWithoutTransaction { copyDb in
                try pool.read { db in
                    let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM flight") ?? 0
                    try db.backup(to: copyDb)
                    return count
                }
            }
            flights = try copy.writeWithoutTransaction { db in
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
                let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard check == ["ok"] else {
                    throw LogbookError(
                        .corrupt,
                        "the backup copy failed its check (\(check.prefix(3).joined(separator: "; "))); nothing was written"
                    )
                }
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM flight") ?? 0
            }
            try copy.close()
            guard flights == expected else {
                throw LogbookError(
                    .corrupt, "the backup copy holds \(flights) of \(expected) flights; nothing was written")
            }
        } catch {
            throw LogbookError.from(error, path: target)
        }
        guard Self.sync(temporary) else { throw Self.backupFailure(target, errno) }
        try Self.checkBackupTarget(target, database: path, replacing: replacing)  // nothing appeared meanwhile
        guard rename(temporary, target) == 0 else { throw Self.backupFailure(target, errno) }
        _ = Self.sync(folder)  // some file systems cannot sync a folder; the file itself is synced
        return BackupResult(path: target, flights: flights, bytes: Self.fileSizes(path: target).database)
    }

    /// `target` may be written: absent, or (when `replacing`) a regular file that is not the database; its folder
    /// exists.
    private static func checkBackupTarget(_ target: String, database: String, replacing: Bool) throws(LogbookError) {
        var info = stat()
        if lstat(target, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder; give a file name in it" : "not a regular file"
                throw LogbookError(.other, "cannot back up to \(target): it is \(kind) (nothing was written)")
            }
            var db = stat()
            if stat(database, &db) == 0, db.st_dev == info.st_dev, db.st_ino == info.st_ino {
                throw LogbookError(.other, "\(target) is the flight database itself; give another file name")
            }
            guard replacing else {
                throw LogbookError(.other, "\(target) exists; give a new file name, or --force to replace it")
            }
        } else if errno != ENOENT {
            throw backupFailure(target, errno)
        }
        let folder = (target as NSString).deletingLastPathComponent
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw LogbookError(
                .other, "cannot back up to \(target): the folder \(folder) does not exist; create it first")
        }
    }

    /// fsync(2) of a file or folder; `false` (errno set) on failure.
    private static func sync(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return fsync(fd) == 0
    }

    private static func backupFailure(_ target: String, _ error: Int32) -> LogbookError {
        switch error {
        case ENOSPC, EDQUOT:
            LogbookError(.diskFull, "cannot back up to \(target): the disk is full (nothing was written)")
        case EACCES, EPERM, EROFS:
            LogbookError(.other, "cannot back up to \(target): this user may not write there (nothing was written)")
        default:
            LogbookError(
                .other, "cannot back up to \(target): \(String(cString: strerror(error))) (nothing was written)")
        }
    }
}
