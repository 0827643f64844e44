import FlightLogCore
import FlightLogSimulation
import Foundation
import Testing

/// The geometry helpers across 180° and over the poles, where longitudes taken as plain numbers jump by 360°.
@Suite("The Earth is round")
struct RoundEarthTests {
    /// A straight line of `count` fixes, 1 s and `step` metres apart, from `start` on `bearing`.
    static func straight(from start: Coordinate, bearing: Degrees, step: Meters = 40, count: Int = 600) -> [Coordinate]
    {
        (0..<count).map { Geodesy.destination(from: start, bearing: bearing, distance: Double($0) * step) }
    }

    @Test func longitudesFoldIntoMinus180To180() {
        for (input, expected) in [
            (180.0, -180.0), (-180, -180), (181, -179), (-181, 179), (540, -180), (359.5, -0.5), (0, 0),
        ] {
            #expect(abs(Geodesy.wrappedLongitude(input) - expected) < 1e-9, "\(input)")
        }
        let east = Geodesy.destination(from: Coordinate(latitude: -40, longitude: 179.99), bearing: 90, distance: 5000)
        #expect(east.longitude < -179.9 && east.longitude >= -180, "\(east)")
        let overPole = Geodesy.destination(from: Coordinate(latitude: 89.99, longitude: 10), bearing: 0, distance: 5000)
        #expect(overPole.latitude <= 90 && abs(overPole.longitude - -170) < 1e-6, "\(overPole)")
        // Distances and bearings take the short way across 180°.
        let a = Coordinate(latitude: 0, longitude: 179.999), b = Coordinate(latitude: 0, longitude: -179.999)
        #expect(abs(Geodesy.distance(a, b) - 222.4) < 1)
        #expect(abs(Geodesy.bearing(a, b) - 90) < 1e-6)
    }

    /// Projected points of a straight flight lie on a straight line, as far apart as on the ground.
    static func expectStraight(_ coordinates: [Coordinate], step: Meters, _ what: Comment) {
        let projection = LocalProjection(around: coordinates)
        let points = coordinates.map(projection.project)
        let (first, last) = (points.first!, points.last!)
        let length = ((last.e - first.e) * (last.e - first.e) + (last.n - first.n) * (last.n - first.n)).squareRoot()
        #expect(abs(length - step * Double(coordinates.count - 1)) < 0.01 * length, "one line end to end: \(what)")
        for (p, q) in zip(points, points.dropFirst()) {
            let gap = ((q.e - p.e) * (q.e - p.e) + (q.n - p.n) * (q.n - p.n)).squareRoot()
            #expect(abs(gap - step) < 0.02 * step, "no jump: \(what)")
            if abs(gap - step) >= 0.02 * step { return }
        }
    }

    @Test func aStraightFlightOverAPoleOrAcross180IsOneStraightLine() {
        Self.expectStraight(
            Self.straight(from: Coordinate(latitude: 89.9, longitude: 10), bearing: 0), step: 40, "north pole")
        Self.expectStraight(
            Self.straight(from: Coordinate(latitude: -89.95, longitude: -60), bearing: 180), step: 40, "south pole")
        Self.expectStraight(
            Self.straight(from: Coordinate(latitude: -40, longitude: 179.9), bearing: 80), step: 40, "180° east")
        Self.expectStraight(
            Self.straight(from: Coordinate(latitude: 65, longitude: -179.8), bearing: 280), step: 40, "180° west")
        Self.expectStraight(
            Self.straight(from: Coordinate(latitude: 50.8, longitude: 6.1), bearing: 45), step: 40, "Aachen")
    }

    @Test func theMapOfAFlightAcross180IsAsWideAsTheFlight() {
        let track = Self.straight(from: Coordinate(latitude: -40, longitude: 179.9), bearing: 90, count: 500)
        let projection = LocalProjection(around: track)
        let es = track.map { projection.project($0).e }
        #expect(es.max()! - es.min()! < 21_000, "20 km of flight, not the world: \(es.max()! - es.min()!)")
        // The centre lies on the flight, and Web Mercator gets longitudes unwrapped around it.
        #expect(abs(Geodesy.headingChange(from: projection.longitude0, to: 180)) < 0.2, "\(projection.longitude0)")
        let mercator = track.map { WebMercator.project(projection.unwrapped($0)).e }
        #expect(mercator.max()! - mercator.min()! < 30_000)
    }

    @Test func fixesNearAPoleAreNoWarpButARealJumpStillIs() {
        let a = Coordinate(latitude: 89.999, longitude: 10), b = Coordinate(latitude: 89.999, longitude: -150)
        #expect(Geodesy.distance(a, b) < 300)
        #expect(!FlightDetector.isWarp(a, b))
        #expect(FlightDetector.isWarp(Coordinate(latitude: 50, longitude: 6), Coordinate(latitude: 50, longitude: 40)))
        #expect(FlightDetector.isWarp(Coordinate(latitude: 50, longitude: 6), Coordinate(latitude: 51.5, longitude: 6)))
        #expect(
            !FlightDetector.isWarp(
                Coordinate(latitude: 0, longitude: 179.99), Coordinate(latitude: 0, longitude: -179.99)))
    }

    @Test(arguments: [(89.99, 10.0), (90, 0), (-90, 45), (-40, 179.99), (-40, -180), (64.5, -179.995), (0, 179.9999)])
    func simulatedFlightsStayOnTheGlobeAndAreDetected(latitude: Double, longitude: Double) {
        var plan = SimulatedFlightPlan(field: Coordinate(latitude: latitude, longitude: longitude), flightMinutes: 20)
        plan.seed = 3
        let fixes = FlightSimulator.simulate(plan)
        #expect(fixes.allSatisfy { (-90...90).contains($0.latitude) && (-180..<180).contains($0.longitude) })
        let fastest = zip(fixes, fixes.dropFirst()).map { Geodesy.distance($0.coordinate, $1.coordinate) }.max() ?? 0
        #expect(fastest < 80, "no fix-to-fix jump: \(fastest) m in 1 s")
        #expect(FlightSegmenter.flights(in: fixes, extensions: FlightSimulator.extensions).count == 1, "one flight")
    }
}
