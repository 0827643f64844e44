import FlightLogCore
import FlightLogStore
import FlightLogSync
import Foundation

/// Three gliders' logbooks synced to one club logbook, with flights of several pilots: Anna Huber (pilot on A,
/// instructor on B, "Änna Hüber" on C: the same search key), Hanna Huber (whose key holds "anna huber" as a
/// substring, yet is not Anna), Bob Berg, Jürgen Müller (recorded live on A) and Carl Clubmann (entered by hand).
struct ClubFleet {
    let fixture: SyncFixture
    let pis: [Logbook]

    static let day: Int64 = 86_400_000

    static func make(_ fixture: SyncFixture) async throws -> ClubFleet {
        let a = try fixture.logbook("a")
        try a.importFile(start: june14, flights: 2, pilot: "Anna Huber")
        try a.record(start: june14 + day)

        let b = try fixture.logbook("b")
        var taught = Logbook.flight(takeoff: june14 + 2 * day + 60_000, pilot: "Bob Berg")
        taught.details.secondPerson = "Anna Huber"
        taught.details.secondPersonRole = .instructor
        taught.details.launchMethod = .aerotow
        var away = Logbook.flight(takeoff: june14 + 2 * day + 91 * 60_000, pilot: "Bob Berg")
        away.details.secondPerson = "Gustav Gast"
        away.details.secondPersonRole = .guest
        away.details.registration = "D-KBOB"
        away.landingLocation = FlightPlace(
            code: "EDKA", name: "Aachen-Merzbrück", distance: 14_000, bearing: 93, isOutlanding: true,
            zoneIdentifier: "Europe/Berlin")
        _ = try b.store.importFlights(
            track: Logbook.track(start: june14 + 2 * day, minutes: 180), fileName: "bob.igc", sha256: "sha-bob",
            original: Array("AXFLBOB\r\nHFPLTPILOT:Bob Berg\r\n".utf8) + (0..<999).map { UInt8($0 % 256) },
            flights: [taught, away])
        var manual = Logbook.flight(takeoff: june14 + 5 * day, pilot: "Carl Clubmann")
        manual.source = .manual
        _ = try b.store.addManualFlight(manual)

        let c = try fixture.logbook("c")
        try c.importFile(start: june14 + 3 * day, pilot: "Änna Hüber")
        try c.importFile(start: june14 + 4 * day, pilot: "Hanna Huber")

        for pi in [a, b, c] { _ = try await fixture.sync(pi) }
        return ClubFleet(fixture: fixture, pis: [a, b, c])
    }

    /// Every local flight (id set to nil, as it differs on the server), with its glider, by takeoff time.
    func localFlights(matching filter: FlightFilter = FlightFilter()) throws -> [(
        flight: Flight, pi: Logbook, id: Int64
    )] {
        try pis.flatMap { pi in
            try pi.store.flights(matching: filter).map { flight in
                var bare = flight
                bare.id = nil
                return (bare, pi, flight.id!)
            }
        }.sorted { $0.flight.takeoffTime < $1.flight.takeoffTime }
    }

    /// Runs `body` with the club logbook open.
    func withClub<T: Sendable>(_ body: @Sendable (ClubWebLogbook) async throws -> T) async throws -> T {
        try await ClubWebLogbook.with(url: fixture.url, password: fixture.password, body)
    }

    static let admin = ClubAccount(login: "admin", pilotName: "Club Admin", isAdmin: true, passwordHash: "x")
    static let anna = ClubAccount(login: "anna", pilotName: "Anna Huber", isAdmin: false, passwordHash: "x")
}

extension Flight {
    /// The flight without its id (the server's and the glider's differ).
    var bare: Flight {
        var flight = self
        flight.id = nil
        return flight
    }
}
