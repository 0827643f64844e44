import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// Fields the shipped data set knows by the names pilots use, through the real `flightlog` on a real database:
/// a gliding site only OurAirports lists is a field (no outlanding), and `add`/`edit` find a field by any part
/// of its name only it has, case and accents ignored; a part several fields share is an error naming them.
@Suite("field names", .serialized, .timeLimit(.minutes(5)))
struct FieldNamesTests {
    struct Listed: Decodable {
        struct Location: Decodable {
            var code: String?
            var name: String?
            var outlanding: Bool
            var timeZone: String?
        }
        var id: Int64
        var timeZone: String?
        var takeoffPlace: String?
        var landingPlace: String?
        var outlanding: Bool
        var takeoffLocation: Location?
        var landingLocation: Location?
    }

    func list(_ db: URL, _ dir: URL) throws -> [Listed] {
        let r = try CLI.run(["list", "--json"], database: db, in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        return try JSONDecoder().decode([Listed].self, from: Data(r.stdout.utf8))
    }

    func add(_ place: [String], _ db: URL, _ dir: URL) throws -> ProcessResult {
        try CLI.run(
            ["add", "--date", "2025-06-14", "--takeoff", "10:00", "--landing", "10:30"] + place, database: db, in: dir)
    }

    @Test func aFlightLandingAtAGlidingSiteOnlyOurAirportsHasIsNoOutlanding() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        // Erkelenz-Kückhoven, a gliding site without an ICAO code (airportsdata does not list it).
        let made = try CLI.run(
            [
                "simulate", "--at", "51.06417,6.36028", "--elevation", "86", "--minutes", "12", "--seed", "7", "-o",
                "k.igc",
            ],
            database: nil, in: dir)
        try #require(made.status == 0, "\(made.stderr)")
        let imported = try CLI.run(["import", "k.igc"], database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        let flight = try #require(try list(db, dir).first)
        #expect(!flight.outlanding, "\(flight.landingPlace ?? "-")")
        #expect(flight.landingLocation?.name == "Erkelenz-Kückhoven" && flight.landingLocation?.code == nil)
        #expect(flight.takeoffPlace == "Erkelenz-Kückhoven" && flight.landingPlace == "Erkelenz-Kückhoven")
        #expect(flight.timeZone == "Europe/Berlin")
    }

    @Test func addFindsAFieldByAnyUniquePartOfItsName() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        for (text, label) in [
            ("Merzbrück", "Aachen-Merzbrück Airport (EDKA)"), ("merzbruck", "Aachen-Merzbrück Airport (EDKA)"),
            ("AACHEN MERZBRUCK", "Aachen-Merzbrück Airport (EDKA)"), ("kückhoven", "Erkelenz-Kückhoven"),
            ("monchengladbach", "Mönchengladbach Airport (EDLN)"),
        ] {
            let r = try add(["--takeoff-place", text], db, dir)
            #expect(r.status == 0 && r.stdout.contains("Europe/Berlin, UTC+02:00"), "\(text): \(r.stdout)\(r.stderr)")
            #expect(try list(db, dir).max { $0.id < $1.id }?.takeoffPlace == label, "\(text)")
        }
        let flights = try list(db, dir)
        #expect(flights.count == 5)
        for flight in flights {
            #expect(flight.takeoffPlace == flight.landingPlace && flight.takeoffLocation?.name != nil)
            #expect(flight.takeoffLocation?.timeZone == "Europe/Berlin")
        }
        #expect(
            Set(flights.compactMap(\.takeoffPlace))
                == ["Aachen-Merzbrück Airport (EDKA)", "Erkelenz-Kückhoven", "Mönchengladbach Airport (EDLN)"])
    }

    @Test func anAmbiguousPartNamesTheCandidatesAndAddsNothing() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        try #require(try add(["--takeoff-place", "EDKA"], db, dir).status == 0)
        // Aachen-Merzbrück and Maastricht Aachen both have a word "Aachen".
        let r = try add(["--takeoff-place", "aachen"], db, dir)
        #expect(r.status != 0)
        #expect(r.stderr.contains("'aachen' matches 2 airfields"), "\(r.stderr)")
        #expect(
            r.stderr.contains("Aachen-Merzbrück Airport (EDKA)")
                && r.stderr.contains("Maastricht Aachen Airport (EHBK)"))
        #expect(r.stderr.contains("give its code") && r.stderr.contains("--utc-offset"), "\(r.stderr)")
        #expect(try list(db, dir).count == 1, "nothing added")
        // With an offset the pilot keeps the text as a place of their own.
        let own = try add(["--takeoff-place", "aachen", "--utc-offset", "+02:00"], db, dir)
        #expect(own.status == 0, "\(own.stderr)")
        #expect(try list(db, dir).contains { $0.takeoffPlace == "aachen" && $0.takeoffLocation == nil })
    }

    @Test func editNamesTheFieldOrKeepsTheText() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        try #require(try add(["--takeoff-place", "Hintertupfing", "--utc-offset", "+02:00"], db, dir).status == 0)
        let id = try #require(try list(db, dir).first?.id)
        let edited = try CLI.run(
            ["edit", "\(id)", "--takeoff-place", "merzbruck", "--landing-place", "Kuckhoven"], database: db, in: dir)
        #expect(edited.status == 0, "\(edited.stderr)")
        var flight = try #require(try list(db, dir).first)
        #expect(flight.takeoffPlace == "Aachen-Merzbrück Airport (EDKA)" && flight.landingPlace == "Erkelenz-Kückhoven")
        // A name's words in any order, as names match elsewhere: "Merzbrück Aachen" was kept as text of one's own.
        let reordered = try CLI.run(
            ["edit", "\(id)", "--takeoff-place", "Merzbrück Aachen", "--landing-place", "Kückhoven Erkelenz"],
            database: db, in: dir)
        #expect(reordered.status == 0, "\(reordered.stderr)")
        flight = try #require(try list(db, dir).first)
        #expect(flight.takeoffPlace == "Aachen-Merzbrück Airport (EDKA)" && flight.landingPlace == "Erkelenz-Kückhoven")
        // An ambiguous part changes nothing and says which fields it could be.
        let ambiguous = try CLI.run(
            ["edit", "\(id)", "--landing-place", "Aachen", "--remarks", "x"], database: db, in: dir)
        #expect(
            ambiguous.status != 0 && ambiguous.stderr.contains("Maastricht Aachen Airport (EHBK)"),
            "\(ambiguous.stderr)")
        flight = try #require(try list(db, dir).first)
        #expect(flight.landingPlace == "Erkelenz-Kückhoven")
        // Text that names no field stays as typed.
        let own = try CLI.run(
            ["edit", "\(id)", "--landing-place", "Wiese hinter Hintertupfing"], database: db, in: dir)
        #expect(own.status == 0, "\(own.stderr)")
        #expect(try list(db, dir).first?.landingPlace == "Wiese hinter Hintertupfing")
    }

    @Test func anEqualsSignFirstKeepsThePilotsOwnPlace() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        // "Aachen" is part of two fields' names: the error names them and says how to keep the text.
        let refused = try add(["--takeoff-place", "EDKA", "--landing-place", "aachen"], db, dir)
        #expect(refused.status != 0 && refused.stderr.contains("put = first: '=aachen'"), "\(refused.stderr)")
        // A farmer's field: with = first it stays the pilot's text; the takeoff field still gives the zone.
        let added = try add(["--takeoff-place", "EDKA", "--landing-place", "=Aachen, Bauer Meier's field"], db, dir)
        #expect(added.status == 0, "\(added.stderr)")
        var flight = try #require(try list(db, dir).first)
        #expect(flight.landingPlace == "Aachen, Bauer Meier's field" && flight.timeZone == "Europe/Berlin")
        // `edit` alike: "Merzbrück" alone would name the field, "=Merzbrück" is the text.
        let edited = try CLI.run(["edit", "\(flight.id)", "--landing-place", "=Merzbrück"], database: db, in: dir)
        #expect(edited.status == 0, "\(edited.stderr)")
        flight = try #require(try list(db, dir).first)
        #expect(flight.landingPlace == "Merzbrück")
    }
}
