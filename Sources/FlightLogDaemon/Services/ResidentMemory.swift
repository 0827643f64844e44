import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Gives back the memory that start-up touched and recording never needs again.
///
/// Most of flightlogd's resident set is pages of its own (static) executable and of shared libraries that
/// start-up ran once (argument parsing, config, schema check, signing key, airfield data) and the kernel's
/// fault-around mapped in 64 KiB at a time. They are clean copies of files, so dropping them from the process
/// (`MADV_DONTNEED` on a read-only file mapping) loses nothing: what recording uses comes back at the next
/// touch, from the page cache, again 64 KiB at a time (measured 30 → 22 MB at 1 Hz GNSS + 25 Hz barometer;
/// `MADV_PAGEOUT` with `MADV_RANDOM` lowered it no further on Linux 6.18). Mappings with private dirty or
/// anonymous pages (relocated data, `.data`, heap) are never touched: dropping those would lose their contents.
package enum ResidentMemory {
    /// Drops the clean read-only file-backed pages and returns free heap to the system.
    /// - Returns: bytes of mappings advised (not all of it was resident).
    @discardableResult
    package static func dropCleanFilePages() -> Int {
        guard let smaps = readProcFile("/proc/self/smaps") else { return 0 }
        var dropped = 0
        for mapping in Mapping.parse(smaps) where mapping.isCleanReadOnlyFile {
            if madvise(UnsafeMutableRawPointer(bitPattern: mapping.start), mapping.end - mapping.start, MADV_DONTNEED)
                == 0
            {
                dropped += mapping.end - mapping.start
            }
        }
        trimHeap()
        return dropped
    }

    /// The whole of a /proc file (`String(contentsOfFile:)` stops after the first 4 KiB of one: /proc reports
    /// size 0).
    static func readProcFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// glibc's `malloc_trim(0)`: free heap pages back to the system (looked up at run time: `<malloc.h>` is not
    /// part of Swift's Glibc module).
    static func trimHeap() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        typealias MallocTrim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }

    /// One entry of `/proc/self/smaps`.
    struct Mapping: Equatable {
        var start: Int
        var end: Int
        var permissions: Substring
        var path: Substring
        var privateDirtyKB = 0
        var anonymousKB = 0

        /// A read-only private mapping of a file whose pages are all clean file pages.
        var isCleanReadOnlyFile: Bool {
            path.hasPrefix("/") && !permissions.contains("w") && permissions.hasSuffix("p") && privateDirtyKB == 0
                && anonymousKB == 0 && end > start
        }

        /// The mappings of an smaps text (header lines `start-end perms offset dev inode [path]`, then fields).
        static func parse(_ text: String) -> [Mapping] {
            var mappings: [Mapping] = []
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard let first = fields.first else { continue }
                if let dash = first.firstIndex(of: "-"), fields.count >= 5,
                    let start = Int(first[..<dash], radix: 16),
                    let end = Int(first[first.index(after: dash)...], radix: 16)
                {
                    mappings.append(
                        Mapping(start: start, end: end, permissions: fields[1], path: fields.count > 5 ? fields[5] : "")
                    )
                } else if fields.count >= 2, let value = Int(fields[1]), !mappings.isEmpty {
                    switch first {
                    case "Private_Dirty:": mappings[mappings.count - 1].privateDirtyKB = value
                    case "Anonymous:": mappings[mappings.count - 1].anonymousKB = value
                    default: break
                    }
                }
            }
            return mappings
        }
    }
}
