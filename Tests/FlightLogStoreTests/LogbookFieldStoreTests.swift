import FlightLogCore
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// The SQLite row codec follows `LogbookField` and its one column list, in a real database file.
@Suite struct LogbookFieldStoreTests {
    @Test func everyLogbookFieldIsAColumnAndRoundTrips() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let full = FlightDetails(
            pilot: "Çağrı Şahin", secondPerson: "Müller, Jürgen", secondPersonRole: .student, gliderType: "ASK 21",
            registration: "D-1234", competitionId: "XY", launchMethod: .self, releaseHeight: 612.5,
            takeoffPlace: "Aachen-Merzbrück", landingPlace: "Düren", remarks: "Check\nflight", ownerRole: .instructor,
            launches: 4)
        let id: Int64
        do {
            let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
            let t = track(start: day0 + 10 * 3_600_000, count: 1200)
            var bare = flight(takeoff: t.fixes[100].time, minutes: 10)
            bare.details = FlightDetails()
            id = try store.importFlights(track: t, fileName: "a.igc", sha256: "aa", flights: [bare])[0]
            let changes = try store.updateDetails(id: id, to: full, editedAt: 1)
            #expect(changes.map(\.field) == LogbookField.allCases.map(\.historyName))
            #expect(try store.flight(id: id).details == full)
            #expect(try store.history(id: id).map(\.field) == LogbookField.allCases.map(\.historyName))
        }
        let queue = try DatabaseQueue(path: dir.databasePath)
        defer { try? queue.close() }
        try queue.read { db in
            let flightColumns = Set(try db.columns(in: "flight").map(\.name))
            let recordingColumns = Set(try db.columns(in: "recording").map(\.name))
            for field in LogbookField.allCases { #expect(flightColumns.contains(field.column), "\(field)") }
            for name in FlightRows.columns.names {
                let parts = name.split(separator: ".").map(String.init)
                #expect((parts[0] == "f" ? flightColumns : recordingColumns).contains(parts[1]), "\(name)")
            }
            // Read through the names, not positions: the row holds each detail where the list put it.
            let row = try #require(try Row.fetchOne(db, sql: "\(FlightRows.select) WHERE f.id = ?", arguments: [id]))
            #expect(row[FlightRows.columns["f.registration"]] as String? == "D-1234")
            #expect(row[FlightRows.columns["f.launches"]] as Int? == 4)
        }
    }
}
