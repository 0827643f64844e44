import FlightLogAnalysis
import FlightLogCore
import FlightLogServer
import FlightLogStore
import FlightLogSync
import FlightLogWeb
import Foundation
import Testing

/// The club logbook's flight page shows the analysis block and marks, computed from the club's copy of the track
/// (the server keeps no analysis) once per flight and kept in memory for the next views.
@Suite(.serialized) struct ClubAnalysisTests {
    /// 1 Hz: 5 min straight east, 3 min circling left at 12°/s climbing 2 m/s, 5 min straight north.
    static func thermalTrack(start: UTCMillis) -> Track {
        var fixes: [Fix] = []
        var position = Coordinate(latitude: 50.8, longitude: 6.1), heading: Degrees = 90, altitude: Meters = 1000
        for second in 0...780 {
            let circling = second > 300 && second <= 480
            let turn: Double = circling ? -12 : 0
            if second == 481 { heading = 0 }
            if second > 0 {
                position = Geodesy.destination(from: position, bearing: heading + turn / 2, distance: 25)
                heading = Geodesy.normalizedDegrees(heading + turn)
                altitude += circling ? 2 : -1
            }
            fixes.append(
                Fix(
                    time: start + UTCMillis(second) * 1000, latitude: position.latitude,
                    longitude: position.longitude, pressureAltitude: altitude, gnssAltitude: altitude + 50))
        }
        return Track(recorder: Logbook.recorder, fixes: fixes)
    }

    @Test(.postgreSQL) func theClubFlightPageShowsTheAnalysisOfTheSyncedTrack() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        let track = Self.thermalTrack(start: june14)
        var landed = Logbook.flight(takeoff: june14, pilot: "Anna Berg")
        landed.landingTime = june14 + 780_000
        landed.releaseTime = june14 + 30_000
        let flight = landed
        _ = try pi.store.importFlights(track: track, fileName: "thermal.igc", sha256: "sha-thermal", flights: [flight])
        _ = try await fixture.sync(pi)
        let id = try #require(try fixture.rows("SELECT id FROM flight").compactMap { Int64($0) }.first)
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            try await club.saveAccount(
                ClubAccount(
                    login: "anna", pilotName: "Anna Berg", isAdmin: false,
                    passwordHash: try PasswordHash.make(password: "thermal", iterations: 1000)))
            let browser = Browser(app: WebApp(settings: ServerSettings(club: club, config: FlightLogConfig())))
            #expect(try await browser.login("anna", "thermal").status == 303)
            let page = await browser.get("/flights/\(id)")
            #expect(page.status == 200)
            let expected = FlightAnalysis.compute(flight: flight, track: track, glider: OwnGlider())
            let six = try #require(expected.freeSix)
            #expect(expected.phases.thermals.count == 1)
            #expect(
                page.text.replacing("\u{a0}", with: " ")
                    .contains("<dt>Free distance</dt><dd>\(decimal(six.kilometers, 1)) km (6 legs: OLC classic"))
            #expect(page.text.contains("<span>left</span></li></ol>"), "the thermal list")
            #expect(page.text.components(separatedBy: "<circle class=\"thermal\"").count == 2, "one thermal circle")
            #expect(page.text.contains("<polyline class=\"scored\""))
            #expect(page.text.contains("class=\"thermal-band\""))
        }
    }

    /// Views of a flight compute its analysis once (a hard track takes up to the work budget, ~30 s of a core);
    /// an edit that changes what the analysis depends on (the glider type: its index) computes it again.
    @Test(.postgreSQL) func theClubFlightPageComputesTheAnalysisOnceForEveryView() async throws {
        let fixture = try SyncFixture.make()
        defer { fixture.remove() }
        let pi = try fixture.logbook("pi")
        let track = Self.thermalTrack(start: june14)
        var flight = Logbook.flight(takeoff: june14, pilot: "Anna Berg")
        flight.landingTime = june14 + 780_000
        flight.releaseTime = june14 + 30_000
        _ = try pi.store.importFlights(
            track: track, fileName: "thermal.igc", sha256: "sha-thermal", flights: [flight])
        _ = try await fixture.sync(pi)
        let id = try #require(try fixture.rows("SELECT id FROM flight").compactMap { Int64($0) }.first)
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password) { club in
            let anna = ClubAccount(
                login: "anna", pilotName: "Anna Berg", isAdmin: false,
                passwordHash: try PasswordHash.make(password: "thermal", iterations: 1000))
            try await club.saveAccount(anna)
            let browser = Browser(app: WebApp(settings: ServerSettings(club: club, config: FlightLogConfig())))
            #expect(try await browser.login("anna", "thermal").status == 303)
            let first = await browser.get("/flights/\(id)")
            let second = await browser.get("/flights/\(id)")
            #expect(first.status == 200 && second.status == 200)
            #expect(await club.analysisCache.computed == 1, "the second view computed the analysis again")
            #expect(second.text.contains("<dt>Free distance</dt>"))
            let source = club.source(for: anna)
            var details = try await source.flight(id: id).details
            details.gliderType = "LS 4"
            _ = try await source.updateDetails(id: id, to: details, editedAt: june14 + 3_600_000)
            let edited = await browser.get("/flights/\(id)")
            #expect(edited.status == 200 && edited.text.contains("LS 4"))
            #expect(await club.analysisCache.computed == 2, "the glider's index changed: computed again")
            #expect(try await source.analysis(forFlight: id)?.inputs.indexSource?.contains("LS 4") == true)
            #expect(await club.analysisCache.computed == 2)
        }
    }
}
