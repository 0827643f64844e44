import Foundation
import Testing

@testable import FlightLogCore

/// Outlines as the maps draw them: thinned to the drawing's resolution, corners kept.
struct DrawnOutlineTests {
    @Test func aDenseCircleIsDrawnWithFewPointsWithinTheTolerance() {
        let circle: [DrawnOutline.Point] = (0..<3600).map { k in
            let a = Double(k) * Double.pi / 1800
            return (500 + 400 * cos(a), 500 + 400 * sin(a))
        }
        let thin = DrawnOutline.thinned(circle, tolerance: 1)
        // π·√(400 / 2) ≈ 44 points at best keep a 400-unit circle within a unit; halving its arcs until each
        // strays under a unit (5.6°) gives 64.
        #expect(thin.count >= 44 && thin.count <= 70, "\(thin.count) points")
        let worst = circle.map { p in
            zip(thin, thin.dropFirst() + [thin[0]]).map { DrawnOutline.distance(p, $0, $1) }.min()!
        }.max()!
        #expect(worst <= 1, "strays \(worst) units")
    }

    @Test func aSquareWithDenseEdgesKeepsItsCornersOnly() {
        var square: [DrawnOutline.Point] = []
        for k in 0..<100 { square.append((Double(k), 0)) }
        for k in 0..<100 { square.append((100, Double(k) + 0.3 * sin(Double(k)))) }
        for k in 0..<100 { square.append((100 - Double(k), 100)) }
        for k in 0..<100 { square.append((0, 100 - Double(k))) }
        let thin = DrawnOutline.thinned(square, tolerance: 0.5)
        #expect(thin.count == 4, "\(thin)")
        #expect(Set(thin.map { "\($0.x),\($0.y)" }) == ["0.0,0.0", "100.0,0.0", "100.0,100.0", "0.0,100.0"])
        // Fewer than four points, or all in one place: left as they are, never a crash.
        #expect(DrawnOutline.thinned([(0, 0), (1, 1), (2, 0)], tolerance: 5).count == 3)
        #expect(DrawnOutline.thinned(Array(repeating: (3, 3), count: 10), tolerance: 1).count == 1)
    }
}
