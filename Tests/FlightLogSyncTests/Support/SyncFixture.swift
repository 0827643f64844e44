import FlightLogCore
import FlightLogStore
import FlightLogSync
import Foundation
import Testing

/// A test's PostgreSQL server with the club database `club` (owner `glider`, password `secret`) and a folder for
/// the local logbooks. `nil` when PostgreSQL is not installed.
struct SyncFixture {
    let server: PostgresServer
    let directory: String
    let url: SyncURL
    let password = "secret"

    static func make() throws -> SyncFixture? {
        guard let server = try PostgresServer.start() else { return nil }
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
        for pi in pis { try SyncTests.expectChunksMatch(self, pi) }
    }

    func sync(_ logbook: Logbook, hooks: LogbookSync.Hooks = .init()) async throws -> SyncSummary {
        try await LogbookSync.run(store: logbook.store, url: url, password: password, deviceName: "test", hooks: hooks)
    }

    /// SQL on the club database.
    func rows(_ sql: String) throws -> [String] { try server.rows(sql, database: "club") }
    func count(_ sql: String) throws -> Int { Int(try rows(sql).first ?? "") ?? -1 }

    func remove() {
        if ProcessInfo.processInfo.environment["FLIGHTLOG_KEEP_PG"] != nil { return }
        server.remove()
    }
}
