import FlightLogCore
import FlightLogStore
import FlightLogSync
import Foundation
import Testing

/// TLS to the club's server, as libpq's sslmode means it: the default (`prefer`) uses TLS when the server offers it,
/// `require` insists and says so in one line when the server has none, `disable` never asks for it.
@Suite(.serialized) struct SyncTLSTests {
    @Test(.postgreSQL) func theDefaultUsesTLSWhenOfferedAndRequireSaysWhenItIsNot() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        try pi.importFile(start: june14)
        func url(_ mode: String) throws -> SyncURL {
            try SyncURL("postgres://glider@127.0.0.1:\(fixture.server.port)/club?sslmode=\(mode)")
        }
        func sync(_ mode: String) async throws -> SyncSummary {
            try await LogbookSync.run(
                store: pi.store, url: try url(mode), password: fixture.password, deviceName: "pi", glider: OwnGlider())
        }

        // The server has no TLS yet: require refuses to go on without it, and nothing was sent.
        do {
            _ = try await sync("require")
            Issue.record("sslmode=require synced without TLS")
        } catch let error as SyncError {
            #expect(error.code == .noTLS, "\(error)")
            #expect(error.description.contains("offers no TLS"), "\(error)")
        }
        #expect(try fixture.count("SELECT count(*) FROM pg_tables WHERE tablename = 'flight'") == 0)

        // TLS on, and plain TCP logins refused (hostssl): the default syncs, so it went over TLS.
        try fixture.server.requireTLS()
        await #expect(throws: SyncError.self) { try await sync("disable") }
        #expect(try await fixture.sync(pi).pushedFlights == 1)
        #expect(try await sync("require").line == "pushed 0 flights, 0 edits; pulled 0 edits")
        // The club's web pages reach it the same way.
        let logins = try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            try await club.accounts().count
        }
        #expect(logins == 0)
        // verify-full checks the certificate against the system's authorities: a self-signed one is refused.
        do {
            _ = try await sync("verify-full")
            Issue.record("sslmode=verify-full accepted a self-signed certificate")
        } catch let error as SyncError {
            #expect(error.code == .certificate)
            #expect(error.description.contains("shows a TLS certificate this machine does not trust"), "\(error)")
        }
    }
}
