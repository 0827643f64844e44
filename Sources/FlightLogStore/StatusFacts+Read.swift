import FlightLogCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension StatusFacts {
    /// Everything ``StatusSummary`` says, read from this machine: the status file at `statusPath` and its
    /// modification time, whether the process it names exists, the database's sizes, free space, flight count and
    /// newest flight (from `store`, when the database exists). Never throws: what cannot be read is left out.
    package static func read(
        statusPath: String, databasePath: String, store: FlightStore?, stickExport: String? = nil, now: Date = Date()
    ) -> StatusFacts {
        let snapshot = RecorderStatusFile.read(at: statusPath)
        let file: File =
            switch (snapshot, snapshot?.status) {
            case (nil, _): .missing
            case (_, let status?): .status(status)
            case (let snapshot?, nil): .unreadable(rows: snapshot.rows ?? [])
            }
        let pid = snapshot?.status?.pid ?? 0
        let exists = FileManager.default.fileExists(atPath: databasePath)
        return StatusFacts(
            file: file, statusPath: statusPath,
            modified: snapshot.map { millis($0.modified) }, now: millis(now),
            processExists: pid > 0 ? RecorderStatusFile.processExists(pid: pid) : nil,
            databasePath: databasePath,
            databaseSize: exists ? FlightStore.fileSizes(path: databasePath).text : nil,
            freeBytes: freeSpace(folder: URL(fileURLWithPath: databasePath).deletingLastPathComponent().path),
            flightCount: try? store?.count(matching: FlightFilter()),
            lastFlight: (try? store?.flights(matching: FlightFilter(), newestFirst: true, limit: 1))?.first,
            stickExport: stickExport)
    }
}

extension RecorderStatusFile {
    /// Whether process `pid` exists (also when it belongs to another user, as flightlogd does).
    package static func processExists(pid: Int) -> Bool {
        guard pid > 0, pid <= Int(Int32.max) else { return false }
        return kill(pid_t(pid), 0) == 0 || errno == EPERM
    }
}

private func millis(_ date: Date) -> UTCMillis { UTCMillis((date.timeIntervalSince1970 * 1000).rounded()) }

/// Bytes this user may still write on the file system of `folder`; nil when it cannot be asked.
private func freeSpace(folder: String) -> Int64? {
    var info = statvfs()
    guard statvfs(folder, &info) == 0 else { return nil }
    return Int64(info.f_bavail) * Int64(info.f_frsize)
}
