import FlightLogCore
import FlightLogStore
import FlightLogSync
import Foundation
import Testing

/// Three gliders run `flightlog sync` at once and one is killed (SIGKILL, as the master switch would) inside a
/// recording's transaction, after two of its recordings were committed. Run again, it sends the rest, and the server
/// holds exactly the union of the three logbooks, every track chunk byte for byte.
@Suite(.serialized) struct SyncKilledTests {
    static let blockerDevice = "00000000-0000-4000-8000-0000000b10c0"

    @Test(.postgreSQL) func aPiKilledMidSyncAndRunAgainLeavesExactlyTheUnion() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pis = try fixture.threePis()
        _ = try await fixture.sync(try fixture.logbook("hangar"))  // the server's tables
        let victim = pis[0]
        let third = try #require(
            try sqlite(victim.path, "SELECT uuid FROM recording ORDER BY id LIMIT 1 OFFSET 2").first)

        // Another session holds an uncommitted row with the third recording's id, so the victim's insert of it waits
        // there, inside its transaction, until the victim is killed.
        let blocker = try fixture.server.psqlInBackground(
            """
            BEGIN;
            INSERT INTO device (uuid, name) VALUES ('\(Self.blockerDevice)', 'blocker');
            INSERT INTO recording (uuid, device_uuid, kind, recorder, created_at)
                VALUES ('\(third)', '\(Self.blockerDevice)', 'recorded', '{}', 0);
            SELECT pg_sleep(600);
            """, database: "club", name: "blocker")
        var blockerEnded = false
        defer { if !blockerEnded { try? endBlocker(fixture, blocker) } }
        try await until("the blocker holds its row") {
            try fixture.count(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'blocker' AND wait_event = 'PgSleep'")
                == 1
        }

        let syncs = try pis.map { try SyncRun($0, fixture) }
        try await until("the victim waits inside its third recording's transaction") {
            try fixture.count(
                """
                SELECT count(*) FROM pg_stat_activity
                WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO recording %'
                """) == 1
        }
        kill(syncs[0].process.processIdentifier, SIGKILL)
        let results = syncs.map { $0.finish() }
        #expect(results[0].killed, "\(results[0].output)")
        for result in results.dropFirst() {
            #expect(!result.killed && result.status == 0, "\(result.output)")
            #expect(result.output == "pushed 5 flights, 0 edits; pulled 0 edits\n")
        }
        try endBlocker(fixture, blocker)
        blockerEnded = true

        // The server kept the victim's two committed recordings and nothing of the third.
        let device = try victim.device
        #expect(try fixture.count("SELECT count(*) FROM recording WHERE device_uuid = '\(device)'") == 2)
        #expect(try fixture.count("SELECT count(*) FROM recording WHERE uuid = '\(third)'") == 0)

        let again = try await fixture.sync(victim)
        #expect(again.pushedFlights == 3)
        #expect(try await fixture.sync(victim).line == "pushed 0 flights, 0 edits; pulled 0 edits")
        #expect(try fixture.count("SELECT count(*) FROM recording") == 15)
        try fixture.expectExactlyTheFlights(of: pis)
    }

    /// Ends the blocker's session (its transaction rolls back) and its `psql`.
    private func endBlocker(_ fixture: SyncFixture, _ pid: pid_t) throws {
        _ = try fixture.rows(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'blocker'")
        PostgresServer.reap(pid)
    }

    /// Polls `condition` every 50 ms for up to a minute.
    private func until(_ what: String, _ condition: () throws -> Bool) async throws {
        for _ in 0..<1200 {
            if try condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("timed out waiting until \(what)")
        throw CancellationError()
    }
}

/// `flightlog sync` on one glider's logbook as its own process (the club's URL in its config, the password in the
/// environment), its output and exit kept.
private struct SyncRun {
    let process = Process()
    let output = Pipe()

    init(_ pi: Logbook, _ fixture: SyncFixture) throws {
        let config = pi.path + ".toml"
        try "[sync]\nurl = \"postgres://glider@127.0.0.1:\(fixture.server.port)/club\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        process.executableURL = SyncCommandTests.flightlogURL
        process.arguments = ["sync", "--database", pi.path, "--config", config]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["FLIGHTLOG_SYNC_PASSWORD": fixture.password]) { $1 }
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    func finish() -> (killed: Bool, status: Int32, output: String) {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationReason == .uncaughtSignal, process.terminationStatus,
            String(decoding: data, as: UTF8.self)
        )
    }
}
