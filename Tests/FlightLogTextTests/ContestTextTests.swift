import FlightLogAnalysis
import FlightLogCore
import FlightLogText
import Testing

/// The contest column of `list` and the contest section of `stats`, from stored analyses' numbers.
@Suite("contest distance in list and stats text")
struct ContestTextTests {
    static func flight(_ id: Int64, day: Int64, source: FlightSource = .recorded) -> Flight {
        var f = FlightTextTests.flight(id: id, source: source)
        f.takeoffTime += day * 86_400_000
        f.landingTime += day * 86_400_000
        return f
    }

    @Test func theTableShowsKmDashOrNothing() {
        let flights = [Self.flight(1, day: 0), Self.flight(2, day: 1), Self.flight(3, day: 2, source: .manual)]
        let contest = [Int64(1): ContestSummary(freeSixMeters: 312_345, engineSeconds: nil)]
        let lines = FlightTable.render(flights, width: 200, contest: contest).split(separator: "\n").map(String.init)
        // The column is right-aligned: its cells end where the header "Contest" ends.
        let end = lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "Contest")!.upperBound)
        func cell(_ line: String) -> String { String(Array(line)[(end - 8)..<end]) }
        #expect(cell(lines[0]) == " Contest" && cell(lines[2]) == "312.3 km", "\(lines)")
        #expect(cell(lines[3]) == "       —" && cell(lines[4]) == "        ", "\(lines)")
        // Too narrow for everything: the contest column goes after the place and the launch method.
        let narrow = FlightTable.render(flights, width: 76, contest: contest)
        #expect(narrow.contains("Contest") && !narrow.contains("Launch") && !narrow.contains("Place"), "\(narrow)")
        #expect(!FlightTable.render(flights, width: 40, contest: contest).contains("Contest"))
    }

    @Test func csvAndJSONSayUnknownAsEmptyAndNull() {
        let flights = [Self.flight(1, day: 0), Self.flight(2, day: 1)]
        let contest = [Int64(1): ContestSummary(freeSixMeters: 312_345, engineSeconds: 754.5)]
        let csv = FlightCSV.render(flights, contest: contest).split(separator: "\r\n")
        #expect(csv[0].hasSuffix(",contest_km,engine_min") && csv[1].hasSuffix(",312.3,13") && csv[2].hasSuffix(",,"))
        let json = FlightJSON.array(flights, contest: contest)
        #expect(json.contains("\"contestKm\" : 312.345") && json.contains("\"engineSeconds\" : 754.5"), "\(json)")
        #expect(json.contains("\"contestKm\" : null") && json.contains("\"engineSeconds\" : null"), "\(json)")
    }

    @Test func aSeasonAddsTheAnalysedFlightsAndRanksTheBest() throws {
        let flights = (1...8).map { Self.flight(Int64($0), day: Int64($0)) } + [Self.flight(9, day: 9, source: .manual)]
        var contest: [Int64: ContestSummary] = [:]
        for (id, km) in [(1, 50.0), (2, 300.0), (3, 120.0), (4, 300.0), (5, 0.0), (6, 80.0), (7, 99.5)] {
            contest[Int64(id)] = ContestSummary(freeSixMeters: km * 1000, engineSeconds: nil)
        }
        let seasons = ContestSeason.seasons(flights.map { LogbookEntry($0, owner: nil) }, contest: contest)
        let season = try #require(seasons.first)
        #expect(seasons.count == 1 && season.year == 2025)
        #expect(season.analysed == 7 && season.notAnalysed == 1 && abs(season.totalKm - 949.5) < 1e-9)
        // Longest first; on a tie the earlier flight; at most five.
        #expect(season.best.map { $0.flight.id } == [2, 4, 3, 7, 6])

        let text = StatsText.contest(seasons)
        #expect(text.contains("  2025: 949.5 km in 7 analysed flights; 1 not analysed yet"), "\(text)")
        #expect(text.contains("    1.  300.0 km  2025-06-16  ASK 21 D-1234 (flight 2)"), "\(text)")

        // Within 80 columns like the rest of stats: a long glider name is cut.
        var long = Self.flight(10, day: 3)
        long.details.gliderType = "Schempp-Hirth Ventus-3T with an extremely long type designation"
        let cut = StatsText.contest(
            ContestSeason.seasons(
                [LogbookEntry(long, owner: nil)], contest: [10: ContestSummary(freeSixMeters: 1, engineSeconds: nil)]))
        #expect(cut.split(separator: "\n").allSatisfy { $0.count <= 80 } && cut.contains("…"), "\(cut)")
    }
}
