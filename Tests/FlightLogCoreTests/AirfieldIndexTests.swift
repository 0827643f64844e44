import Testing

@testable import FlightLogCore

@Suite struct AirfieldIndexTests {
    static func field(
        _ code: String?, _ name: String, _ lat: Double, _ lon: Double, zone: String? = "Europe/Berlin",
        source: Airfield.Source = .dataSet
    ) -> Airfield {
        Airfield(
            code: code, name: name, coordinate: Coordinate(latitude: lat, longitude: lon), elevation: 100,
            zoneIdentifier: zone, source: source)
    }

    static let wershofen = field("EDRV", "Wershofen/Eifel Airport", 50.45139, 6.78333)
    static let leverkusen = field("EDKL", "Leverkusen Airport", 51.01528, 7.00556)
    static let jelenia = field("EPJG", "Jelenia Góra Glider Airport", 50.8989, 15.7856, zone: "Europe/Warsaw")
    static let index = AirfieldIndex([wershofen, leverkusen, jelenia])

    @Test func takeoffAtAFieldNamesIt() {
        let place = Self.index.place(at: Coordinate(latitude: 51.0147, longitude: 7.0053))
        #expect(!place.isOutlanding)
        #expect(place.airfield?.code == "EDKL")
        #expect(place.distance < 150)
        #expect(place.description == "Leverkusen Airport (EDKL)")
        #expect(place.zoneIdentifier == "Europe/Berlin")
    }

    @Test func outlandingIsDescribedFromTheNearestField() {
        // 12 km north-east of Wershofen: beyond every radius, nearest field Wershofen.
        let point = Geodesy.destination(from: Self.wershofen.coordinate, bearing: 45, distance: 12_000)
        let place = Self.index.place(at: point)
        #expect(place.isOutlanding)
        #expect(place.description == "outlanding, 12 km NE of Wershofen (EDRV)")
        #expect(place.zoneIdentifier == "Europe/Berlin")
        let near = Geodesy.destination(from: Self.jelenia.coordinate, bearing: 200, distance: 4_240)
        #expect(Self.index.place(at: near).description == "outlanding, 4.2 km S of Jelenia Góra (EPJG)")
        #expect(Self.index.place(at: near).zoneIdentifier == "Europe/Warsaw")
    }

    @Test func radiusDecides() {
        let point = Geodesy.destination(from: Self.leverkusen.coordinate, bearing: 270, distance: 3_500)
        #expect(Self.index.place(at: point).isOutlanding)
        #expect(!Self.index.place(at: point, radius: 4_000).isOutlanding)
        #expect(Self.index.nearest(to: point, within: 3_000) == nil)
        #expect(Self.index.nearest(to: point, within: 4_000)?.airfield.code == "EDKL")
    }

    @Test(arguments: [
        (0.0, "N"), (22.4, "N"), (22.5, "NE"), (90, "E"), (135, "SE"), (180, "S"), (225, "SW"),
        (270, "W"), (315, "NW"), (337.5, "N"), (359.9, "N"), (-45, "NW"), (720, "N"),
    ])
    func compassPoints(bearing: Double, expected: String) {
        #expect(CompassPoint(bearing: bearing).rawValue == expected)
    }

    @Test func shortNames() {
        #expect(Self.wershofen.shortName == "Wershofen")
        #expect(Self.jelenia.shortName == "Jelenia Góra")
        #expect(Self.field(nil, "Airport", 0, 0).shortName == "Airport")
        #expect(Self.field(nil, "Lowell Field", 0, 0).shortName == "Lowell Field")
    }

    /// The lookup against brute force over random fields and points, poles and the date line included.
    @Test func nearestMatchesBruteForce() {
        var random = SeededRandom(seed: 7)
        var fields: [Airfield] = []
        for i in 0..<2_000 {
            let lat = Double.random(in: -90...90, using: &random), lon = Double.random(in: -180...180, using: &random)
            fields.append(Self.field("F\(i)", "Field \(i)", lat, lon))
        }
        fields.append(Self.field("DL", "Date line", 10, 179.99))
        let index = AirfieldIndex(fields)
        var points = [
            Coordinate(latitude: 10, longitude: -179.99), Coordinate(latitude: 90, longitude: 0),
            Coordinate(latitude: -90, longitude: 0),
        ]
        for _ in 0..<500 {
            points.append(
                Coordinate(
                    latitude: Double.random(in: -90...90, using: &random),
                    longitude: Double.random(in: -180...180, using: &random)))
        }
        for point in points {
            let expected = fields.map { Geodesy.distance(point, $0.coordinate) }.min()!
            #expect(index.nearest(to: point)?.distance == expected)
            let within = fields.filter { Geodesy.distance(point, $0.coordinate) <= 300_000 }.count
            #expect(index.fields(within: 300_000, of: point).count == within)
        }
        #expect(index.nearest(to: points[0])?.airfield.code == "DL")
    }

    /// The longitude box that spares the distance of far fields never leaves out one on the edge of the circle:
    /// fields just inside and just outside radii at the equator, mid and high latitudes and across the date line.
    @Test(arguments: [0.0, 45, 70, 85, 89.9, -60])
    func longitudeBoxKeepsFieldsOnTheEdge(latitude: Double) {
        for radius in [3_000.0, 200_000, 2_000_000] {
            let center = Coordinate(latitude: latitude, longitude: 179.9)
            var fields: [Airfield] = []
            for step in 0..<48 {
                for scale in [0.999_999, 1.000_001] {
                    let point = Geodesy.destination(
                        from: center, bearing: Double(step) * 7.5, distance: radius * scale)
                    fields.append(Self.field("E\(step)", "Edge", point.latitude, point.longitude))
                }
            }
            let index = AirfieldIndex(fields)
            let inside = fields.filter { Geodesy.distance(center, $0.coordinate) <= radius }
            #expect(index.fields(within: radius, of: center).count == inside.count, "radius \(radius)")
            let nearest = fields.map { Geodesy.distance(center, $0.coordinate) }.min()!
            #expect(index.nearest(to: center, within: radius)?.distance == nearest)
        }
    }

