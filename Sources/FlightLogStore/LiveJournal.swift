import FlightLogCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A small preallocated file beside the database that holds the fixes not yet settled into SQLite, rewritten
/// every second in whole 512-byte sectors with O_DIRECT|O_DSYNC: one sector per second instead of a WAL frame
/// that dirties two 4 KiB pages (an SD card wears by pages written). Layout and record format: ``LiveJournalRecord``.
///
/// Use: at start, ``recover(path:)`` and commit what it returns to SQLite, then open the journal; every
/// second ``append(_:recordingId:)`` the new fixes; once a minute (and at takeoff, landing and shutdown)
/// commit ``unsettled`` to SQLite, then call ``settled()``.
///
/// Settled fixes: ``settled()`` returns only after an empty record with a higher sequence is on disk, so
/// recovery never offers fixes settled before it. A power cut *during* that one write can leave the previous
/// record newest, which holds fixes already committed: so the caller must also dedupe what recovery returns by
/// time (keep only fixes later than the newest stored fix of that recording).
///
/// Not thread-safe: one owner (the recorder) calls it.
package final class LiveJournal {
    /// How writes reach the disk.
    package enum WriteMode: Sendable, Equatable {
        /// O_DIRECT|O_DSYNC: each write goes to the device as whole sectors, without the page cache.
        case direct
        /// pwrite + fdatasync, where the file system refuses O_DIRECT (tmpfs, some overlays): dirties 4 KiB pages.
        case buffered
    }

    package let path: String
    package private(set) var mode: WriteMode
    /// Fixes appended since the last ``settled()``, in order.
    package private(set) var unsettled: [Fix] = []
    private var recordingId: Int64 = 0
    private var nextSequence: UInt64
    private var fd: Int32
    /// posix_memalign'ed (4096) buffer of one slot: O_DIRECT needs aligned memory.
    private let buffer: UnsafeMutableRawPointer

    /// Opens the journal at `path`, creating and zero-filling it (normal writes + fsync) when missing or of the
    /// wrong size, so that later writes overwrite allocated blocks and never change size or metadata.
    /// Keeps the records in it: call ``recover(path:)`` first. `direct: false` forces the buffered mode.
    package init(path: String, direct: Bool = true) throws(LiveJournalError) {
        self.path = path
        try Self.prepareFile(path)
        let existing = Self.readFile(path).flatMap { LiveJournalRecord.newest(in: $0) }
        nextSequence = (existing?.sequence ?? 0) + 1
        recordingId = existing?.recordingId ?? 0
        (fd, mode) = try Self.open(path, direct: direct)
        // Allocated last: a throw before every property is set does not run deinit.
        var raw: UnsafeMutableRawPointer?
        guard posix_memalign(&raw, 4096, LiveJournalRecord.slotSize) == 0, let raw else {
            close(fd)
            throw LiveJournalError("out of memory for the live journal buffer")
        }
        buffer = raw
    }

    deinit {
        close(fd)
        free(buffer)
    }

    /// Adds `fixes` to the unsettled ones and writes them all as one record (durable when this returns).
    /// - Throws: when the record outgrows a slot (settle first), the recording changed with fixes unsettled,
    ///   or the write failed; the in-memory list is unchanged then.
    package func append(_ fixes: [Fix], recordingId: Int64) throws(LiveJournalError) {
        if !unsettled.isEmpty && recordingId != self.recordingId {
            throw LiveJournalError(
                "recording \(recordingId) started with \(unsettled.count) fixes of recording \(self.recordingId) "
                    + "unsettled: settle first")
        }
        try write(LiveJournalRecord(recordingId: recordingId, sequence: nextSequence, fixes: unsettled + fixes))
        unsettled += fixes
        self.recordingId = recordingId
    }

    /// Call after the fixes in ``unsettled`` were committed to SQLite: writes an empty record so that recovery
    /// no longer offers them, and clears the list.
    package func settled() throws(LiveJournalError) {
        try write(LiveJournalRecord(recordingId: recordingId, sequence: nextSequence, fixes: []))
        unsettled = []
    }

    /// The fixes of the newest valid record at `path`, or nil when there is none, it is empty (settled), or the
    /// file is missing or unreadable. A torn or corrupt slot is ignored; the other slot holds the previous write.
    package static func recover(path: String) -> (recordingId: Int64, fixes: [Fix])? {
        guard let bytes = readFile(path), let record = LiveJournalRecord.newest(in: bytes), !record.fixes.isEmpty
        else { return nil }
        return (record.recordingId, record.fixes)
    }

    // MARK: - File

    private func write(_ record: LiveJournalRecord) throws(LiveJournalError) {
        let bytes = record.encoded()
        guard bytes.count <= LiveJournalRecord.slotSize else {
            throw LiveJournalError(
                "the live journal holds \(LiveJournalRecord.payloadCapacity) bytes of fixes, \(record.fixes.count) "
                    + "fixes need \(bytes.count): settle them into the database first")
        }
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        let offset = off_t(record.slot * LiveJournalRecord.slotSize)
        var result = Self.writeAll(fd, buffer, bytes.count, offset, sync: mode == .buffered)
        if result == EINVAL && mode == .direct {
            // Some file systems accept O_DIRECT at open and refuse it at the first write.
            close(fd)
            (fd, mode) = try Self.open(path, direct: false)
            result = Self.writeAll(fd, buffer, bytes.count, offset, sync: true)
        }
        guard result == 0 else {
            throw LiveJournalError("cannot write the live journal \(path): \(String(cString: strerror(result)))")
        }
        nextSequence += 1
    }

    /// 0 or the errno of the failed pwrite / fdatasync.
    private static func writeAll(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ offset: off_t, sync: Bool)
        -> Int32
    {
        var done = 0
        while done < count {
            let n = pwrite(fd, buffer + done, count - done, offset + off_t(done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return n < 0 ? errno : EIO }
            done += n
        }
        return sync && fdatasync(fd) != 0 ? errno : 0
    }

    /// O_DIRECT is not exported by Swift's Glibc module (glibc defines it only with _GNU_SOURCE): the values
    /// from the kernel's asm-generic and arch fcntl.h.
    private static var oDirect: Int32 {
        #if arch(x86_64) || arch(i386)
        0o40000
        #elseif arch(arm64) || arch(arm)
        0o200000
        #else
        0  // unknown architecture: buffered
        #endif
    }

    private static func open(_ path: String, direct: Bool) throws(LiveJournalError) -> (Int32, WriteMode) {
        if direct && oDirect != 0 {
            let fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_DSYNC | oDirect)
            if fd >= 0 { return (fd, .direct) }
            guard errno == EINVAL else { throw LiveJournalError.cannotOpen(path) }
        }
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw LiveJournalError.cannotOpen(path) }
        return (fd, .buffered)
    }

    /// Creates or resets the file to ``LiveJournalRecord/fileSize`` zero bytes, durably, unless it has that size.
    private static func prepareFile(_ path: String) throws(LiveJournalError) {
        var info = stat()
        if stat(path, &info) == 0 && info.st_size == off_t(LiveJournalRecord.fileSize) { return }
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LiveJournalError.cannotOpen(path) }
        defer { close(fd) }
        // In 4 KiB writes: one large write can leave one large page-cache folio (ext4 on Linux >= 6.16), and then
        // every buffered write of a sector dirties all 64 KiB of it.
        let zeros = [UInt8](repeating: 0, count: 4096)
        let result =
            stride(from: 0, to: LiveJournalRecord.fileSize, by: zeros.count).lazy
            .map { offset in
                zeros.withUnsafeBytes { writeAll(fd, $0.baseAddress!, zeros.count, off_t(offset), sync: false) }
            }
            .first { $0 != 0 } ?? 0
        guard result == 0, fsync(fd) == 0 else {
            throw LiveJournalError("cannot create the live journal \(path); check free space and the folder's owner")
        }
        // The new directory entry must survive a power cut too.
        let folder = (path as NSString).deletingLastPathComponent
        let directory = Glibc.open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// At most ``LiveJournalRecord/fileSize`` bytes of the file, or nil when it cannot be read.
    private static func readFile(_ path: String) -> [UInt8]? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: LiveJournalRecord.fileSize)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
        guard n >= 0 else { return nil }
        return Array(bytes[0..<n])
    }
}

/// The live journal could not be created or written, or a record would not fit.
package struct LiveJournalError: Error, CustomStringConvertible, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }

    static func cannotOpen(_ path: String) -> LiveJournalError {
        LiveJournalError(
            "cannot open the live journal \(path); check that its folder exists and this user may write it")
    }
}
