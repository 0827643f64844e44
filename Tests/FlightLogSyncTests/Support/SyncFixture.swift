import FlightLogCore
import FlightLogStore
import FlightLogSync
import Foundation

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
