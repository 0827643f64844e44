import FlightLogCore
import FlightLogSecurity
import FlightLogServer
import FlightLogStore
import FlightLogWeb
import Foundation
import Testing

/// The phone pages against the real server and SQLite file: a recording that ended in flight says so instead of a
/// landing place (no outlanding badge), and the edit form reads a place as `flightlog edit` does: the field a
/// unique part of its name gives, `=` first for the pilot's own text, an ambiguous part refused naming the fields.
@Suite("phone: ended in flight, places as typed", .serialized, .timeLimit(.minutes(3)))
struct EndedInFlightPagesTests {
    /// One flight over the test track that ended in flight (its landing placed as an outlanding by an old version).
    static func addEndedInFlight(_ logbook: TestLogbook) throws -> Int64 {
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let start = CivilDate(year: 2025, month: 5, day: 3).utcMidnight + 9 * 3_600_000
        let track = TestLogbook.track(start: start)
        var flight = Flight(
            takeoffTime: track.fixes.first!.time, landingTime: track.fixes.last!.time,
            takeoffCoordinate: track.fixes.first!.coordinate, landingCoordinate: track.fixes.last!.coordinate,
            details: FlightDetails(pilot: "Jürgen Müller", gliderType: "LS 4", takeoffPlace: "Aachen-Merzbrück"),
            source: .imported(fileName: "cut.igc", sha256: Digest.sha256Hex(Array("cut".utf8))),
            timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 7200)
        flight.endedInFlight = true
        return try store.importFlights(
            track: track, fileName: "cut.igc", sha256: Digest.sha256Hex(Array("cut".utf8)), flights: [flight])[0]
    }

    @Test func theListAndTheFlightPageSayTheRecordingEndedInFlight() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let id = try Self.addEndedInFlight(logbook)
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let list = try await client.get("/")
            #expect(list.text.contains("recording ended in flight") && !list.text.contains("badge out"), "\(list.text)")
            let page = try await client.get("/flights/\(id)")
            #expect(page.text.contains("(the last fix)") && page.text.contains("recording ended in flight"))
        }
    }

    @Test func theEditFormReadsAPlaceAsTheCommandLineDoes() async throws {
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
            #expect(try await save("merzbruck").status == 200)
            #expect(try store.flight(id: id).details.landingPlace == "Aachen-Merzbrück Airport (EDKA)")
            #expect(try await save("=Bauer Meier's field").status == 200)
            #expect(try store.flight(id: id).details.landingPlace == "Bauer Meier's field")
            let ambiguous = try await save("aachen")
            #expect(ambiguous.status == 400)
            #expect(
                ambiguous.text.contains("matches 2 airfields")
                    && ambiguous.text.contains("Maastricht Aachen Airport (EHBK)"))
            #expect(ambiguous.text.contains("put = first"), "the way to keep the text")
            #expect(try store.flight(id: id).details.landingPlace == "Bauer Meier's field", "nothing saved")
        }
    }
}
