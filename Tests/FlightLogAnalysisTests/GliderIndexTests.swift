import FlightLogCore
import FlightLogTestSupport
import Testing

@testable import FlightLogAnalysis

@Suite struct GliderIndexTests {
    private func flight(type: String?, competitionClass: String? = nil) -> Flight {
        let place = Coordinate(latitude: 51, longitude: 7)
        var flight = Flight(
            takeoffTime: 0, landingTime: 3_600_000, takeoffCoordinate: place, landingCoordinate: place,
            details: FlightDetails(gliderType: type))
        flight.competitionClass = competitionClass
        return flight
    }

    /// The lists match names as pilots write them, but not a variant with its own index.
    @Test func typesAreFoundWithCaseSpacesAndDashesIgnored() {
        #expect(GliderIndex.forType("ASK 21")?.index == 92)
        #expect(GliderIndex.forType("ask-21")?.index == 92)
        #expect(GliderIndex.forType("LS_4")?.index == 104)
        #expect(GliderIndex.forType("LS 4 WL")?.index == 105)
        #expect(GliderIndex.forType("Pegase 101A") == nil)
        #expect(GliderIndex.forType(nil) == nil)
        #expect(GliderIndex.table.allSatisfy { (10...200).contains($0.index) })
    }

    /// The generated DMSt list is read whole: every model, its index and its year.
    @Test func theDMStListIsReadWhole() {
        #expect(GliderIndex.dmst.count > 600)
        #expect(GliderIndex.dmst.allSatisfy { !$0.type.isEmpty && $0.type.first?.isWhitespace == false })
        #expect(GliderIndex.dmst.allSatisfy { $0.source == "DMSt \(GliderIndex.dmstYear)" })
        #expect(GliderIndex.dmst.contains(Entry(type: "ASG 29 (18 m)", index: 121, source: "DMSt 2025")))
    }

    /// The glider types of real IGC headers and logbooks, each with what the lists say (DMSt 2025 from WeGlide's
    /// GliderList): an entry, a question (no span for a model flown at two), or unknown (in neither list). Each of
    /// the first kind was silently at 100 with XCSoar's list alone.
    static let realTypes: [(type: String, expected: GliderIndex.Match)] = [
        ("Ventus 3T", .ambiguous([dmst("Ventus 3 (15 m)", 116), dmst("Ventus 3 (18 m)", 122)])),
        ("JS1C 21m", .entry(dmst("JS1C (21 m)", 126))), ("DG 303", .entry(dmst("DG 303", 105))),
        ("DG_303", .entry(dmst("DG 303", 105))), ("Ventus 2cxM", .entry(dmst("Ventus 2cx (18 m)", 120))),
        ("DUO DISCUS", .entry(dmst("Duo Discus", 112))), ("LS 4", .entry(dmst("LS 4", 104))),
        ("ASG-29E (18m)", .entry(dmst("ASG 29 (18 m)", 121))), ("Pegasus 2", .none),
        ("ASG 29-18", .entry(dmst("ASG 29 (18 m)", 121))), ("asg29 15 m", .entry(dmst("ASG 29 (15 m)", 114))),
        ("LS-1c", .entry(dmst("LS 1-c", 98))), ("Std Libelle", .entry(dmst("Std. Libelle", 98))),
        ("Standard Cirrus", .entry(dmst("Std. Cirrus", 99))), ("LS 8-15", .entry(dmst("LS 8", 108))),
        ("LS8 (18m)", .entry(dmst("LS 8 (18 m)", 114))), ("ASW 28 18m", .entry(dmst("ASW 28 (18 m)", 114))),
        ("Junior", .entry(Entry(type: "Junior", index: 90, source: GliderIndex.xcsoar))),
        ("LS 4-b", .none), ("ASG 29 (20m)", .none),
    ]

    private typealias Entry = GliderIndex.Entry
    private static func dmst(_ type: String, _ index: Double) -> Entry {
        Entry(type: type, index: index, source: GliderIndex.dmstSource)
    }

    /// Names as real logbooks and IGC headers write them: engine suffixes, spans in every spelling, "Std" and
    /// "Standard"; the DMSt list first, XCSoar's for a type it lacks.
    @Test(arguments: realTypes.indices) func realGliderNamesFindTheirEntry(_ number: Int) {
        let (type, expected) = Self.realTypes[number]
        #expect(GliderIndex.match(type) == expected, "\(type)")
    }

    /// The glider type in each shared flight's header is one of ``realTypes`` and matches as it says there: none
    /// silently unknown when the lists have it.
    @Test(.enabled(if: SharedFlights.available)) func theSharedFlightsTypesAreResolved() throws {
        var seen = 0
        for file in SharedFlights.files() {
            let headers = try IGCReader.read(try SharedFlights.bytes(file.lastPathComponent)).headers
            guard let type = headers.gliderType, !type.isEmpty else { continue }
            seen += 1
            let known = Self.realTypes.first { $0.type == type }
            #expect(known != nil, "\(file.lastPathComponent): \(type) is not among the tests' real types")
            if let known { #expect(GliderIndex.match(type) == known.expected, "\(type)") }
        }
        #expect(seen > 0)
    }

    /// A type that fits entries of different index asks instead of picking one, one choice for each index.
    @Test func aTypeThatFitsTwoEntriesAsks() {
        guard case .ambiguous(let entries) = GliderIndex.match("Ventus 3T") else {
            Issue.record("Ventus 3T should fit both spans")
            return
        }
        #expect(entries.map(\.type) == ["Ventus 3 (15 m)", "Ventus 3 (18 m)"])
        let inputs = FlightAnalysis.inputs(of: flight(type: "Ventus 3T"), fixCount: 0, glider: OwnGlider())
        #expect(inputs.index == nil)
        #expect(
            inputs.indexSource
                == "Ventus 3T is Ventus 3 (15 m) 116 or Ventus 3 (18 m) 122: give the span in the glider type or "
                + "[glider] index")
        #expect(GliderIndex.forType("Ventus 3T 18m")?.index == 122)
    }

