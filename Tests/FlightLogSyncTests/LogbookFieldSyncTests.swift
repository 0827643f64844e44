import FlightLogCore
import FlightLogStore
import FlightLogSync
import Foundation
import Testing

/// Every `LogbookField` travels through the real club server: its column is read and written there, an edit of it
/// is resolved there and pulled back into the glider's SQLite logbook.
@Suite(.serialized) struct LogbookFieldSyncTests {
    @Test(.postgreSQL) func everyFieldIsEditedOnTheClubLogbookAndPulledByTheGlider() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("a")
        let localId = try pi.importFile(start: june14)[0]
        _ = try await fixture.sync(pi)
        let full = FlightDetails(
            pilot: "Çağrı Şahin", secondPerson: "Müller, Jürgen", secondPersonRole: .student, gliderType: "Duo Discus",
            registration: "D-KXYZ", competitionId: "Q7", launchMethod: .self, releaseHeight: 612.5,
            takeoffPlace: "Hahnweide", landingPlace: "Düren", remarks: "Check\nflight", ownerRole: .instructor,
            launches: 4)
        let before = try pi.store.flight(id: localId).details
        for field in LogbookField.allCases {
            #expect(field.text(of: full) != field.text(of: before), "\(field): the test's value must be new")
        }
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            let account = ClubAccount(login: "admin", pilotName: "Admin", isAdmin: true, passwordHash: "")
            let admin = club.source(for: account)
            let flight = try await admin.flights(matching: FlightFilter())[0]
            #expect(flight.details == before)
            let changes = try await admin.updateDetails(id: flight.id!, to: full, editedAt: 9_000)
            #expect(changes.map(\.field) == LogbookField.allCases.map(\.historyName))
            #expect(try await admin.flight(id: flight.id!).details == full)
        }
        #expect(try await fixture.sync(pi).pulledEdits == LogbookField.allCases.count)
        #expect(try pi.store.flight(id: localId).details == full)
    }
}
