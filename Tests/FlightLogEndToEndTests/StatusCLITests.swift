import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `flightlog status` through the built binary, a real status file and a real logbook: the headline first, the
/// exit status scripts check, and `--json` giving the file as flightlogd wrote it.
@Suite("flightlog status in words")
struct StatusCLITests {
    /// A status as a live flightlogd (this test process) writes it, `ago` seconds old by both clocks.
    static func write(_ status: RecorderStatus, to path: String, ago: TimeInterval) throws {
        var status = status
        status.updatedAt = iso8601UTC(Int64((Date().timeIntervalSince1970 - ago) * 1000))
        try RecorderStatusFile.write(status, to: path)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -ago)], ofItemAtPath: path)
    }

    static func live() -> RecorderStatus {
        var status = RecorderStatus()
        status.pid = Int(getpid())
        status.gpsdConnected = true
        status.gpsMode = 3
        status.satellitesUsed = 8
        status.lastFixAgeSeconds = 0.5
        status.barometerDevice = "bmp280"
        status.pressureAltitudeMeters = 512
        return status
    }

    @Test func aStoppedRecorderAndTheMachineForm() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let path = RecorderStatusFile.path(besideDatabase: db.path)
        var status = Self.live()
        status.stopped = true
        try Self.write(status, to: path, ago: 2 * 3600 + 30)
        let stopped = try CLI.run(["status"], database: db, in: dir)
        #expect(stopped.status == 1, "not recording: scripts see it")
        #expect(stopped.stdout.hasPrefix("Not recording: flightlogd stopped 2 h ago\n"), "\(stopped.stdout)")
        #expect(stopped.stdout.contains("What to do: Start it: sudo systemctl start flightlogd."), "\(stopped.stdout)")
        #expect(stopped.stdout.contains("Database:           \(db.path) (not created yet)\n"), "\(stopped.stdout)")
        // The machine form is the file itself, byte for byte (however old it is).
        let json = try CLI.run(["status", "--json"], database: db, in: dir)
        #expect(json.stdout == String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) + "\n")
        // No file at all: says where it looked and what to do.
        try FileManager.default.removeItem(atPath: path)
        let none = try CLI.run(["status"], database: db, in: dir)
        #expect(none.status == 1 && none.stdout.hasPrefix("Not recording: no status from flightlogd\n"))
        #expect(none.stdout.contains("There is no status file at \(path)"), "\(none.stdout)")
    }

    /// In the air with the GPS lost: the headline says both, the problem keeps "lost since" and the glitches stay
    /// on one line with their two counts (the fault replays read them so).
    @Test func inFlightWithTheGPSLostAndTheLastFlight() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("flights.sqlite")
        let added = try CLI.run(
            [
                "add", "--date", "2025-06-14", "--takeoff", "10:05", "--landing", "11:20", "--takeoff-place",
                "=Merzbrück", "--utc-offset", "+02:00",
            ],
            database: db, in: dir)
        try #require(added.status == 0, "\(added.stderr)")
        var status = Self.live()
        status.gpsMode = 1
        status.lastFixAgeSeconds = 240
        status.gpsLostSince = iso8601UTC(Int64((Date().timeIntervalSince1970 - 241) * 1000))
        status.positionGlitches = 2
        status.pressureGlitches = 3
        status.flying = true
        status.flyingSince = iso8601UTC(Int64((Date().timeIntervalSince1970 - 3600) * 1000))
        status.flightId = 99
        try Self.write(status, to: RecorderStatusFile.path(besideDatabase: db.path), ago: 1)
        let r = try CLI.run(["status"], database: db, in: dir)
        #expect(r.status == 0, "recording: \(r.stdout)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines[0].hasPrefix("Recording, in flight since ") && lines[0].hasSuffix(" UTC, but no GPS fix for 4 min"))
        #expect(r.stdout.lowercased().contains("lost since"), "\(r.stdout)")
        let glitches = lines.filter { $0.lowercased().contains("glitches") }
        let counts = glitches.first.map {
            $0.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }
        }
        #expect(glitches.count == 1 && counts == [2, 3], "\(glitches)")
        #expect(r.stdout.contains("Flight:             2025-06-14, flight 1 (flightlog show 1)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("Places:             Merzbrück\n"), "\(r.stdout)")
    }
}
