import FlightLogCore
import FlightLogStore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The status file has one owner: its name, place, format and safe reading, for flightlogd, `flightlog status` and
/// the web Status page alike.
@Suite struct RecorderStatusFileTests {
    @Test func theFileLiesBesideTheDatabaseAndInTheRuntimeFolder() {
        #expect(
            RecorderStatusFile.path(besideDatabase: "/var/lib/flightlog/flightlog.sqlite")
                == "/var/lib/flightlog/flightlogd.status.json")
        #expect(RecorderStatusFile.path(inFolder: "/run/flightlog") == "/run/flightlog/flightlogd.status.json")
        let relative = RecorderStatusFile.path(besideDatabase: "logbook.sqlite")
        #expect(relative == FileManager.default.currentDirectoryPath + "/flightlogd.status.json")
    }

    @Test func whatTheDaemonWritesEveryReaderReads() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let path = RecorderStatusFile.path(inFolder: dir.path)
        var status = RecorderStatus()
        status.pid = 42
        status.gpsdConnected = true
        status.fixToDiskMillisP50 = 3.5
        try RecorderStatusFile.write(status, to: path)
        let snapshot = try #require(RecorderStatusFile.read(at: path))
        #expect(snapshot.status == status)
        #expect(abs(snapshot.age()) < 60)
        let rows = try #require(snapshot.rows)
        #expect(rows.contains { $0 == ("gpsdConnected", "1") || $0 == ("gpsdConnected", "true") })
        #expect(rows.contains { $0 == ("fixToDiskMillisP50", "3.5") })
        #expect(rows.map(\.0) == rows.map(\.0).sorted(), "keys sorted")
        #expect(try RecorderStatus.read(from: path) == status)
    }

    @Test func anyJSONObjectShowsAsRowsButOnlyAStatusDecodes() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let path = RecorderStatusFile.path(inFolder: dir.path)
        try Data(#"{"gpsd":{"connected":true,"satellites":9},"sky":[1,2],"baro":null}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let snapshot = try #require(RecorderStatusFile.read(at: path))
        #expect(snapshot.status == nil)
        let rows = try #require(snapshot.rows).map { "\($0.0)=\($0.1)" }
        #expect(rows == ["baro=—", "gpsd.connected=1", "gpsd.satellites=9", "sky=1, 2"])
        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(RecorderStatusFile.read(at: path)?.rows == nil)
    }

    /// A FIFO, a folder or a huge file in the status file's place is no status; reading it never blocks.
    @Test func aFIFOAFolderOrAHugeFileIsNoStatus() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        #expect(RecorderStatusFile.read(at: dir.path + "/missing.json") == nil)
        let fifo = dir.path + "/fifo.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(RecorderStatusFile.read(at: fifo) == nil)
        #expect(RecorderStatusFile.read(at: dir.path) == nil)
        let huge = dir.path + "/huge.json"
        try Data(repeating: 0x20, count: RecorderStatusFile.maxBytes + 1).write(to: URL(fileURLWithPath: huge))
        #expect(RecorderStatusFile.read(at: huge) == nil)
    }
}
