import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX file steps behind ``DeviceKey``: a private file read only when it is safe, and files made atomically.
enum KeyFiles {
    /// The `size` bytes of the private file at `path`; `nil` when there is none.
    /// - Throws: ``SecurityError`` when it cannot be opened, is not a regular file (a symbolic link too), has any
    ///   group/other permission, or has another size.
    /// `O_NONBLOCK`: opening a FIFO with no writer would wait forever; the `fstat` below then refuses it.
    static func readPrivate(_ path: String, size: Int) throws(SecurityError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if fd < 0 {
            let code = errno
            switch code {
            case ENOENT: return nil
            case EACCES, EPERM:
                throw SecurityError(
                    "cannot read the signing key \(path): permission denied (only the user flightlogd runs as may; "
                        + "run as that user, e.g. sudo -u flightlog flightlog …)")
            case ELOOP:
                throw SecurityError(
                    "the signing key \(path) is a symbolic link: refused; put the key file itself there")
            default: throw SecurityError("cannot open the signing key \(path): \(String(cString: strerror(code)))")
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw SecurityError("cannot stat the signing key \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw SecurityError(
                "the signing key \(path) is not a regular file: refused; move it away to make a new key")
        }
        let permissions = Int(info.st_mode & 0o777)
        guard permissions & 0o077 == 0 else {
            throw SecurityError(
                "the signing key \(path) is open to group or others (mode \(String(permissions, radix: 8))): refused; "
                    + "run chmod 600 \(path) if nobody else could have read it, else move it away to make a new key")
        }
        guard info.st_size == size else {
            throw SecurityError(
                "the signing key \(path) has \(info.st_size) bytes, an Ed25519 key has \(size): refused; "
                    + "move it away to make a new key (files signed before then verify only with --key)")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, size) }
        guard count == size else {
            throw SecurityError(
                "cannot read the signing key \(path): \(count < 0 ? String(cString: strerror(errno)) : "short read")")
        }
        return bytes
    }

    /// At most `maxBytes` of a file anyone may read (the public key).
    /// Only a regular file, opened without blocking (a FIFO or device in its place is refused, not waited on).
    static func readPublic(_ path: String, maxBytes: Int) throws(SecurityError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SecurityError("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw SecurityError("\(path) is not a regular file: refused; name the public key file itself")
        }
        var bytes = [UInt8](repeating: 0, count: maxBytes)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, maxBytes) }
        guard count >= 0 else { throw SecurityError("cannot read \(path): \(String(cString: strerror(errno)))") }
        return Array(bytes.prefix(count))
    }

    /// Writes `bytes` to `path` with `mode`: a temporary file beside it (O_EXCL, the mode set before any byte is
    /// written), fsync, then renamed over `path` (`replace`) or linked to it (otherwise: an existing file is never
    /// replaced; returns `false` then), and the folder fsynced.
    /// - Throws: ``SecurityError`` when any step fails; the temporary file is removed.
    static func store(_ bytes: [UInt8], to path: String, mode: mode_t, replace: Bool) throws(SecurityError) -> Bool {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        func failure(_ step: String, _ code: Int32) -> SecurityError {
            SecurityError(
                "cannot \(step) \(path): \(String(cString: strerror(code))); check that \(folder) exists and is writable"
            )
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw failure("create", errno) }
        var written = 0
        var code: Int32 = 0
        if fchmod(fd, mode) != 0 { code = errno }
        while code == 0 && written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno != EINTR { code = errno } else if n > 0 { written += n }
        }
        if code == 0 && fsync(fd) != 0 { code = errno }
        if close(fd) != 0 && code == 0 { code = errno }
        guard code == 0 else {
            unlink(temporary)
            throw failure("write", code)
        }
        defer { unlink(temporary) }
        if replace {
            guard rename(temporary, path) == 0 else { throw failure("rename a new file to", errno) }
        } else if link(temporary, path) != 0 {
            if errno == EEXIST { return false }
            throw failure("link a new file to", errno)
        }
        let dirFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
        return true
    }
}
