import FlightLogCore
import FlightLogSecurity
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

/// The phone's edit form takes the pilot's landing field like `flightlog edit`: saved as said, with a warning that
/// gives the distance when the field is farther than the airfield radius from where the track ends.
@Suite("phone: a landing field far from the track's end", .serialized, .timeLimit(.minutes(3)))
struct LandingWarningPagesTests {
    @Test func aFarFieldIsSavedWithAWarningAndOwnTextWithout() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try logbook.fillWithThreeFlights()[0]
        let hash = try PasswordHash.make(password: EditRoundTripTests.password, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            let cookie = try await EditRoundTripTests.logIn(client)
            let store = try FlightStore(path: logbook.databasePath, mode: .readOnly)
            func save(_ place: String) async throws -> HTTPReply {
                try await EditRoundTripTests.save("landingPlace", place, flight: id, client: client, cookie: cookie)
            }
            // The test track ends near 51.1 N 6.4 E, some 30 km from Merzbrück.
            let far = try await save("merzbruck")
            #expect(far.status == 200)
            #expect(try store.flight(id: id).details.landingPlace == "Aachen-Merzbrück Airport (EDKA)", "saved")
            #expect(far.text.contains("Warning: Aachen-Merzbrück Airport (EDKA) is "), "\(far.text)")
            #expect(far.text.contains(" km from where the track ends (the airfield radius is 3.0 km)"))
            let own = try await save("=Bauer Meier's field")
            #expect(own.status == 200 && !own.text.contains("Warning:"), "own text names no field")
        }
    }

    /// An outlanding whose landing place the pilot sets to a known field is a landing there (the pilot's word wins).
    @Test func aNamedFieldEndsTheOutlanding() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let start = CivilDate(year: 2025, month: 5, day: 3).utcMidnight + 9 * 3_600_000
        let track = TestLogbook.track(start: start)
        var flight = Flight(
            takeoffTime: track.fixes.first!.time, landingTime: track.fixes.last!.time,
            takeoffCoordinate: track.fixes.first!.coordinate, landingCoordinate: track.fixes.last!.coordinate,
            details: FlightDetails(
                pilot: "Jürgen Müller", gliderType: "LS 4", landingPlace: "outlanding, 9 km N of Düren"),
            source: .imported(fileName: "out.igc", sha256: Digest.sha256Hex(Array("out".utf8))),
            timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 7200)
        flight.landingLocation = FlightPlace(
            code: "EDKD", name: "Düren", distance: 9000, bearing: 0, isOutlanding: true, zoneIdentifier: nil)
        let id = try store.importFlights(
            track: track, fileName: "out.igc", sha256: Digest.sha256Hex(Array("out".utf8)), flights: [flight])[0]
        #expect(try store.flight(id: id).isOutlanding)
        let hash = try PasswordHash.make(password: EditRoundTripTests.password, iterations: 1000)
        try await withServer(databasePath: logbook.databasePath, passwordHash: hash) { client, _ in
            let cookie = try await EditRoundTripTests.logIn(client)
            let saved = try await EditRoundTripTests.save(
                "landingPlace", "merzbruck", flight: id, client: client, cookie: cookie)
            #expect(saved.status == 200)
            let now = try store.flight(id: id)
            #expect(now.details.landingPlace == "Aachen-Merzbrück Airport (EDKA)")
            #expect(!now.isOutlanding, "the pilot's field, not an outlanding")
        }
    }
}
