import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `flightlog edit`'s run on a real SQLite file, without a process: what it stores and what it says.
@Suite struct EditRunTests {
    @Test func changesAreStoredAndSaidOnceThenNothingChanged() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try TransferLogbook.logbook(in: dir)
        let store = try FlightStore(path: db.path, mode: .readWrite)
        var choice = CrewChoice()
        choice.guest = " Çağrı Şahin "
        choice.registration = "d-1234"
        var said: [String] = []
        var warned: [String] = []
        try EditRun.run(
            id: 4, choice: choice, store: store, airfieldRadius: { 3000 }, now: { 1_750_000_000_000 },
            say: { said.append($0) }, warn: { warned.append($0) })
        #expect(
            said == [
                "Flight 4: guest: — → Çağrı Şahin", "Flight 4: second person role: — → guest",
                "Flight 4: registration: — → D-1234",
            ], "\(said)")
        #expect(warned.isEmpty)
        let details = try store.flight(id: 4).details
        #expect(details.secondPerson == "Çağrı Şahin" && details.secondPersonRole == .guest)
        #expect(details.registration == "D-1234")
        said = []
        try EditRun.run(
            id: 4, choice: choice, store: store, airfieldRadius: { 3000 }, now: { 1_750_000_000_000 },
            say: { said.append($0) }, warn: { warned.append($0) })
        #expect(said == ["Flight 4: nothing changed."])
    }

    @Test func aLandingFieldFarFromTheTrackIsTakenWithAWarning() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try TransferLogbook.logbook(in: dir)
        let store = try FlightStore(path: db.path, mode: .readWrite)
        var choice = CrewChoice()
        choice.landingPlace = "EDDM"  // Munich: hundreds of km from the simulated flight's field
        var warned: [String] = []
        var radiusRead = 0
        try EditRun.run(
            id: 1, choice: choice, store: store,
            airfieldRadius: {
                radiusRead += 1; return 3000
            },
            now: { 1_750_000_000_000 }, say: { _ in }, warn: { warned.append($0) })
        #expect(warned.count == 1 && warned[0].hasPrefix("Warning: flight 1: "), "\(warned)")
        #expect(radiusRead == 1)
        #expect(try store.flight(id: 1).details.landingPlace != nil)
    }
}
