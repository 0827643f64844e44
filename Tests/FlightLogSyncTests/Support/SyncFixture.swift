import FlightLogCore
import FlightLogStore
import FlightLogSync
import Foundation
import Testing

/// A test's PostgreSQL server with the club database `club` (owner `glider`, password `secret`) and a folder for
/// the local logbooks. Its tests carry the `.postgreSQL` trait (skipped, with the reason, without PostgreSQL).
struct SyncFixture {
    let server: PostgresServer
    let directory: String
    let url: SyncURL
    let password = "secret"

    static func make() throws -> SyncFixture {
        let server = try PostgresServer.start()
        try server.createDatabase("club", owner: "glider", password: "secret")
        return SyncFixture(
            server: server, directory: server.directory + "/pis",
            url: try SyncURL("postgres://glider@127.0.0.1:\(server.port)/club"))
    }

    private init(server: PostgresServer, directory: String, url: SyncURL) {
        self.server = server
        self.directory = directory
        self.url = url
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func logbook(_ name: String) throws -> Logbook { try Logbook(directory, name: name) }

    /// Three gliders' logbooks, each with five flights of its own days: four imported files and one recording.
    func threePis() throws -> [Logbook] {
        try (0..<3).map { i in
            let pi = try logbook("pi\(i)")
            for day in 0..<4 { try pi.importFile(start: june14 + Int64(day * 10 + i) * 86_400_000) }
            try pi.record(start: june14 + Int64(100 + i) * 86_400_000)
            return pi
        }
    }

    /// The server holds exactly the flights of `pis`, each under its glider's device id, and every track chunk
    /// byte for byte as the glider has it.
    func expectExactlyTheFlights(of pis: [Logbook]) throws {
        var expected: [String] = []
        for pi in pis {
            expected += try sqlite(pi.path, "SELECT uuid || '|' || '\(try pi.device)' FROM flight")
        }
        #expect(try rows("SELECT uuid || '|' || device_uuid FROM flight ORDER BY 1") == expected.sorted())
        for pi in pis { try expectChunksMatch(pi) }
    }

    func sync(_ logbook: Logbook, hooks: LogbookSync.Hooks = .init()) async throws -> SyncSummary {
        try await LogbookSync.run(
            store: logbook.store, url: url, password: password, deviceName: "test", glider: OwnGlider(), hooks: hooks)
    }

    /// SQL on the club database.
    func rows(_ sql: String) throws -> [String] { try server.rows(sql, database: "club") }
    func count(_ sql: String) throws -> Int { Int(try rows(sql).first ?? "") ?? -1 }

    func remove() {
        if ProcessInfo.processInfo.environment["FLIGHTLOG_KEEP_PG"] != nil { return }
        server.remove()
    }

    /// The server's track chunks of `pi`'s recordings are exactly, byte for byte, the local chunks overlapping its
    /// finished flights (± 60 s).
    func expectChunksMatch(_ pi: Logbook) throws {
        let device = try pi.device
        let server = try rows(
            """
            SELECT c.recording_uuid || '|' || c.live::int || '|' || c.first_time || '|' || upper(encode(c.data, 'hex'))
            FROM track_chunk c JOIN recording r ON r.uuid = c.recording_uuid WHERE r.device_uuid = '\(device)' ORDER BY 1
            """)
        let local = try sqlite(
            pi.path,
            ["trackChunk", "liveChunk"].enumerated().map { live, table in
                """
                SELECT r.uuid || '|' || \(live) || '|' || c.firstTime || '|' || hex(c.data) AS row FROM \(table) c
                JOIN recording r ON r.id = c.recordingId WHERE EXISTS (SELECT 1 FROM flight f WHERE f.recordingId = r.id
                    AND NOT f.inProgress AND c.firstTime <= f.landingTime + 60000 AND c.lastTime >= f.takeoffTime - 60000)
                """
            }.joined(separator: " UNION ALL ") + " ORDER BY row")
        #expect(!server.isEmpty)
        #expect(server == local)
    }
}

/// Rows of `sql` on a local logbook, by the sqlite3 command-line tool (not through the code under test).
func sqlite(_ path: String, _ sql: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = ["-readonly", path, sql]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
}