    /// One normaliser for every list matched by type name (the handicap table, an aircraft catalogue).
    @Test func theNormaliserIgnoresSpellingButKeepsVariantAndSpan() {
        #expect(gliderTypeKey("LS_4") == gliderTypeKey("LS 4"))
        #expect(gliderTypeKey("ASG-29E (18m)") == ("asg29", 18))
        #expect(gliderTypeKey("ASW-20").model == "asw20")
        #expect(gliderTypeKey("ASW-20").spanMeters == nil)
        #expect(gliderTypeKey("LS 4-b").model != gliderTypeKey("LS 4").model)
    }

    /// The config's index wins over the type's; either is named; without both the points are at 100.
    @Test func theConfigsIndexWinsThenTheTypesThen100() {
        let configured = FlightAnalysis.inputs(of: flight(type: "ASK 21"), fixCount: 0, glider: OwnGlider(index: 108))
        #expect(configured.index == 108 && configured.indexSource == "[glider] index")
        let typed = FlightAnalysis.inputs(of: flight(type: "Ask 21"), fixCount: 0, glider: OwnGlider())
        #expect(typed.index == 92 && typed.indexSource == "ASK 21, DMSt 2025")
        let unknown = FlightAnalysis.inputs(of: flight(type: "Pegase 101A"), fixCount: 0, glider: OwnGlider())
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

    /// Competition classes as IGC headers write them (the shared flights' among them): the span each allows, or none.
    @Test func aCompetitionClassNamesItsSpan() {
        let spans: [(String, Int?)] = [
            ("18-Meter", 18), ("18-meter", 18), ("18m", 18), ("18 m", 18), ("15 Meter", 15), ("15m", 15),
            ("Racing", 15), ("Standard", 15), ("20m Multi-seat", 20), ("20 Metre Two-Seater", 20), ("Club", nil),
            ("CLUB", nil), ("Open", nil), ("Doublseater", nil), ("Two-seater", nil), ("World", nil),
            ("13.5 Meter", nil), ("18ms", nil), ("18m 15m", nil), ("15m 18m", nil), ("18 m/s", nil),
            ("18m 18 Meter", 18),
        ]
        for (name, span) in spans { #expect(GliderIndex.span(ofClass: name) == span, "\(name)") }
    }

    /// A type that names no span takes its class's: "Ventus 3T" in the 18 m class is the Ventus 3 (18 m), and the
    /// index says the span came from the file's class; "LS 8" there is the LS 8 (18 m), not the usual 15 m one.
    @Test func theFilesClassSettlesTheSpan() {
        #expect(
            GliderIndex.match("Ventus 3T", competitionClass: "18-Meter") == .entry(Self.dmst("Ventus 3 (18 m)", 122)))
        #expect(GliderIndex.match("Ventus 3T", competitionClass: "Racing") == .entry(Self.dmst("Ventus 3 (15 m)", 116)))
        #expect(GliderIndex.match("LS 8", competitionClass: "18m") == .entry(Self.dmst("LS 8 (18 m)", 114)))
        #expect(
            GliderIndex.match("Discus 2c", competitionClass: "Standard") == .entry(Self.dmst("Discus 2c (15 m)", 108)))
        let inputs = FlightAnalysis.inputs(
            of: flight(type: "Ventus 3T", competitionClass: "18-Meter"), fixCount: 0, glider: OwnGlider())
        #expect(inputs.index == 122)
        #expect(inputs.indexSource == "Ventus 3 (18 m), DMSt 2025, span from the file's class \"18-Meter\"")
        // The class changed nothing: no word about it.
        let plain = FlightAnalysis.inputs(
            of: flight(type: "ASK 21", competitionClass: "Club"), fixCount: 0, glider: OwnGlider())
        #expect(plain.index == 92 && plain.indexSource == "ASK 21, DMSt 2025")
    }

    /// The type's own span wins over the class's; a class of no span, or a span the model lacks, leaves the match
    /// as without it: a type still ambiguous still asks.
    @Test func aClassThatSettlesNothingChangesNothing() {
        #expect(
            GliderIndex.match("ASG 29 (15m)", competitionClass: "18-Meter") == .entry(Self.dmst("ASG 29 (15 m)", 114)))
        #expect(GliderIndex.match("Ventus 3T", competitionClass: "Club") == GliderIndex.match("Ventus 3T"))
        #expect(GliderIndex.match("Ventus 3T", competitionClass: "20m Multi-seat") == GliderIndex.match("Ventus 3T"))
        #expect(GliderIndex.match("ASW 27", competitionClass: "18m") == .entry(Self.dmst("ASW 27", 114)))
        let asked = FlightAnalysis.inputs(
            of: flight(type: "Ventus 3T", competitionClass: "Open"), fixCount: 0, glider: OwnGlider())
        #expect(asked.index == nil && asked.indexSource?.contains("give the span") == true)
        let configured = FlightAnalysis.inputs(
            of: flight(type: "Ventus 3T", competitionClass: "18-Meter"), fixCount: 0, glider: OwnGlider(index: 110))
        #expect(configured.index == 110 && configured.indexSource == "[glider] index")
    }
}
