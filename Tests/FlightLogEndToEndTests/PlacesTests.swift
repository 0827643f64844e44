import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

/// Places through the CLI: every flight's takeoff and landing place and zone, checked against the
/// shipped data set itself (the expected field found by brute force over every field, never typed in).
@Suite("places and zones", .serialized, .timeLimit(.minutes(5)))
struct PlacesTests {
    struct Listed: Decodable {
        struct Location: Decodable {
            var code: String?
            var name: String?
            var distanceMeters: Int
            var outlanding: Bool
            var timeZone: String?
            var description: String
        }
        var id: Int64
        var sourceFile: String?
        var takeoffLatitude: Double
        var takeoffLongitude: Double
        var landingLatitude: Double
        var landingLongitude: Double
        var timeZone: String?
        var utcOffset: String
        var takeoff: String
        var outlanding: Bool
        var takeoffPlace: String?
        var landingPlace: String?
        var takeoffLocation: Location?
        var landingLocation: Location?
    }

    static let dataSet: [Airfield] = (try? AirfieldCatalog.dataSet()) ?? []

    static func bruteForceNearest(_ point: Coordinate) -> (field: Airfield, distance: Meters) {
        var best = (field: dataSet[0], distance: Geodesy.distance(point, dataSet[0].coordinate))
        for field in dataSet {
            let d = Geodesy.distance(point, field.coordinate)
            if d < best.distance { best = (field, d) }
        }
        return best
    }

    func list(_ arguments: [String], db: URL, dir: URL) throws -> [Listed] {
        let r = try CLI.run(["list", "--json"] + arguments, database: db, in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        return try JSONDecoder().decode([Listed].self, from: Data(r.stdout.utf8))
    }

    /// Simulated flights from every 3,000th field of the data set (all continents), and the shared flights.
    @Test func everyPlaceAndZoneIsTheDataSetsNearestField() throws {
        try #require(Self.dataSet.count > 25_000)
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        var files: [String] = []
        for (n, field) in stride(from: 0, to: Self.dataSet.count, by: 3000).map({ Self.dataSet[$0] }).enumerated() {
            let name = "at-\(n).igc"
            let r = try CLI.run(
                [
                    "simulate", "--at=\(field.coordinate.latitude),\(field.coordinate.longitude)",
                    "--elevation=\(Int(field.elevation ?? 100))", "--minutes", "12", "--seed", "\(n + 1)", "-o", name,
                ],
                database: nil, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
            files.append(name)
        }
        if SharedFlights.available { files += SharedFlights.files().map(\.path) }
        let imported = try CLI.run(["import"] + files, database: db, in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        let zones = SystemTimeZones()
        let flights = try list([], db: db, dir: dir)
        #expect(flights.count >= files.count)
        var atFields = 0, outlandings = 0
        for flight in flights {
            let name = flight.sourceFile ?? "\(flight.id)"
            for (what, latitude, longitude, location, text) in [
                (
                    "takeoff", flight.takeoffLatitude, flight.takeoffLongitude, flight.takeoffLocation,
                    flight.takeoffPlace
                ),
                (
                    "landing", flight.landingLatitude, flight.landingLongitude, flight.landingLocation,
                    flight.landingPlace
                ),
            ] {
                let expected = Self.bruteForceNearest(Coordinate(latitude: latitude, longitude: longitude))
                let place = try #require(location, "\(name) \(what): no place")
                #expect(
                    place.name == expected.field.name && place.code == expected.field.code,
                    "\(name) \(what): \(place.description)")
                #expect(abs(Double(place.distanceMeters) - expected.distance) <= 1, "\(name) \(what)")
                #expect(place.outlanding == (expected.distance > 3000), "\(name) \(what): \(Int(expected.distance)) m")
                #expect(text == place.description, "\(name) \(what): the place text")
                if !place.outlanding {
                    #expect(
                        place.timeZone == expected.field.zoneIdentifier, "\(name) \(what): \(place.timeZone ?? "-")")
                    atFields += 1
                } else {
                    #expect(place.description.hasPrefix("outlanding, ") && place.description.contains(" of "))
                    outlandings += 1
                }
            }
            // The flight's zone is the takeoff place's; its offset is that zone's at takeoff.
            #expect(flight.timeZone == flight.takeoffLocation?.timeZone, "\(name)")
            let rules = try #require(
                flight.timeZone.flatMap(zones.rules(identifier:)), "\(name): zone \(flight.timeZone ?? "-")")
            let takeoff = try #require(parseISO(flight.takeoff))
            #expect(flight.utcOffset == offsetText(rules.offsetSeconds(at: takeoff)), "\(name)")
            #expect(flight.outlanding == (flight.landingLocation?.outlanding ?? false))
        }
        print(
            "Places: \(flights.count) flights, \(atFields) places at fields, \(outlandings) outlandings, all as the data set's nearest field"
        )

        // The outlanding filters split the logbook.
        let out = try list(["--outlanding"], db: db, dir: dir), home = try list(["--no-outlanding"], db: db, dir: dir)
        #expect(Set(out.map(\.id)) == Set(flights.filter(\.outlanding).map(\.id)))
        #expect(out.count + home.count == flights.count)
    }

