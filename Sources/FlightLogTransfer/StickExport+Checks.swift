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
