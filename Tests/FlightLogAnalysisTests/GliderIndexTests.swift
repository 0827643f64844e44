import FlightLogAnalysis
import FlightLogCore
import Testing

@Suite struct GliderIndexTests {
    private func flight(type: String?) -> Flight {
        let place = Coordinate(latitude: 51, longitude: 7)
        return Flight(
            takeoffTime: 0, landingTime: 3_600_000, takeoffCoordinate: place, landingCoordinate: place,
            details: FlightDetails(gliderType: type))
    }

    /// The type table matches names as pilots write them, but not a variant with its own index.
    @Test func typesAreFoundWithCaseSpacesAndDashesIgnored() {
        #expect(GliderIndex.forType("ASK 21")?.index == 92)
        #expect(GliderIndex.forType("ask-21")?.index == 92)
        #expect(GliderIndex.forType("LS_4")?.index == 106)
        #expect(GliderIndex.forType("LS 4-b") == nil)
        #expect(GliderIndex.forType("Pegase 101A") == nil)
        #expect(GliderIndex.forType(nil) == nil)
        #expect(GliderIndex.table.allSatisfy { (50...150).contains($0.index) })
    }

    /// The config's index wins over the type's; either is named; without both the points are at 100.
    @Test func theConfigsIndexWinsThenTheTypesThen100() {
        let configured = FlightAnalysis.inputs(of: flight(type: "ASK 21"), fixCount: 0, index: 108)
        #expect(configured.index == 108 && configured.indexSource == "[glider] index")
        let typed = FlightAnalysis.inputs(of: flight(type: "Ask 21"), fixCount: 0, index: nil)
        #expect(typed.index == 92 && typed.indexSource == "ASK 21 in the type table")
        let unknown = FlightAnalysis.inputs(of: flight(type: "Pegase 101A"), fixCount: 0, index: nil)
        #expect(unknown.index == nil && unknown.indexSource == nil)
    }

    /// Points are km × 100 / index, and the analysis says which index it used.
    @Test func pointsUseTheIndexAndSayWhichOne() throws {
        let fixes = SyntheticTracks.fixes(.zigzag, hours: 1, every: 60)
        func analysis(_ index: Double?, _ source: String?) -> FlightAnalysis {
            let inputs = FlightAnalysis.Inputs(
                takeoff: fixes[0].time, landing: fixes.last!.time, release: nil, fixCount: fixes.count, index: index,
                indexSource: source)
            return FlightAnalysis.compute(fixes: fixes, inputs: inputs)
        }
        let plain = analysis(nil, nil), ask21 = analysis(92, "ASK 21 in the type table")
        let km = try #require(plain.freeSix).kilometers
        #expect(km > 50)
        #expect(abs(ask21.olcPlusPoints - plain.olcPlusPoints * 100 / 92) < 1e-9)
        #expect(plain.indexText == "index 100: glider's index unknown")
        #expect(ask21.indexText == "index 92: ASK 21 in the type table")
        #expect(analysis(108, "[glider] index").indexText == "index 108: [glider] index")
        #expect(analysis(100, "[glider] index").indexText == "index 100: [glider] index")
    }
}
