import FlightLogSecurity
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The logbook's own files, which no export may ever write over: the database and SQLite's `-wal`, `-shm` and
/// `-journal` beside it, flightlogd's live journal (`<database>.live`), the signing key and its public key, and
/// the config file. A target is one of them when its resolved path (symbolic links and `..` followed) is one of
/// theirs, or when it is the same file (device and inode: a hard link, a bind mount); plain string comparison
/// would miss `./x/../flightlog.sqlite`. Files that do not exist yet (a `-wal`) are matched by path.
package struct LogbookFiles: Sendable {
    private struct Identity: Hashable { var device: UInt64, inode: UInt64 }

    /// Resolved path → what the file is, for the error message.
    private var paths: [String: String] = [:]
    private var identities: [Identity: String] = [:]

    package init(databasePath: String, configPath: String?) {
        let key = DeviceKey.path(besideDatabase: databasePath)
        var files = [
            (databasePath, "the flight database"), (databasePath + "-wal", "the database's write-ahead log"),
            (databasePath + "-shm", "the database's shared memory file"),
            (databasePath + "-journal", "the database's rollback journal"),
            (databasePath + ".live", "flightlogd's live journal"), (key, "the signing key"),
            (DeviceKey.publicKeyPath(forKeyAt: key), "the signing key's public key"),
        ]
        if let configPath { files.append((configPath, "the config file")) }
        for (path, what) in files {
            paths[Self.resolved(path)] = what
            if let identity = Self.identity(path) { identities[identity] = what }
        }
    }

    /// What `path` is when it is one of the logbook's files (e.g. "the flight database"), else nil.
    package func role(of path: String) -> String? {
        if let what = paths[Self.resolved(path)] { return what }
        return Self.identity(path).flatMap { identities[$0] }
    }

    /// Throws when `path` is one of the logbook's files, saying which and what to do.
    package func check(_ path: String) throws(FileWriteError) {
        if let what = role(of: path) {
            throw FileWriteError(
                "refusing to write \(path): it is \(what) of this logbook; give another file name or folder (nothing was changed)"
            )
        }
    }

    private static func identity(_ path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// `path` absolute with its folder's symbolic links and `..` resolved (and the file's own link, if it is one).
    static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if let real = realpath(absolute, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let folder = (absolute as NSString).deletingLastPathComponent, name = (absolute as NSString).lastPathComponent
        guard let real = realpath(folder, nil) else { return (absolute as NSString).standardizingPath }
        defer { free(real) }
        return (String(cString: real) as NSString).appendingPathComponent(name)
    }
}
