import FlightLogCore
import Testing

/// The rule `flightlog edit`, the phone and the club share: a named landing field farther than the airfield radius
/// from where the track ends is taken with a warning that gives the distance.
@Suite struct FarLandingFieldTests {
    static let end = Coordinate(latitude: 51.0, longitude: 6.4)

    static func flight(source: FlightSource = .recorded) -> Flight {
        Flight(
            id: 3, takeoffTime: 0, landingTime: 3_600_000, takeoffCoordinate: end, landingCoordinate: end,
            source: source)
    }

    /// A field `kilometres` due north of the track's end (a degree of latitude is 111.2 km on the FAI sphere).
    static func field(kilometresNorth kilometres: Double) -> Airfield {
        Airfield(
            code: "EDXX", name: "Testfeld",
            coordinate: Coordinate(latitude: end.latitude + kilometres / 111.195, longitude: end.longitude),
            elevation: nil, zoneIdentifier: nil, source: .dataSet)
    }

    @Test func aFieldBeyondTheRadiusIsSaidWithItsDistance() throws {
        let far = try #require(
            FarLandingField(Self.field(kilometresNorth: 12.3), landingOf: Self.flight(), radiusMeters: 3000))
        #expect(
            far.text
                == "Testfeld (EDXX) is 12.3 km from where the track ends (the airfield radius is 3.0 km); set as you said"
        )
    }

    @Test func aFieldWithinTheRadiusOrAFlightWithoutTrackIsQuiet() {
        #expect(FarLandingField(Self.field(kilometresNorth: 2.9), landingOf: Self.flight(), radiusMeters: 3000) == nil)
        #expect(
            FarLandingField(
                Self.field(kilometresNorth: 50), landingOf: Self.flight(source: .manual), radiusMeters: 3000)
                == nil)
    }
}
