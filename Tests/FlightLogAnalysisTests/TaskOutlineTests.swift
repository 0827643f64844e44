import FlightLogCore
import Foundation
import Testing

@testable import FlightLogAnalysis

/// The task as drawn (``TaskOutline``): each zone's outline is its true shape on the FAI sphere, checked against
/// the scoring's own test of a point (a point just inside the outline is in the zone, one just outside is not).
@Suite struct TaskOutlineTests {
    static let a = TaskScoringTests.a, b = TaskScoringTests.b, c = TaskScoringTests.c

    /// The outline's vertices that are not the centre, with their distance and bearing from it.
    static func rim(_ shape: TaskOutline.Shape, around centre: Coordinate) -> [(d: Double, bearing: Double)] {
        guard case .area(let ring) = shape else { return [] }
        return ring.filter { $0 != centre }.map {
            (TaskScoringTests.fai(centre, $0), Geodesy.bearing(centre, $0))
        }
    }

    @Test func aCylinderIsARingAtItsRadius() throws {
        let outline = TaskOutline(task: TaskScoringTests.triangle(), reach: 20_000)
        #expect(outline.problem == nil && outline.zones.count == 4)
        let ring = Self.rim(outline.zones[1], around: Self.b)
        #expect(ring.count >= 72 && ring.allSatisfy { abs($0.d - 500) < 0.5 }, "\(ring.map(\.d).max() ?? 0)")
        #expect(outline.legs.count == 3)
        let leg = outline.legs[0]
        #expect(TaskScoringTests.fai(leg[0], Self.a) < 0.01 && TaskScoringTests.fai(leg[leg.count - 1], Self.b) < 0.01)
        // A 50 km leg in 5 km steps, on its great circle: every point as far from both ends as the leg is long.
        #expect((10...11).contains(leg.count), "\(leg.count)")
        for p in outline.legs[0] {
            let sum = TaskScoringTests.fai(Self.a, p) + TaskScoringTests.fai(p, Self.b)
            #expect(abs(sum - TaskScoringTests.fai(Self.a, Self.b)) < 1)
        }
    }

    /// A declaration's turnpoint (Sporting Code): the 500 m cylinder and the 90° sector outside the turn, drawn
    /// to `reach`; the outline's edges are the rays of the sector, and points beside them score as the outline says.
    @Test func aDeclaredTurnpointIsTheKeyholeOfCylinderAndSector() throws {
        let task = TaskScoringTests.triangle(.faiTurnpoint, source: .declaration)
        let outline = TaskOutline(task: task, reach: 20_000)
        let ring = Self.rim(outline.zones[1], around: Self.b)
        let far = ring.filter { abs($0.d - 20_000) < 1 }, near = ring.filter { abs($0.d - 500) < 0.5 }
        #expect(far.count + near.count == ring.count, "only the two radii")
        // The sector's rim: bearings up to 45° either side of its bisector, the rays at 45°.
        let placed = try task.placedPoints(rules: .sportingCode)[1]
        let axis = TaskOutline.bearing(of: placed.shapes[0].axis, at: placed.center)
        let off = far.map { TaskOutline.angleBetween($0.bearing, axis) }
        #expect(off.allSatisfy { $0 <= 45.001 } && (off.max() ?? 0) > 44.99, "\(off)")
        let mid = axis
        for (bearing, distance, inside) in [
            (mid, 10_000.0, true), (mid + 180, 400.0, true), (mid + 180, 600.0, false), (mid + 60, 5000.0, false),
        ] {
            let p = Geodesy.destination(from: Self.b, bearing: bearing, distance: distance)
            #expect(placed.contains(SpherePoint(p)) == inside, "\(bearing)° \(distance) m")
        }
    }

    /// A start line: 1 km long, centred on the point, square to the first leg.
    @Test func aStartLineIsSquareToTheFirstLeg() throws {
        let task = FlightTask(
            source: .file,
            points: FlightTask.withDeclarationZones([
                TaskPoint(name: "A", coordinate: Self.a, zone: .faiTurnpoint),
                TaskPoint(name: "B", coordinate: Self.b, zone: .faiTurnpoint),
            ]))
        let outline = TaskOutline(task: task, reach: 20_000)
        guard case .line(let p, let q) = outline.zones[0] else {
            Issue.record("no line: \(outline.zones[0])")
            return
        }
        #expect(abs(TaskScoringTests.fai(Self.a, p) - 500) < 0.5 && abs(TaskScoringTests.fai(Self.a, q) - 500) < 0.5)
        let leg = Geodesy.bearing(Self.a, Self.b)
        #expect(abs(TaskOutline.angleBetween(Geodesy.bearing(Self.a, p), leg) - 90) < 0.1)
    }

    /// A zone without a direction (a sector next to a zero-length leg) draws the legs and says why no zones.
    @Test func aZoneWithoutDirectionLeavesTheLegsAndSaysWhy() {
        let task = FlightTask(
            source: .file,
            points: [
                TaskPoint(name: "A", coordinate: Self.a, zone: .line(length: 1000, orientation: .toNext)),
                TaskPoint(name: "A again", coordinate: Self.a, zone: .faiSector),
                TaskPoint(name: "B", coordinate: Self.b, zone: .cylinder(500)),
            ])
        let outline = TaskOutline(task: task, reach: 20_000)
        #expect(outline.zones.isEmpty && outline.legs.count == 2)
        #expect(outline.problem?.contains("has no direction") == true, "\(outline.problem ?? "")")
    }
}
