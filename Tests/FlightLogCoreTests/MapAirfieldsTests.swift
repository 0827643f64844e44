import FlightLogCore
import Testing

/// The map's airfield layer: runways read from the data set's column, and which fields a map shows first.
@Suite("Map airfields")
struct MapAirfieldsTests {
    @Test func runwaysAreReadOnlyForTheRegion() throws {
        let file = """
            #flightlog-airfields 2
            @Europe/Berlin
            EDKA\tAachen-Merzbrück Airport\t50.82305\t6.18639\t190\t0\t07/25:1160:18:P,H1:20:20:
            \tVettweiß-Soller\t50.74750\t6.56694\t160\t0\t14/32:360::G
            EDDM\tMunich Airport\t48.35380\t11.78610\t453\t0\t08R/26L:4000:60:P
            """
        let region = AirfieldDataSet.Region(points: [Coordinate(latitude: 50.8, longitude: 6.3)], radius: 50_000)
        let fields = try AirfieldDataSet.parse(Array(file.utf8), region: region, runways: true)
        #expect(fields.map(\.name) == ["Aachen-Merzbrück Airport", "Vettweiß-Soller"])
        #expect(fields[0].runways.map(\.ident) == ["07/25", "H1"])
        #expect(fields[0].runways.map(\.heading) == [70, nil])
        #expect(fields[0].runways[0].length == 1160 && fields[0].runways[0].surface == "P")
        #expect(fields[1].runways.first?.heading == 140)
        // Without a region (the whole world, e.g. for placing flights) no runway is read.
        #expect(try AirfieldDataSet.parse(Array(file.utf8), runways: true).allSatisfy(\.runways.isEmpty))
    }

    @Test(arguments: [
        ("07/25", 70.0), ("25/07", 70), ("36/18", 0), ("09L/27R", 90), ("18C", 0), ("N/S", 0), ("NE/SW", 45),
        ("w/e", 90), ("13/31", 130),
    ])
    func aRunwaysDirectionComesFromItsDesignator(_ ident: String, _ heading: Double) {
        #expect(Runway(ident: ident, length: nil, surface: nil).heading == heading)
    }

    @Test(arguments: ["H1", "ALL", "00/18", "37", "123", "9X", ""])
    func aDesignatorWithoutADirectionHasNone(_ ident: String) {
        #expect(Runway(ident: ident, length: nil, surface: nil).heading == nil)
    }

    @Test func aDamagedRunwayColumnOnlyLosesItsRunways() {
        #expect(Runway.list("07/25:abc::P,:100:10:G,09").map(\.ident) == ["07/25"])
        #expect(Runway.list("07/25:abc::P")[0].length == nil)
    }

    static func field(_ name: String, _ lat: Double, _ lon: Double, code: String? = nil, runway: Double? = nil)
        -> Airfield
    {
        var f = Airfield(
            code: code, name: name, coordinate: Coordinate(latitude: lat, longitude: lon), elevation: 100,
            zoneIdentifier: "Europe/Berlin", source: .dataSet)
        if let runway { f.runways = [Runway(ident: "07/25", length: runway, surface: "G")] }
        return f
    }

    @Test func takeoffAndLandingFieldsComeFirstThenBigThenNear() {
        let fields = [
            Self.field("Small near", 50.01, 7.0, runway: 400),
            Self.field("Big far", 50.3, 7.0, runway: 2000),
            Self.field("Home", 50.2, 7.2, runway: 600),
            Self.field("Strip", 50.0, 7.01),
            Self.field("Coded", 50.25, 7.0, code: "EDXX"),
            Self.field("Off the map", 52, 7.0, runway: 3000),
        ]
        let home = Coordinate(latitude: 50.201, longitude: 7.2)
        let marks = MapAirfields.select(
            fields, takeoff: home, landing: home, radius: 3000, centre: Coordinate(latitude: 50, longitude: 7)
        ) { $0.latitude < 51 }
        #expect(marks.map(\.airfield.name) == ["Home", "Big far", "Coded", "Small near", "Strip"])
        #expect(marks.map(\.role) == [.takeoffAndLanding, .other, .other, .other, .other])
        let outlanding = MapAirfields.select(
            fields, takeoff: home, landing: Coordinate(latitude: 50.5, longitude: 7.5), radius: 3000,
            centre: home, limit: 2
        ) { _ in true }
        #expect(outlanding.map(\.airfield.name) == ["Home", "Big far"], "no landing field; at most 2")
        #expect(outlanding.map(\.role) == [.takeoff, .other])
    }

    @Test func mapNamesDropTheKindOfField() {
        let names = [
            "Sonderlandeplatz Morschenich", "UL-Flugplatz Linnich", "Aachen-Merzbrück Airport", "Flugplatz",
            "Segelfluggelände Hellenhahn-Schellenberg",
        ].map { MapAirfields.mapName(Self.field($0, 50, 7)) }
        #expect(names == ["Morschenich", "Linnich", "Aachen-Merzbrück", "Flugplatz", "Hellenhahn-Schellenberg"])
    }
}
