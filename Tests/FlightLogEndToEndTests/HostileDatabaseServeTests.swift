import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// The whole-logbook outputs besides the CLI listings: the ZIP, the stick export and the real `flightlog serve`
/// pages and downloads, over a logbook where one flight holds out-of-range numbers and a track chunk that cannot be
/// read. Every answer is normal, the process warns, and the other flight's files are exactly as before.
@Suite(
    "hostile values in the database: serve, ZIP, stick", .serialized, .timeLimit(.minutes(4)),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs sqlite3"))
struct HostileDatabaseServeTests {
    static let hostile = """
        UPDATE flight SET utcOffsetSeconds = 2305843009213693952, maxAltitude = 1e308, landingLatitude = 1e308,
            releaseHeight = -1e308, launches = 9223372036854775807, pathLength = 1e308 WHERE id = %ID%;
        UPDATE trackChunk SET data = x'01ff00' WHERE rowid = (SELECT c.rowid FROM trackChunk c JOIN flight f
            ON f.recordingId = c.recordingId WHERE f.id = %ID% ORDER BY c.firstTime LIMIT 1 OFFSET 1);
        """

    @Test func servePagesZipAndStickSurviveAHostileFlight() async throws {
        let (db, dir, ids) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (good, bad) = (ids[0], ids[1])
        let goodIGC = dir.appendingPathComponent("good-before.igc")
        try #require(
            try CLI.run(["export", "--igc", "\(good)", "-o", goodIGC.path], database: db, in: dir).status == 0)
        let sql = Self.hostile.replacingOccurrences(of: "%ID%", with: "\(bad)")
        let set = DaemonHarness.shell("sqlite3 '\(db.path)' \"\(sql)\" 2>&1")
        try #require(set.status == 0, "\(set.output)")

        let zip = try CLI.run(
            ["export", "--zip", "-o", dir.appendingPathComponent("all.zip").path], database: db, in: dir)
        #expect(zip.status == 0 && zip.stdout.contains("2 IGC files"), "\(zip.stdout) \(zip.stderr)")
        #expect(zip.stderr.contains("warning: flight \(bad)"), "\(zip.stderr)")
        let stick = dir.appendingPathComponent("stick")
        try FileManager.default.createDirectory(at: stick, withIntermediateDirectories: true)
        let toStick = try CLI.run(["export", "--to", stick.path, "--stick", "TEST"], database: db, in: dir)
        #expect(toStick.status == 0, "\(toStick.stderr)")
        #expect(toStick.stderr.contains("warning: flight \(bad)"), "\(toStick.stderr)")
        let report = try CLI.run(
            ["export", "--report", "\(bad)", "-o", dir.appendingPathComponent("r.pdf").path], database: db, in: dir)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(
            report.stderr.contains("warning: trackChunk of recording"), "the broken chunk is named: \(report.stderr)")

        let server = try ServeProcess(environment: ["FLIGHTLOG_DATABASE": db.path], in: dir)
        defer { server.stop() }
        try #require(server.isReady, "flightlog serve did not start: \(server.logText)")
        let port = server.port
        let paths =
            [
                "/", "/stats", "/flights/\(bad)", "/flights/\(good)", "/logbook.pdf", "/logbook.zip",
            ] + ["igc", "report.pdf", "track.kml", "track.gpx", "track.geojson"].map { "/flights/\(bad)/\($0)" }
        for path in paths {
            let reply = try await ServeFaultTests.get(port, path)
            #expect(
                reply.status == 200,
                "\(path): \(reply.status) \(String(decoding: reply.body.suffix(700), as: UTF8.self))")
            #expect(!reply.body.isEmpty, "\(path)")
        }
        let igc = try await ServeFaultTests.get(port, "/flights/\(good)/igc")
        let before = try Data(contentsOf: goodIGC)
        #expect(igc.status == 200 && igc.body == before, "the other flight's file as before")
        let stderr = server.logText
        #expect(stderr.contains("warning: flight \(bad)"), "\(stderr)")
    }
}
