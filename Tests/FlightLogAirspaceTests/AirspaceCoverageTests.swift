import Testing

@testable import FlightLogAirspace
@testable import FlightLogCore

/// Which part of a flight the imported files cover (each file: the box of all its outlines), and the words that
/// follow: a flight far from every file is not "outside every airspace", it was not judged.
struct AirspaceCoverageTests {
    static let t0: UTCMillis = 1_751_446_800_000

    /// A square of `size` degrees with its south-west corner at `lat`, `lon`, in the file `file`.
    static func square(_ name: String, lat: Double, lon: Double, size: Double = 0.1, file: String) -> Airspace {
        Airspace(
            name: name, airspaceClass: "D", floor: .ground, ceiling: .flightLevel(100),
            outline: [
                Coordinate(latitude: lat, longitude: lon), Coordinate(latitude: lat, longitude: lon + size),
                Coordinate(latitude: lat + size, longitude: lon + size),
                Coordinate(latitude: lat + size, longitude: lon),
            ], file: file)
    }

    /// One fix a second from `from`, `step` degrees of longitude a fix, at 1000 m.
    static func line(from: Coordinate, count: Int, step: Double) -> [Fix] {
        (0..<count).map { i in
            Fix(
                time: t0 + Int64(i) * 1000, latitude: from.latitude,
                longitude: (from.longitude + Double(i) * step + 540).truncatingRemainder(dividingBy: 360) - 180,
                pressureAltitude: 1000, gnssAltitude: 1000)
        }
    }

    static func findings(_ fixes: [Fix], _ airspaces: [Airspace]) -> AirspaceFindings {
        let flight = Flight(
            takeoffTime: fixes[0].time, landingTime: fixes[fixes.count - 1].time,
            takeoffCoordinate: fixes[0].coordinate, landingCoordinate: fixes[fixes.count - 1].coordinate)
        return AirspaceFindings(flight: flight, fixes: fixes, airspaces: airspaces)
    }

    /// A German file (two zones 1° apart: its box spans 50–51.1 N, 7–8.1 E).
    static let german = [
        square("CTR West", lat: 50, lon: 7, file: "germany.txt"),
        square("CTR East", lat: 51, lon: 8, file: "germany.txt"),
    ]

    @Test func aFlightFarFromEveryFileIsNotJudged() {
        let found = Self.findings(
            Self.line(from: Coordinate(latitude: -35, longitude: 149), count: 600, step: 0.001),
            Self.german)
        #expect(found.coverage.extent == .none)
        #expect(found.coverage.files == ["germany.txt"])
        #expect(found.headline == "no imported airspace covers this flight's area (files: germany.txt)")
        #expect(!found.headline.contains("outside the"))
        #expect(!found.isJudged)
        #expect(found.uncoveredText(offsetSeconds: 0) == nil)
    }

    @Test func aFlightBetweenTheZonesIsCoveredByTheFilesBox() {
        // 50.5 N from 7.2 E eastwards: between the two zones, but inside the file's box, and in neither zone.
        let found = Self.findings(
            Self.line(from: Coordinate(latitude: 50.5, longitude: 7.2), count: 600, step: 0.001), Self.german)
        #expect(found.coverage.extent == .full)
        #expect(found.headline == "none: the track stayed outside the 2 imported airspaces")
        #expect(found.isJudged)
    }

    @Test func theUncoveredPartIsNamedWithItsTimes() {
        // From 7.8005 E eastwards 0.001° a second: past 8.11 E (the box and its 0.01° margin) from second 310.
        let fixes = Self.line(from: Coordinate(latitude: 50.5, longitude: 7.8005), count: 600, step: 0.001)
        let found = Self.findings(fixes, Self.german)
        #expect(found.coverage.extent == .partial)
        let stretch = try? #require(found.coverage.uncovered.first)
        #expect(found.coverage.uncovered.count == 1)
        #expect(stretch?.end == fixes[599].time)
        #expect(stretch?.start == fixes[310].time)
        #expect(found.headline.hasPrefix("none where the imported airspace covers the flight"))
        // 09:00:00 UTC + 310 s to + 599 s, shown at a UTC offset of two hours.
        let text = found.uncoveredText(offsetSeconds: 7200)
        #expect(
            text == "not covered by any imported file's area (files: germany.txt), nothing judged there: "
                + "11:05:10–11:09:59 local (4 min 49 s)", "\(text ?? "nil")")
    }

    @Test func twoFilesCoverTogetherWhatNeitherDoesAlone() {
        // East of the German file's box (8.11 E), from 8.1 E: the track runs on from 7.8 E to 8.4 E.
        let alps = [Self.square("CTR Alps", lat: 50, lon: 8.1, size: 0.5, file: "alps.txt")]
        let fixes = Self.line(from: Coordinate(latitude: 50.05, longitude: 7.8), count: 600, step: 0.001)
        let found = Self.findings(fixes, Self.german + alps)
        #expect(found.coverage.extent == .full)
        #expect(found.coverage.files == ["germany.txt", "alps.txt"])
        #expect(Self.findings(fixes, Self.german).coverage.extent == .partial, "the German file alone")
        #expect(Self.findings(fixes, alps).coverage.extent == .partial, "the Alps alone")
    }

    @Test func aFileAcross180DegreesIsNotTorn() {
        let fiji = [Self.square("Nadi", lat: -18, lon: 179.9, size: 0.3, file: "fiji.txt")]
        let near = Self.findings(
            Self.line(
                from: Coordinate(latitude: -17.9, longitude: 179.95), count: 100,
                step: 0.001), fiji)
        #expect(near.coverage.extent == .full)
        // The antimeridian's opposite: a box torn across 180° would span every longitude and cover it.
        let far = Self.findings(
            Self.line(from: Coordinate(latitude: -17.9, longitude: 0), count: 100, step: 0.001),
            fiji)
        #expect(far.coverage.extent == .none)
    }
}
