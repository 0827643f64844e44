import FlightLogCore
import FlightLogServer
import FlightLogStore
import Foundation
import Testing

/// A flight entered by hand on the phone: in the list marked "no track", its page without map or
/// downloads, a download URL answering that it has no track, the edit history in a pilot's words.
@Suite("Flights without a track on the phone", .serialized, .timeLimit(.minutes(3)))
struct ManualFlightPageTests {
    @Test func manualFlightIsListedShownAndHasNoDownloads() async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let ids = try logbook.fillWithThreeFlights()
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let start = CivilDate(year: 2025, month: 8, day: 2).utcMidnight + 12 * 3_600_000
        let id = try store.addManualFlight(
            Flight(
                takeoffTime: start, landingTime: start + 45 * 60_000,
                takeoffCoordinate: Coordinate(latitude: 0, longitude: 0),
                landingCoordinate: Coordinate(latitude: 0, longitude: 0),
                details: FlightDetails(
                    pilot: "Paper Pilot", launchMethod: .winch, takeoffPlace: "Hintertupfing", launches: 2),
                source: .manual, hasBarometer: false, utcOffsetSeconds: 7200))
        var details = try store.flight(id: id).details
        details.launchMethod = .aerotow
        _ = try store.updateDetails(id: id, to: details, editedAt: 1_000)
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let list = try await client.get("/").text
            #expect(list.contains("/flights/\(id)") && list.contains("no track"))
            #expect(list.contains("/flights/\(ids[0])"))
            let page = try await client.get("/flights/\(id)")
            #expect(page.status == 200)
            #expect(page.text.contains("No track") && page.text.contains("Hintertupfing"))
            #expect(!page.text.contains("/flights/\(id)/igc"), "no download links")
            #expect(page.text.contains("launch") && page.text.contains("winch → aerotow"))
            #expect(!page.text.contains("launchMethod"))
            // What only a track tells is unknown, not zero.
            for fact in ["Farthest", "Path flown", "Max altitude"] {
                #expect(page.text.contains("<dt>\(fact)</dt><dd>—</dd>"), "\(fact) reads —")
            }
            #expect(!page.text.contains("0 m from take-off") && !page.text.contains("0 km from take-off"))
            let igc = try await client.get("/flights/\(id)/igc")
            #expect(igc.status == 404 && igc.text.contains("no track"))
            let logbookPDF = try await client.get("/logbook.pdf")
            #expect(logbookPDF.status == 200)
        }
    }
}