    @Test func emptyIndexAndNonFiniteInput() {
        let empty = AirfieldIndex([])
        #expect(empty.nearest(to: Coordinate(latitude: 50, longitude: 7)) == nil)
        #expect(empty.place(at: Coordinate(latitude: 50, longitude: 7)).description == "outlanding")
        #expect(Self.index.nearest(to: Coordinate(latitude: .nan, longitude: 7)) == nil)
        #expect(AirfieldIndex([Self.field("X", "NaN", .nan, 0)]).fields.isEmpty)
    }

    @Test func pilotFieldsWinAtTheSamePlace() {
        let pilotsLeverkusen = Self.field("EDKL", "Leverkusen LSV", 51.0150, 7.0060, zone: nil, source: .pilot)
        let site = Self.field(nil, "Hangweide", 50.508, 6.871, zone: nil, source: .pilot)
        let index = AirfieldIndex(
            dataSet: [Self.wershofen, Self.leverkusen, Self.jelenia], pilots: [pilotsLeverkusen, site])
        #expect(index.fields.count == 4)
        let place = index.place(at: Coordinate(latitude: 51.0147, longitude: 7.0053))
        #expect(place.airfield?.name == "Leverkusen LSV")
        #expect(place.airfield?.source == .pilot)
        #expect(place.zoneIdentifier == "Europe/Berlin", "the replaced field's zone")
        #expect(index.place(at: Coordinate(latitude: 50.5081, longitude: 6.8712)).description == "Hangweide")
        // A pilot's field under another code but within 1 km also replaces the data set's.
        let moved = Self.field("XXXX", "Wershofen club", 50.4540, 6.7850, zone: nil, source: .pilot)
        let second = AirfieldIndex(dataSet: [Self.wershofen], pilots: [moved])
        #expect(second.fields.map(\.name) == ["Wershofen club"])
    }

    /// ~28,000 fields spread like the data set's (measured: prints the time of one lookup).
    @Test func lookupIsFast() {
        var random = SeededRandom(seed: 11)
        var fields: [Airfield] = []
        for i in 0..<28_000 {
            // Dense in the northern mid-latitudes, like the data set (US and Europe).
            let lat =
                i % 3 == 0 ? Double.random(in: -60...70, using: &random) : Double.random(in: 25...60, using: &random)
            fields.append(Self.field("F\(i)", "Field", lat, Double.random(in: -180...180, using: &random)))
        }
        let index = AirfieldIndex(fields)
        let clock = ContinuousClock()
        var found = 0
        let lookups = 2_000
        let elapsed = clock.measure {
            for i in 0..<lookups {
                let point = Coordinate(latitude: 30 + Double(i % 30), longitude: Double(i % 360) - 180)
                if !index.place(at: point).isOutlanding { found += 1 }
            }
        }
        let perLookup = elapsed / lookups
        print("AirfieldIndex: \(lookups) place lookups in 28,000 fields: \(perLookup) each (\(found) at a field)")
        #expect(perLookup < .milliseconds(5))
    }

    /// The logbook's place: compact text for the list, the landing label marking an outlanding the pilot renamed,
    /// the outlanding filter, and the zone of a pilot's site without one (the nearest zoned field's).
    @Test func flightPlacesAndTheirTexts() {
        let point = Geodesy.destination(from: Self.wershofen.coordinate, bearing: 45, distance: 12_000)
        let out = FlightPlace(Self.index.place(at: point), zoneIdentifier: "Europe/Berlin")
        #expect(out.compactText == "12 km NE EDRV")
        let home = FlightPlace(Self.index.place(at: Self.leverkusen.coordinate), zoneIdentifier: "Europe/Berlin")
        #expect(home.compactText == "EDKL" && home.description == "Leverkusen Airport (EDKL)")

        var flight = Flight(
            takeoffTime: 0, landingTime: 3_600_000, takeoffCoordinate: Self.leverkusen.coordinate,
            landingCoordinate: point)
        #expect(flight.landingPlaceLabel == nil && !flight.isOutlanding, "not placed yet")
        flight.takeoffLocation = home
        flight.landingLocation = out
        flight.details.landingPlace = out.description
        #expect(flight.landingPlaceLabel == "outlanding, 12 km NE of Wershofen (EDRV)")
        flight.details.landingPlace = "Farmer Jansen's field"
        #expect(flight.landingPlaceLabel == "Farmer Jansen's field (outlanding)")
        #expect(FlightFilter(outlanding: true).matches(flight) && !FlightFilter(outlanding: false).matches(flight))
        flight.landingLocation = home
        #expect(flight.landingPlaceLabel == "Farmer Jansen's field")
        #expect(!FlightFilter(outlanding: true).matches(flight) && FlightFilter(outlanding: false).matches(flight))
        #expect(FlightFilter(outlanding: true).summary == "outlandings")

        let site = Self.field(nil, "Hangweide", 50.5, 6.85, zone: nil, source: .pilot)
        let withSite = AirfieldIndex([site, Self.wershofen, Self.jelenia])
        #expect(withSite.zoneIdentifier(near: site.coordinate) == "Europe/Berlin")
        #expect(
            withSite.zoneIdentifier(near: Coordinate(latitude: -40, longitude: 100)) == nil, "nothing within 200 km")
    }
}
