import FlightLogCore
import FlightLogText
import Testing

/// What `flightlog` prints, rendered in process from plain values: no database, no executable.
@Suite("terminal text of list and show")
struct FlightTextTests {
    /// 2025-06-14 10:05 UTC, a 1 h 15 min winch flight at UTC+02:00.
    static let takeoff: UTCMillis = 1_749_895_500_000

    static func flight(id: Int64 = 7, pilot: String? = "Müller, Jürgen", source: FlightSource = .recorded) -> Flight {
        Flight(
            id: id, takeoffTime: takeoff, landingTime: takeoff + 75 * 60_000,
            takeoffCoordinate: Coordinate(latitude: 50.8, longitude: 6.2),
            landingCoordinate: Coordinate(latitude: 50.8, longitude: 6.2),
            details: FlightDetails(
                pilot: pilot, gliderType: "ASK 21", registration: "D-1234", launchMethod: .winch,
                takeoffPlace: "Merzbrück"),
            source: source, maxAltitude: 420, maxDistanceFromTakeoff: 2_500, pathLength: 12_000,
            utcOffsetSeconds: 7_200)
    }

    @Test func tableShowsLocalTimesAndTotals() {
        let table = FlightTable.render([Self.flight()], width: 120)
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("ID  Date        Take-off  Landing  Time"), "\(table)")
        #expect(lines[2].contains("12:05") && lines[2].contains("13:20") && lines[2].contains("1:15"), "\(table)")
        #expect(lines[3] == "1 flight, 1:15 h, 1 launch (1 with a known method); times local, UTC+02:00")
    }

    @Test func deleteNamesTheFlightByItsLocalTakeoffGliderAndTime() {
        #expect(Self.flight().deletionName(id: 7) == "flight 7 (2025-06-14 12:05, ASK 21, 1:15)")
        var unknown = Self.flight()
        unknown.details.gliderType = nil
        #expect(unknown.deletionName(id: 7) == "flight 7 (2025-06-14 12:05, glider?, 1:15)")
    }

    @Test func narrowTableCutsNamesAndKeepsTheTime() {
        let long = Self.flight(pilot: "Wolfgang-Amadeus von Hohenzollern-Sigmaringen")
        let table = FlightTable.render([long], width: 60)
        for line in table.split(separator: "\n").prefix(3) { #expect(displayCount(String(line)) <= 60, "\(line)") }
        #expect(table.contains("1:15") && !table.contains("Sigmaringen"), "\(table)")
    }

    @Test func csvKeepsFormulasAsText() {
        var f = Self.flight()
        f.details.remarks = "=HYPERLINK(\"x\")"
        let csv = FlightCSV.render([f])
        let lines = csv.split(separator: "\r\n")
        #expect(lines.count == 2 && lines[0] == FlightCSV.header.joined(separator: ","))
        #expect(lines[1].contains(",\"'=HYPERLINK(\"\"x\"\")\","), "\(lines[1])")
    }

    @Test func showOfAHandEnteredFlightHasNoTrackOrBarogram() {
        let text = FlightDetailsText.render(Self.flight(source: .manual), fixes: [], history: [])
        #expect(text.contains("\nTrack:       none: no track (entered by hand with flightlog add)"), "\(text)")
        #expect(!text.contains("Barogram"))
    }

    @Test func barogramLabelsTheLowestAndHighestAltitude() {
        let f = Self.flight()
        let fixes = (0...75).map { minute in
            Fix(
                time: Self.takeoff + Int64(minute) * 60_000, latitude: 50.8, longitude: 6.2,
                pressureAltitude: 169 + Double(min(minute, 75 - minute)) * 10, gnssAltitude: nil)
        }
        let chart = TerminalBarogram.render(fixes: fixes, flight: f)
        let lines = chart.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Barogram (pressure altitude, local time):")
        #expect(lines[1].hasPrefix("   539 m │") && lines[8].hasPrefix("   169 m │"), "\(chart)")
        #expect(lines.last?.hasSuffix("13:20") == true, "\(chart)")
        #expect(TerminalBarogram.render(fixes: Array(fixes.prefix(1)), flight: f).isEmpty)
    }

    @Test func terminalSafeShowsControlCharactersAsEscapes() {
        #expect(terminalSafe("a\u{1B}]0;x\u{07}b\u{202E}") == "a\\u{1B}]0;x\\u{7}b\\u{202E}")
        #expect(terminalSafe("one\ntwo", keepNewlines: true) == "one\ntwo")
    }
}
