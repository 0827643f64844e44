import FlightLogAnalysis
import FlightLogCore
import Testing

struct ThermalMarkTests {
    @Test func radiusGrowsWithTheSquareRootOfTheClimbBetweenTheBounds() throws {
        #expect(ThermalMark.radius(climbRate: 0.2, minimumRadius: 3, maximumRadius: 12) == 3)
        #expect(ThermalMark.radius(climbRate: 0.5, minimumRadius: 3, maximumRadius: 12) == 3)
        #expect(ThermalMark.radius(climbRate: 4, minimumRadius: 3, maximumRadius: 12) == 12)
        #expect(ThermalMark.radius(climbRate: 9, minimumRadius: 3, maximumRadius: 12) == 12)
        let one = try #require(ThermalMark.radius(climbRate: 1, minimumRadius: 3, maximumRadius: 12))
        let two = try #require(ThermalMark.radius(climbRate: 2, minimumRadius: 3, maximumRadius: 12))
        #expect(3 < one && one < two && two < 12)
        // √2 − √0.5 over √4 − √0.5: 0.4531 of the span.
        #expect(abs(two - (3 + 9 * (2.squareRoot() - 0.5.squareRoot()) / (2 - 0.5.squareRoot()))) < 1e-12)
    }

    @Test func circlingThatLostHeightHasNoMark() {
        #expect(ThermalMark.radius(climbRate: 0, minimumRadius: 3, maximumRadius: 12) == nil)
        #expect(ThermalMark.radius(climbRate: -0.8, minimumRadius: 3, maximumRadius: 12) == nil)
        #expect(ThermalMark.radius(climbRate: .nan, minimumRadius: 3, maximumRadius: 12) == nil)
    }

    @Test func labelHasOneDecimal() {
        #expect(ThermalMark.label(climbRate: 2.34) == "2.3 m/s")
        #expect(ThermalMark.label(climbRate: 0.05) == "0.1 m/s")
        #expect(ThermalMark.label(climbRate: -1.26) == "−1.3 m/s")
    }
}
