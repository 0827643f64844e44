import FlightLogCore
import FlightLogServer
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The Status page reads flightlogd's status file through its one owner (`RecorderStatusFile`): a FIFO, a folder
/// or a huge file in its place is "no recorder status", at once, never a page that waits forever.
@Suite("Status page and the status file", .timeLimit(.minutes(1)))
struct StatusFileTests {
    @Test func aFIFOFolderOrHugeFileInTheStatusFilesPlaceIsNoStatus() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        _ = try logbook.fillWithThreeFlights()
        let statusPath = logbook.folder + "/flightlogd.status.json"
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            #expect(mkfifo(statusPath, 0o600) == 0)
            let fifo = try await client.get("/status")
            #expect(fifo.status == 200 && fifo.text.contains("no status from flightlogd"))
            unlink(statusPath)
            try FileManager.default.createDirectory(atPath: statusPath, withIntermediateDirectories: false)
            #expect(try await client.get("/status").text.contains("no status from flightlogd"))
            try FileManager.default.removeItem(atPath: statusPath)
            try Data(repeating: 0x20, count: 300 << 10).write(to: URL(fileURLWithPath: statusPath))
            #expect(try await client.get("/status").text.contains("no status from flightlogd"))
            try Data(#"{"pid":7,"flying":true}"#.utf8).write(to: URL(fileURLWithPath: statusPath))
            let fresh = try await client.get("/status")
            #expect(
                fresh.text.contains("its status file is unreadable") && fresh.text.contains("<dt>pid</dt><dd>7</dd>"))
        }
    }
}
