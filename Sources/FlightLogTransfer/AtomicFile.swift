import FlightLogCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file could not be written; the description says what to do (the old file, if any, is unchanged).
package struct FileWriteError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Writes export files so that a failure never costs the pilot a file: the bytes go to a new temporary file
/// in the target's folder, every write, the fsync and the close are checked, and only a complete file is
/// renamed over the target (then the folder is synced). On any error the temporary is removed and whatever was
/// at the target stays as it was. Only regular files are ever replaced: a symbolic link, FIFO, device or socket
/// at the target is refused untouched.
package enum AtomicFile {
    /// Throws unless `path` is absent or a regular file, and its folder exists; returns the file's `stat`.
    @discardableResult
    package static func checkTarget(_ path: String) throws(FileWriteError) -> stat? {
        let existing = try existingRegularFile(path)
        let folder = (path as NSString).deletingLastPathComponent
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw FileWriteError("cannot write \(path): the folder \(folder) does not exist; create it first")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw FileWriteError("cannot write \(path): \(folder) is not a folder")
        }
        return existing
    }

    /// Writes `bytes` to `path` completely or not at all (see the type's description).
    package static func write(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        let old = try checkTarget(path)
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<8 where fd < 0 {
            // Within NAME_MAX however long the target's name is (hidden dot, 16 hex digits and ".tmp" added).
            temporary = (folder as NSString).appendingPathComponent(
                ".\(ExportNames.fitted(name, maxBytes: 200)).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
            )
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            if fd < 0 && errno != EEXIST { break }
        }
        guard fd >= 0 else { throw failure(path, errno) }
        var isOpen = true
        defer {
            if isOpen { close(fd) }
            if !temporary.isEmpty { unlink(temporary) }
        }
        if let old { fchmod(fd, old.st_mode & 0o7777) }  // the replacement keeps the old file's permissions
        if let error = writeAll(bytes, to: fd) { throw failure(path, error) }
        guard fsync(fd) == 0 else { throw failure(path, errno) }
        isOpen = false
        guard close(fd) == 0 else { throw failure(path, errno) }
        _ = try existingRegularFile(path)  // still nothing but a regular file there
        guard rename(temporary, path) == 0 else { throw failure(path, errno) }
        temporary = ""
        let folderFd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folderFd >= 0 else { throw failure(path, errno, written: true) }
        defer { close(folderFd) }
        if fsync(folderFd) != 0 && errno != EINVAL { throw failure(path, errno, written: true) }
    }

    /// Writes `bytes` to standard output (`-o -`); a closed pipe or a full disk is an error.
    package static func writeToStandardOutput(_ bytes: [UInt8]) throws(FileWriteError) {
        signal(SIGPIPE, SIG_IGN)  // a reader that goes away is reported as EPIPE, not a silent death
        if let error = writeAll(bytes, to: STDOUT_FILENO) {
            throw FileWriteError("cannot write to standard output: \(reason(error))")
        }
    }

    /// True when a regular file at `path` holds exactly `bytes` (an export that would change nothing).
    package static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == bytes.count,
            let data = FileManager.default.contents(atPath: path)
        else { return false }
        return [UInt8](data) == bytes
    }

    /// Whether an export of `bytes` may take `name` in `folder` (whose names are `entries`): nothing there of that
    /// name, ignoring case (a FAT stick or a phone cannot tell `A.igc` from `a.igc`), or exactly this name with
    /// exactly these bytes already (the same export again).
    package static func isFree(_ name: String, in folder: String, entries: [String], for bytes: [UInt8]) -> Bool {
        let lower = name.lowercased()
        return entries.allSatisfy { entry in
            entry.lowercased() != lower
                || (entry == name && holds((folder as NSString).appendingPathComponent(name), bytes))
        }
    }

    /// Whether anything (a dangling symbolic link too) is at `path`.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The `stat` of the regular file at `path`, `nil` when nothing is there; throws for anything else.
    private static func existingRegularFile(_ path: String) throws(FileWriteError) -> stat? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw failure(path, errno)
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return info
        case S_IFLNK: kind = "a symbolic link"
        case S_IFIFO: kind = "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        case S_IFDIR: throw FileWriteError("cannot write \(path): it is a folder; name a file inside it")
        default: kind = "not a regular file"
        }
        throw FileWriteError(
            "refusing to write \(path): it is \(kind); give a regular file or a folder (nothing was changed)")
    }

    /// Writes every byte, retrying short and interrupted writes; returns the errno of a failure.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return n < 0 ? errno : EIO
                }
            }
            return nil
        }
    }

    private static func failure(_ path: String, _ error: Int32, written: Bool = false) -> FileWriteError {
        if written {
            return FileWriteError("wrote \(path), but the disk did not confirm it (\(reason(error))); check the file")
        }
        return FileWriteError("cannot write \(path): \(reason(error)) (any old file there is unchanged)")
    }

    /// What an errno means to the pilot, and what to do.
    package static func reason(_ error: Int32) -> String {
        switch error {
        case ENOSPC, EDQUOT: "the disk is full; free some space and try again"
        case EACCES, EPERM: "permission denied; choose a folder you can write to"
        case EROFS: "the disk is read-only"
        case ENOENT, ENOTDIR: "the folder does not exist; create it first"
        case EPIPE: "the reader closed the pipe"
        case EIO: "the disk reported a read/write error; check the medium"
        case EISDIR: "it is a folder"
        case ENAMETOOLONG: "the name is too long"
        default: String(cString: strerror(error)).lowercased()
        }
    }
}
