import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One sysfs attribute file of a local IIO device, held open: each sample is a single `pread` at offset 0 (the
/// kernel runs the driver's read for every read from the start of the file), where libiio's local backend opens,
/// reads and closes the file and switches locales for every value. A file that was removed or replaced (its
/// open copy has no links left: fake trees in tests swap values in by rename, a real device that goes away
/// answers ENODEV) is opened again by its path, so a read is never stale.
final class SysfsAttribute {
    let path: String
    private var fd: Int32
    private let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: 64)

    /// Opens `path`; nil (errno set) when it cannot be opened.
    init?(path: String) {
        self.path = path
        fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return nil }  // deinit frees the buffer
    }

    deinit {
        if fd >= 0 { close(fd) }
        buffer.deallocate()
    }

    /// The number in the file (kernel text: `97.772062500`, `25029780`), or the errno of the failure: `ENODATA`
    /// for an empty file, `EINVAL` for text that is not a number.
    func read() -> Result<Double, Errno> {
        var info = stat()
        if fd < 0 || (fstat(fd, &info) == 0 && info.st_nlink == 0) {
            if fd >= 0 { close(fd) }
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return .failure(Errno(errno)) }
        }
        let count = pread(fd, buffer, 63, 0)
        guard count >= 0 else { return .failure(Errno(errno)) }
        guard count > 0 else { return .failure(Errno(ENODATA)) }
        buffer[count] = 0
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(buffer, &end)
        guard let end, end != buffer, value.isFinite else { return .failure(Errno(EINVAL)) }
        return .success(value)
    }

    struct Errno: Error {
        let code: Int32
        init(_ code: Int32) { self.code = code }
    }
}
