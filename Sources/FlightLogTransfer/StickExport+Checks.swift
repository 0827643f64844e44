import FlightLogCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The checks made before anything is written to a stick, each failing with what to do.
extension StickExport {
    /// The stick's folder exists, is a folder, and the stick takes writes.
    static func checkWritableFolder(_ folder: String) throws(StickExportError) {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw StickExportError("cannot write to \(folder): \(AtomicFile.reason(errno)); nothing was written")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw StickExportError("\(folder) is not a folder; give the stick's FLIGHTLOG folder")
        }
        var fs = statvfs()
        if statvfs(folder, &fs) == 0, fs.f_flag & UInt(ST_RDONLY) != 0 {
            throw StickExportError(
                "the stick is read-only (its write-protect switch, or a damaged file system the kernel mounted read-only); nothing was written"
            )
        }
        guard access(folder, W_OK) == 0 else {
            throw StickExportError("cannot write to \(folder): \(AtomicFile.reason(errno)); nothing was written")
        }
    }

    /// Takes the folder's export lock (`flock` on the folder itself), held until the returned descriptor is closed:
    /// two exports into one folder at once (the stick's service and one by hand, or two logbooks) would each pick
    /// names and write their memory without seeing the other's files, and could replace each other's files.
    static func lockFolder(_ folder: String) throws(StickExportError) -> Int32 {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw StickExportError("cannot write to \(folder): \(AtomicFile.reason(errno)); nothing was written")
        }
        var result: Int32
        repeat { result = flock(fd, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
        if result != 0 && errno == EWOULDBLOCK {
            close(fd)
            throw StickExportError(
                "another export is writing to \(folder) right now; run this again when it has finished "
                    + "(nothing was written)")
        }
        // The folder may have been removed (a failed export that made it) or replaced while it was opened: the
        // lock then guards nothing anyone else sees.
        var held = stat(), named = stat()
        if fstat(fd, &held) == 0,
            stat(folder, &named) != 0 || held.st_ino != named.st_ino || held.st_dev != named.st_dev
        {
            close(fd)
            throw StickExportError(
                "\(folder) was removed or replaced while this export started; run it again (nothing was written)")
        }
        return fd  // a file system without locks (result != 0 otherwise) is written without one, as before
    }

    /// Throws when `path` (the folder's `logbook.pdf`, backup or `README.txt`) holds a file this export may not
    /// replace: one that is there although no export to this folder is remembered (`remembered`), and that is not
    /// flightlog's own (a PDF whose creator is flightlog, an SQLite database, flightlog's README). A pilot's own
    /// `logbook.pdf` (a scan of the paper logbook) in a folder chosen for the export is never written over.
    static func checkSetFile(_ path: String, remembered: Bool) throws(StickExportError) {
        guard !remembered, exists(path) else { return }
        let name = (path as NSString).lastPathComponent
        let ours: Bool
        switch name {
        case logbookName:
            ours =
                bytes(path, count: 5, fromStart: true) == Array("%PDF-".utf8)
                && contains(bytes(path, count: 64 << 10), Array("/Creator (flightlog)".utf8))
        case EditedOriginal.readmeName:
            let first = Array(EditedOriginal.readmeFirstLine.utf8)
            ours = bytes(path, count: first.count, fromStart: true) == first
        default:
            ours = bytes(path, count: 16, fromStart: true) == Array("SQLite format 3\0".utf8)
        }
        guard !ours else { return }
        throw StickExportError(
            "\(path) is not a file flightlog wrote there: move it away or export to another folder "
                + "(nothing was written)")
    }

    /// The last `count` bytes of the regular file at `path` (or the first, `fromStart`); empty when unreadable.
    private static func bytes(_ path: String, count: Int, fromStart: Bool = false) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return [] }
        let offset = fromStart ? 0 : max(0, Int(info.st_size) - count)
        var bytes = [UInt8](repeating: 0, count: min(count, Int(info.st_size)))
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
        return n == bytes.count ? bytes : []
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// Room for every file at once (a replaced file's old copy stays until the new one is complete), with a
    /// cluster's slack per file.
    static func checkSpace(_ folder: String, needed: Int64, files: Int) throws(StickExportError) {
        var fs = statvfs()
        guard statvfs(folder, &fs) == 0 else { return }
        let free = Int64(fs.f_bavail) * Int64(fs.f_frsize)
        let total = needed + Int64(files) * max(Int64(fs.f_bsize), 4096)
        if free < total {
            throw StickExportError(
                "the stick is full: it has \(megabytes(free)) free and the export needs \(megabytes(total)); "
                    + "delete files from it or use a bigger stick (nothing was written)")
        }
    }

    /// The memories' folder exists (made on first use) and can be written, before anything goes to the stick.
    static func prepareMemoryFolder(_ folder: String) throws(StickExportError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        } catch {
            var info = stat()
            if stat(folder, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {  // missing, or a file in its place
                throw StickExportError(
                    "cannot make \(folder) to remember what each stick holds: check the permissions of its parent (run as the flightlog user); nothing was written"
                )
            }
        }
        guard access(folder, W_OK) == 0 else {
            throw StickExportError(
                "cannot remember what each stick holds in \(folder): this user may not write there (run as the flightlog user); nothing was written"
            )
        }
    }

    package static func megabytes(_ bytes: Int64) -> String {
        bytes < 1_048_576 ? "\((bytes + 1023) / 1024) KiB" : String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}
