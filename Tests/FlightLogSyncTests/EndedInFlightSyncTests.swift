import FlightLogCore
import FlightLogStore
import FlightLogSync
import Foundation
import Testing

/// A flight whose recording ended in flight keeps the flag in the club logbook (real PostgreSQL, server schema 5).
@Suite(.serialized) struct EndedInFlightSyncTests {
    @Test(.postgreSQL) func theFlagTravelsToTheClubLogbook() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        var cut = Logbook.flight(takeoff: june14 + 60_000)
        cut.endedInFlight = true
        _ = try pi.store.importFlights(
            track: Logbook.track(start: june14, minutes: 90), fileName: "cut.igc", sha256: "sha-cut",
            original: Array("AXFLcut\r\n".utf8), flights: [cut])
        try pi.importFile(start: june14 + 86_400_000)
        #expect(try await fixture.sync(pi).pushedFlights == 2)
        #expect(try fixture.count("SELECT count(*) FROM flight WHERE ended_in_flight") == 1)
        #expect(try fixture.count("SELECT count(*) FROM flight WHERE NOT ended_in_flight") == 1)
    }
}
