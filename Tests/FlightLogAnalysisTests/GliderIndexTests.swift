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

    /// Names as real logbooks and IGC headers write them: engine suffixes, spans in every spelling, "Std" and
    /// "Standard". Each fell back to 100 before the names were normalised.
    @Test func realGliderNamesFindTheirEntry() {
        let expected: [(String, String)] = [
            ("ASG-29E (18m)", "ASG 29 (18 m)"), ("ASG 29-18", "ASG 29 (18 m)"), ("asg29 15 m", "ASG 29 (15 m)"),
            ("Ventus 2cxM", "Ventus 2cx (18 m)"), ("Ventus 2cT", "Ventus 2c (18 m)"), ("LS-1c", "LS 1c"),
            ("Std Libelle", "Std Libelle"), ("Standard Cirrus", "Std Cirrus"), ("LS 8-15", "LS 8 (15 m)"),
            ("LS8 (18m)", "LS 8 (18 m)"), ("DG-300", "DG 300"), ("ASW 28 18m", "ASW 28 (18 m)"),
        ]
        for (name, entry) in expected {
            #expect(GliderIndex.forType(name)?.type == entry, "\(name)")
        }
        // Not in the table (no figure from a source): unknown, not someone else's index.
        for name in ["Ventus 3T", "JS1C 21m", "DG 303", "LS 4-b", "ASG 29 (20m)"] {
            #expect(GliderIndex.match(name) == .none, "\(name)")
        }
    }

    /// A type that fits entries of different index asks instead of picking one.
    @Test func aTypeThatFitsTwoEntriesAsks() {
        guard case .ambiguous(let entries) = GliderIndex.match("LS 8") else {
            Issue.record("LS 8 should fit both spans")
            return
        }
        #expect(entries.map(\.type) == ["LS 8 (15 m)", "LS 8 (18 m)"])
        let inputs = FlightAnalysis.inputs(of: flight(type: "LS 8"), fixCount: 0, index: nil)
        #expect(inputs.index == nil)
        #expect(
            inputs.indexSource
                == "LS 8 is LS 8 (15 m) 108 or LS 8 (18 m) 114: give the span in the glider type or [glider] index")
    }

    /// One normaliser for every list matched by type name (the handicap table, an aircraft catalogue).
    @Test func theNormaliserIgnoresSpellingButKeepsVariantAndSpan() {
        #expect(GliderIndex.normalizedType("LS_4") == GliderIndex.normalizedType("LS 4"))
        #expect(GliderIndex.normalizedType("ASG-29E (18m)") == ("asg29", 18))
        #expect(GliderIndex.normalizedType("ASW-20").model == "asw20")
        #expect(GliderIndex.normalizedType("ASW-20").spanMeters == nil)
        #expect(GliderIndex.normalizedType("LS 4-b").model != GliderIndex.normalizedType("LS 4").model)
    }

    /// The config's index wins over the type's; either is named; without both the points are at 100.
    @Test func theConfigsIndexWinsThenTheTypesThen100() {
        let configured = FlightAnalysis.inputs(of: flight(type: "ASK 21"), fixCount: 0, index: 108)
        #expect(configured.index == 108 && configured.indexSource == "[glider] index")
        let typed = FlightAnalysis.inputs(of: flight(type: "Ask 21"), fixCount: 0, index: nil)
        #expect(typed.index == 92 && typed.indexSource == "ASK 21, XCSoar polar list")
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
        let plain = analysis(nil, nil), ask21 = analysis(92, "ASK 21, XCSoar polar list")
        let km = try #require(plain.freeSix).kilometers
        #expect(km > 50)
        #expect(abs(ask21.olcPlusPoints - plain.olcPlusPoints * 100 / 92) < 1e-9)
        #expect(plain.indexText == "index 100: glider's index unknown")
        #expect(ask21.indexText == "index 92: ASK 21, XCSoar polar list")
        #expect(analysis(108, "[glider] index").indexText == "index 108: [glider] index")
        #expect(analysis(100, "[glider] index").indexText == "index 100: [glider] index")
    }
}
