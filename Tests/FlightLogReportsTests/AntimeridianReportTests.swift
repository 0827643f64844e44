import FlightLogCore
import FlightLogReports
import Foundation
import Testing

/// The PDF report's map of a flight across 180°: the same map as of the same flight anywhere else (the projection
/// depends on no longitude but the flight's own), never a map spanning the world.
@Suite("Report map across 180°")
struct AntimeridianReportTests {
    /// `flight` and `fixes` moved `degrees` east, longitudes folded into −180 ..< 180.
    static func moved(_ flight: Flight, _ fixes: [Fix], east degrees: Double) -> (Flight, [Fix]) {
        func move(_ c: Coordinate) -> Coordinate {
            Coordinate(latitude: c.latitude, longitude: Geodesy.wrappedLongitude(c.longitude + degrees))
        }
        var flight = flight
        flight.takeoffCoordinate = move(flight.takeoffCoordinate)
        flight.landingCoordinate = move(flight.landingCoordinate)
        let fixes = fixes.map { fix in
            var fix = fix
            fix.longitudeE7 = Int32((move(fix.coordinate).longitude * 1e7).rounded())
            return fix
        }
        return (flight, fixes)
    }

    /// Every number in an SVG, in order (coordinates, sizes, ids).
    static func numbers(_ svg: String) -> [Double] {
        svg.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
    }

    @Test func theMapAcross180IsTheMapOfTheSameFlightElsewhere() throws {
        let (flight, fixes) = Fixtures.climbAndGlide(seconds: 1800)
        let longitudes = fixes.map(\.longitude)
        let centre = (longitudes.min()! + longitudes.max()!) / 2
        let (across, acrossFixes) = Self.moved(flight, fixes, east: 180 - centre)
        #expect(
            acrossFixes.contains { $0.longitude > 179 } && acrossFixes.contains { $0.longitude < -179 }, "it crosses")
        let home = try FlightReport.mapSVG(
            flight: flight, fixes: fixes, width: 400, height: 400, options: FlightReportOptions())
        let far = try FlightReport.mapSVG(
            flight: across, fixes: acrossFixes, width: 400, height: 400, options: FlightReportOptions())
        let (a, b) = (Self.numbers(home), Self.numbers(far))
        #expect(a.count == b.count, "the same drawing")
        // Line simplification may keep a few other points (fixes rounded to 1e-7°); nothing else may move.
        let moved = zip(a, b).filter { abs($0 - $1) >= 0.5 }
        #expect(moved.count <= a.count / 100, "\(moved.count) of \(a.count) numbers differ: \(moved.prefix(8))")
        #expect(moved.allSatisfy { abs($0.0 - $0.1) < 10 }, "and none by a map's width: \(moved.prefix(8))")
    }
}
