import FlightLogCore
import FlightLogStore
import Foundation
import Testing

/// The phone's flight page over real HTTP: the map of a flight across 180° is the map of the same
/// flight near Aachen, not a world-wide smear or two halves.
@Suite("Phone map across 180°", .serialized, .timeLimit(.minutes(3)))
struct AntimeridianMapTests {
    /// The map's part of a flight page (its SVG, dots and labels).
    static func mapSection(_ page: String) -> String {
        guard let start = page.range(of: "id=\"map\"") else { return "" }
        let rest = page[start.lowerBound...]
        return String(rest[..<(rest.range(of: "</svg>")?.upperBound ?? rest.endIndex)])
    }

    static func numbers(_ text: String) -> [Double] {
        text.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
    }

    /// `track` rotated so that its centre moves to `to` (great-circle rotation: distances and shape kept).
    static func moved(_ track: Track, to target: Coordinate) -> Track {
        let centre = LocalProjection(around: track.fixes.map(\.coordinate))
        let origin = Coordinate(latitude: centre.latitude0, longitude: centre.longitude0)
        var moved = track
        moved.fixes = track.fixes.map { fix in
            let distance = Geodesy.distance(origin, fix.coordinate), bearing = Geodesy.bearing(origin, fix.coordinate)
            let c = Geodesy.destination(from: target, bearing: bearing, distance: distance)
            var fix = fix
            fix.latitudeE7 = Int32((c.latitude * 1e7).rounded())
            fix.longitudeE7 = Int32((Geodesy.wrappedLongitude(c.longitude) * 1e7).rounded())
            return fix
        }
        return moved
    }

    @Test(arguments: [Coordinate(latitude: -40, longitude: 180), Coordinate(latitude: 65.2, longitude: -179.99)])
    func theMapAcross180IsTheMapOfTheSameFlightAtHome(at target: Coordinate) async throws {
        let logbook = try TestLogbook()
        defer { logbook.remove() }
        let store = try FlightStore(path: logbook.databasePath, mode: .readWrite)
        let day = CivilDate(year: 2025, month: 5, day: 3).utcMidnight + 10 * 3_600_000
        let home = TestLogbook.track(start: day)
        let far = Self.moved(TestLogbook.track(start: day + 86_400_000), to: target)
        #expect(far.fixes.contains { $0.longitude > 179.9 } || far.fixes.contains { $0.longitude < -179.9 })
        #expect(far.fixes.allSatisfy { (-180..<180).contains($0.longitude) })
        let homeId = try logbook.addFlight(store: store, track: home, details: FlightDetails(pilot: "A"))
        let farId = try logbook.addFlight(store: store, track: far, details: FlightDetails(pilot: "A"))
        try await withServer(databasePath: logbook.databasePath) { client, _ in
            let a = Self.mapSection(try await client.get("/flights/\(homeId)").text)
            let b = Self.mapSection(try await client.get("/flights/\(farId)").text)
            #expect(a.contains("<polyline") && b.contains("<polyline"))
            // The same shape and size: the map's height for its width, and the track's extent on it.
            let (x, y) = (Self.numbers(a), Self.numbers(b))
            #expect(x.count > 3 && y.count > 3 && abs(x[3] - y[3]) <= 2, "viewBox 0 0 1000 \(x[3]) vs \(y[3])")
            let spanA = Self.spans(a), spanB = Self.spans(b)
            #expect(abs(spanA.width - spanB.width) < 0.05 * spanA.width + 1, "\(spanA) vs \(spanB)")
            #expect(abs(spanA.height - spanB.height) < 0.05 * spanA.height + 1, "\(spanA) vs \(spanB)")
        }
    }

    /// The extent of the polylines' points (map units).
    static func spans(_ section: String) -> (width: Double, height: Double) {
        var xs: [Double] = [], ys: [Double] = []
        for chunk in section.components(separatedBy: "points=\"").dropFirst() {
            for pair in chunk.prefix(while: { $0 != "\"" }).split(separator: " ") {
                let v = pair.split(separator: ",").compactMap { Double($0) }
                if v.count == 2 { xs.append(v[0]); ys.append(v[1]) }
            }
        }
        return ((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
    }
}
