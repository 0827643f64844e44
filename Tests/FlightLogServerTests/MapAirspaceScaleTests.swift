import FlightLogAirspace
import FlightLogCore
import FlightLogTestSupport
import FlightLogWeb
import Testing

/// A whole country's airspace around a flight on the phone map: hundreds of outlines in view, each sent with no
/// more points than the map can show.
struct MapAirspaceScaleTests {
    /// The generated country file's triangle flight, a fix every 20 s.
    static func flight() -> (Flight, [Fix]) { CountryAirspace.flight(step: 20) }

    @Test func outlinesInViewAreThinnedToTheMapsResolution() throws {
        let airspaces = OpenAirReader.read(Array(CountryAirspace.file().utf8)).airspaces
        let (flight, fixes) = Self.flight()
        var map = try #require(MapChart(flight: flight, fixes: fixes, faults: []))
        map.addAirspace(airspaces)
        let outlines = map.airspace.outlines
        let points = outlines.map(\.points.count)
        // About 1,000 map units across 170 km: a 5 NM zone is some 55 units across, 13 points draw it within a
        // unit (its file has 360); the generated borders wiggle by more than a unit and keep up to ~350 of 800.
        #expect(outlines.count >= 300, "\(outlines.count) outlines in view")
        #expect(points.max()! <= 400, "the most points of one outline: \(points.max()!)")
        #expect(points.reduce(0, +) <= 25 * outlines.count, "\(points.reduce(0, +)) points in \(outlines.count)")
    }
}
