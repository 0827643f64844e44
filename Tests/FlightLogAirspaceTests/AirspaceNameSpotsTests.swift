import FlightLogAirspace
import Testing

/// Where an airspace's name goes on a map (the phone's and the report's): its whole box inside the outline, nearest
/// the middle of the outline's part in view.
@Suite struct AirspaceNameSpotsTests {
    /// An L whose middle lies outside it: every place keeps the whole box in the arm or the leg.
    @Test func placesKeepTheWholeBoxInside() {
        let l: [AirspaceNameSpots.Point] = [(100, 100), (900, 100), (900, 250), (250, 250), (250, 700), (100, 700)]
        let (halfW, halfH) = (60.0, 10.0)
        let spots = AirspaceNameSpots.spots(halfWidth: halfW, halfHeight: halfH, inside: l, view: (100, 100, 900, 700))
        #expect(!spots.isEmpty)
        #expect(!AirspaceNameSpots.isInside((500, 400), l), "the view's middle is outside the L")
        for p in spots {
            let inArm = p.y - halfH >= 100 && p.y + halfH <= 250 && p.x - halfW >= 100 && p.x + halfW <= 900
            let inLeg = p.x - halfW >= 100 && p.x + halfW <= 250 && p.y - halfH >= 100 && p.y + halfH <= 700
            #expect(inArm || inLeg, "\(p) is not inside the L")
        }
    }

    /// In a plain square the first place is its middle, the rest farther out; a sliver too thin gets none.
    @Test func theMiddleFirstAndNoneWhereNothingFits() {
        let square: [AirspaceNameSpots.Point] = [(0, 0), (400, 0), (400, 400), (0, 400)]
        let spots = AirspaceNameSpots.spots(halfWidth: 30, halfHeight: 8, inside: square, view: (0, 0, 400, 400))
        #expect(spots.first.map { $0.x == 200 && $0.y == 200 } == true, "\(spots.prefix(3))")
        let distances = spots.map { ($0.x - 200) * ($0.x - 200) + ($0.y - 200) * ($0.y - 200) }
        #expect(distances == distances.sorted())
        let sliver: [AirspaceNameSpots.Point] = [(0, 0), (400, 0), (400, 12), (0, 12)]
        #expect(AirspaceNameSpots.spots(halfWidth: 30, halfHeight: 8, inside: sliver, view: (0, 0, 400, 12)).isEmpty)
    }
}
