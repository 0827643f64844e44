import FlightLogCore
import FlightLogStore
import FlightLogSync
import Foundation
import Testing

/// `flightlog delete` on the glider, then `flightlog sync`: the club logbook hides the flight (the row stays on the
/// server, marked), and only the glider that recorded a flight can delete it there.
@Suite(.serialized) struct SyncDeletionTests {
    @Test(.postgreSQL) func aFlightDeletedOnItsGliderLeavesTheClubLogbookButStaysOnTheServer() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        let ids = try pi.importFile(start: june14, flights: 2)
        try pi.record(start: june14 + 86_400_000)
        #expect(try await fixture.sync(pi).pushedFlights == 3)
        let deletedUuid = try #require(try sqlite(pi.path, "SELECT uuid FROM flight WHERE id = \(ids[0])").first)

        try pi.store.delete(id: ids[0])
        let summary = try await fixture.sync(pi)
        #expect(summary.pushedDeletions == 1)
        #expect(summary.line == "pushed 0 flights, 0 edits, 1 deletion; pulled 0 edits")
        #expect(try fixture.count("SELECT count(*) FROM flight") == 3)
        #expect(try fixture.rows("SELECT uuid FROM flight WHERE deleted_at IS NOT NULL") == [deletedUuid])
        #expect(try sqlite(pi.path, "SELECT count(*) FROM syncDeletion") == ["0"])
        #expect(try await fixture.sync(pi).line == "pushed 0 flights, 0 edits; pulled 0 edits")

        // Another glider cannot delete this glider's flight.
        let other = try fixture.logbook("other")
        let intruder = try await ClubLogbook.connect(
            url: fixture.url, password: fixture.password, device: try other.device, deviceName: "other")
        let liveUuid = try #require(try sqlite(pi.path, "SELECT uuid FROM flight WHERE id = \(ids[1])").first)
        #expect(try await intruder.push(deletions: [(liveUuid, june14)]) == 0)
        await intruder.close()

        // The web pages no longer show it, to the admin either.
        let visible = try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            let admin = ClubAccount(login: "chief", pilotName: "Chief", isAdmin: true, passwordHash: "x")
            return try await club.source(for: admin).totals(matching: FlightFilter()).flights
        }
        #expect(visible == 2)
    }
}
