import FlightLogCore
import FlightLogStore
import Foundation
import Testing

@testable import FlightLogSync

/// A club login sees the flights whose pilot or second person is its name by the rule `--owner` follows on a
/// glider (``LogbookOwner``): words in any order, case and accents folded, an initial for its word.
@Suite(.serialized) struct ClubNameRuleTests {
    static let names = [
        "Weiß, Hanna", "Hanna Weiß", "HANNA WEISS", "H. Weiß", "Hanna Weißmann", "Johanna Weiß", "Weiß",
    ]

    /// One flight per name, and a lesson with "Hanna Weiß" as the instructor.
    private func pi(_ fixture: SyncFixture) throws -> Logbook {
        let pi = try fixture.logbook("pi")
        for (i, name) in Self.names.enumerated() {
            try pi.importFile(start: june14 + Int64(i) * ClubFleet.day, pilot: name)
        }
        var lesson = Logbook.flight(takeoff: june14 + 20 * ClubFleet.day, pilot: "Bob Berg")
        lesson.details.secondPerson = "Hanna Weiß"
        lesson.details.secondPersonRole = .instructor
        lesson.source = .manual
        _ = try pi.store.addManualFlight(lesson)
        return pi
    }

    /// What each login sees equals the glider's own rule over the same flights.
    private func expectTheOwnerRule(_ fixture: SyncFixture, counts: [String: Int]) async throws {
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            let all = try await club.source(for: ClubFleet.admin).flights(matching: FlightFilter())
            for (name, count) in counts {
                let owner = try #require(LogbookOwner(name))
                let expected = all.filter { flight in
                    [flight.details.pilot, flight.details.secondPerson].contains { $0.map(owner.matches) == true }
                }
                let login = ClubAccount(login: "h", pilotName: name, isAdmin: false, passwordHash: "x")
                let seen = try await club.source(for: login).flights(matching: FlightFilter())
                #expect(seen == expected, "\(name)")
                #expect(seen.count == count, "\(name)")
            }
        }
    }

    @Test(.postgreSQL) func aLoginSeesItsFlightsWhateverTheOrderOfItsName() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        _ = try await fixture.sync(try pi(fixture))
        try await expectTheOwnerRule(fixture, counts: ["Weiß, Hanna": 5, "hanna weiss": 5, "H. Weiss": 5, "Weiß": 7])
        // The words are stored beside the names (the GIN index's column), as the glider folds them.
        let words = try fixture.rows("SELECT array_to_string(pilot_words, ' ') FROM flight WHERE id = 1")
        #expect(words == ["weiss hanna"])
    }

    /// A server of version 5 gets the word columns filled by the migration, for flights synced before it.
    @Test(.postgreSQL) func theMigrationFillsTheWordsOfFlightsAlreadyThere() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        _ = try await fixture.sync(try pi(fixture))
        _ = try fixture.rows(
            """
            SET ROLE glider;
            DROP INDEX flight_pilot_words, flight_second_person_words;
            ALTER TABLE flight DROP COLUMN pilot_words, DROP COLUMN second_person_words;
            DELETE FROM flightlog_schema WHERE version = 6;
            DROP FUNCTION flightlog_keep_chunks(uuid, boolean[], bigint[]);
            """)
        try await expectTheOwnerRule(fixture, counts: ["Weiß, Hanna": 5])
        #expect(try fixture.rows("SELECT max(version) FROM flightlog_schema") == ["8"])
    }
}
