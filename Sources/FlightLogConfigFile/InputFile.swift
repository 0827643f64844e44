import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file a user names or brings (config, CUP, IGC, public key, status): only a regular file, only up to a
/// bound, never blocking.
///
/// `open` without `O_NONBLOCK` waits forever on a FIFO with no writer, and reading a character device such as
/// `/dev/zero` never ends; so the file is opened with `O_NONBLOCK`, must be a regular file by `fstat` of the open
/// descriptor (no race with a rename), and is refused when it has more than `maxBytes` (checked by the size and
/// again by reading at most one byte more).
package enum InputFile {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The bytes of the regular file at `path`; `nil` when there is none. `what` names it in errors ("the config
    /// file"). `followLinks: false` refuses a symbolic link (a key file).
    package static func read(
        _ path: String, what: String, maxBytes: Int, followLinks: Bool = true
    ) throws(Failure) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followLinks ? 0 : O_NOFOLLOW))
        if fd < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP && !followLinks {
                throw Failure(description: "\(what) \(path) is a symbolic link: refused; put the file itself there")
            }
            throw Failure(description: "cannot open \(what) \(path): \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw Failure(description: "cannot read \(what) \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind =
                switch info.st_mode & S_IFMT {
                case S_IFDIR: "a directory"
                case S_IFIFO: "a named pipe (FIFO)"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFSOCK: "a socket"
                default: "not a regular file"
                }
            throw Failure(description: "\(what) \(path) is \(kind), not a file: refused; name a regular file")
        }
        guard info.st_size <= maxBytes else {
            throw Failure(description: tooLarge(what, path, Int(info.st_size), maxBytes))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= maxBytes {
            let wanted = min(chunk.count, maxBytes + 1 - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, wanted) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Failure(description: "cannot read \(what) \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            bytes += chunk[..<n]
        }
        guard bytes.count <= maxBytes else { throw Failure(description: tooLarge(what, path, bytes.count, maxBytes)) }
        return bytes
    }

    private static func tooLarge(_ what: String, _ path: String, _ size: Int, _ maxBytes: Int) -> String {
        "\(what) \(path) has \(size) bytes or more, more than the \(maxBytes) allowed: refused; is it the right file?"
    }
}