    /// A CUP field of the pilot's turns an outlanding into a landing there once `assign --all` runs; a place
    /// edited by hand stays.
    @Test func pilotsFieldsWinAndHandEditedPlacesStay() throws {
        let dir = try makeTemporaryDirectory()
        let db = dir.appendingPathComponent("flights.sqlite")
        // Two flights from a field with no data-set field within 3 km (50.55 N 6.9 E, near Wershofen).
        for n in 1...2 {
            let r = try CLI.run(
                [
                    "simulate", "--at", "50.55,6.9", "--minutes", "12", "--seed", "\(n)", "--start",
                    "2025-06-1\(n)T10:00:00Z",
                    "-o", "f\(n).igc",
                ], database: nil, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
        }
        try #require(try CLI.run(["import", "f1.igc", "f2.igc"], database: db, in: dir).status == 0)
        let before = try list([], db: db, dir: dir)
        try #require(before.count == 2 && before.allSatisfy(\.outlanding), "\(before.map(\.landingPlace))")
        let edited = try CLI.run(
            ["edit", "\(before[0].id)", "--landing-place", "Farmer Jansen's field"], database: db, in: dir)
        try #require(edited.status == 0, "\(edited.stderr)")

        // The pilot's own site there (CUP in ~/.config/flightlog/airfields, which CLI.run points to no-config/).
        let folder = dir.appendingPathComponent("no-config/flightlog/airfields")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("name,code,country,lat,lon,elev,style\n\"Hangweide Nord\",,DE,5033.000N,00654.000E,480.0m,4\n".utf8)
            .write(to: folder.appendingPathComponent("club.cup"))
        let assigned = try CLI.run(["airfields", "assign", "--all"], database: db, in: dir)
        #expect(
            assigned.status == 0 && assigned.stdout.hasPrefix("Placed 2 flights"),
            "\(assigned.stdout)\(assigned.stderr)")
        let after = try list([], db: db, dir: dir)
        let kept = try #require(after.first { $0.id == before[0].id }),
            moved = try #require(after.first { $0.id == before[1].id })
        #expect(moved.landingPlace == "Hangweide Nord" && !moved.outlanding, "\(moved.landingPlace ?? "-")")
        #expect(moved.takeoffLocation?.name == "Hangweide Nord" && moved.takeoffLocation?.code == nil)
        #expect(moved.timeZone == "Europe/Berlin", "a CUP site takes the nearest zoned field's zone")
        #expect(kept.landingPlace == "Farmer Jansen's field", "the hand-edited place stays")
        #expect(kept.takeoffPlace == "Hangweide Nord", "the unedited takeoff place follows the new field")
        let show = try CLI.run(["show", "\(kept.id)"], database: db, in: dir)
        #expect(show.stdout.contains("— Farmer Jansen's field") && !show.stdout.contains("(outlanding)"))
    }
}

private func parseISO(_ text: String) -> UTCMillis? {
    guard text.count >= 20, let date = CivilDate(iso: String(text.prefix(10))) else { return nil }
    let clock = text.dropFirst(11).prefix(8).split(separator: ":").compactMap { Int64($0) }
    guard clock.count == 3 else { return nil }
    return date.utcMidnight + clock[0] * 3_600_000 + clock[1] * 60_000 + clock[2] * 1000
}
