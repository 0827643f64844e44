import FlightLogCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Bytes on disk of the database file and of its write-ahead log (committed data not yet copied into the file).
package struct StoreFileSizes: Sendable, Equatable {
    package var database: Int64
    package var wal: Int64
    package var total: Int64 { database + wal }

    package init(database: Int64, wal: Int64) {
        self.database = database
        self.wal = wal
    }

    /// "1088 KiB, WAL 1412 KiB (not yet in the file)" — what `flightlog status` shows.
    package var text: String {
        func kib(_ bytes: Int64) -> String { "\((bytes + 1023) / 1024) KiB" }
        return "\(kib(database)), WAL \(kib(wal))" + (wal > 0 ? " (not yet in the file)" : "")
    }
}

extension FlightStore {
    /// Sizes of `path` and `path-wal` by stat(2) (0 for a missing file); needs no open store.
    package static func fileSizes(path: String) -> StoreFileSizes {
        func size(_ file: String) -> Int64 {
            var info = stat()
            return stat(file, &info) == 0 ? Int64(info.st_size) : 0
        }
        return StoreFileSizes(database: size(path), wal: size(path + "-wal"))
    }

    /// Sizes of this store's database file and WAL (cheap: the daemon asks every few seconds).
    package func fileSizes() -> StoreFileSizes { Self.fileSizes(path: path) }

    /// Bytes on disk: the database file plus its write-ahead log.
    package func databaseSizeBytes() throws(LogbookError) -> Int64 { fileSizes().total }

    /// A clear error when `path` cannot be the database for `mode`: a folder, a FIFO or device, a file this user
    /// may not read (or, to write, not write). `nil` when it looks usable or does not exist yet.
    static func fileProblem(path: String, mode: StoreMode) -> LogbookError? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case EACCES:
                return LogbookError(
                    .cannotOpen,
                    "this user may not open a folder on the way to the flight database \(path); check its permissions")
            case ENOTDIR:
                return LogbookError(
                    .cannotOpen, "\(path): a part of this path is a file, not a folder; check --database")
            default: return nil  // missing: created (read-write) or reported as missing (read-only) by the caller
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR:
            return LogbookError(
                .cannotOpen,
                "\(path) is a folder, not a flight database; give the database file, e.g. --database \((path as NSString).appendingPathComponent("flightlog.sqlite"))"
            )
        default:
            return LogbookError(
                .cannotOpen, "\(path) is not a regular file; give the flight database file with --database")
        }
        if access(path, R_OK) != 0 {
            return LogbookError(
                .cannotOpen,
                "this user may not read the flight database \(path); check its permissions or ask its owner")
        }
        if mode == .readWrite, access(path, W_OK) != 0 {
            return LogbookError(
                .readOnly,
                "this user may not write the flight database \(path): nothing was written; use sudo or ask its owner")
        }
        return nil
    }
}
