import FlightLogCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// flightlogd's status file, the one place that knows its name, where it lies, its format and how it is read.
///
/// flightlogd writes a ``RecorderStatus`` every 2 s as JSON (sorted keys), atomically (temporary file + rename);
/// `flightlog status` and the web Status page read it. Readers find it beside the database; the daemon may write it
/// to its runtime folder instead and link it there.
package enum RecorderStatusFile {
    package static let fileName = "flightlogd.status.json"
    /// A status file is about 1.5 KiB; anything much larger is not one.
    package static let maxBytes = 256 << 10

    /// The status file beside the database at `databasePath` (an absolute path for a relative one).
    package static func path(besideDatabase databasePath: String) -> String {
        path(inFolder: URL(fileURLWithPath: databasePath).deletingLastPathComponent().path)
    }

    /// The status file in `folder` (the daemon's runtime folder).
    package static func path(inFolder folder: String) -> String {
        (folder as NSString).appendingPathComponent(fileName)
    }

    /// The file's bytes, as JSON with sorted keys.
    package static func encode(_ status: RecorderStatus) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(status)
    }

    /// Writes `status` to `path` atomically: readers see the old file or the new one, never half of one.
    package static func write(_ status: RecorderStatus, to path: String) throws {
        try encode(status).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// What a reader found: the bytes and when they were written.
    package struct Snapshot: Sendable {
        package var bytes: [UInt8]
        /// The file's modification time (the system clock; see ``RecorderStatus/isStale(fileAgeSeconds:)``).
        package var modified: Date

        /// The status; `nil` when the bytes are not one (another version's or a hostile file).
        package var status: RecorderStatus? { try? JSONDecoder().decode(RecorderStatus.self, from: Data(bytes)) }

        /// Seconds since the file was written, by the system clock.
        package func age(now: Date = Date()) -> Double { now.timeIntervalSince(modified) }

        /// Every value as a `key: value` row, nested objects as `a.b`, keys sorted; `nil` when not a JSON object.
        /// Shows whatever the file holds, so that a newer or older daemon's fields still show.
        package var rows: [(String, String)]? {
            guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                return nil
            }
            var rows: [(String, String)] = []
            flatten("", object, into: &rows)
            return rows
        }
    }

    /// The status file at `path`; `nil` when there is none, or it is no regular file or larger than ``maxBytes``.
    /// Never blocks (a FIFO in its place is refused, not waited on).
    package static func read(at path: String) -> Snapshot? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maxBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            count += n
        }
        guard count <= maxBytes else { return nil }
        let modified = Date(
            timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000)
        return Snapshot(bytes: Array(bytes[..<count]), modified: modified)
    }
}

extension RecorderStatus {
    /// Writes the status atomically (``RecorderStatusFile/write(_:to:)``).
    package func write(to path: String) throws { try RecorderStatusFile.write(self, to: path) }

    /// Reads a status file; throws when it is missing or not a status.
    package static func read(from path: String) throws -> RecorderStatus {
        try JSONDecoder().decode(RecorderStatus.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// Appends `value` as rows; nested objects recurse with `a.b` keys. (A plain function: a recursive local
/// closure capturing `rows` sends the 6.3 compiler's AllocBoxToStack pass into an endless loop.)
private func flatten(_ prefix: String, _ value: Any, into rows: inout [(String, String)]) {
    switch value {
    case let dictionary as [String: Any]:
        for key in dictionary.keys.sorted() {
            flatten(prefix.isEmpty ? key : "\(prefix).\(key)", dictionary[key]!, into: &rows)
        }
    case let array as [Any]: rows.append((prefix, array.map { "\($0)" }.joined(separator: ", ")))
    case is NSNull: rows.append((prefix, "—"))
    default: rows.append((prefix, "\(value)"))
    }
}
