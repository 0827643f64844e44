import FlightLogCore
import FlightLogWeb
import Testing

/// The phone barogram's time axis keeps at least three labelled times on the narrowest phone: a 5-hour flight
/// with only two (every two hours, since every hour does not fit) leaves the pilot guessing between them.
@Suite("Barogram time axis")
struct BarogramTimeAxisTests {
    @Test(arguments: [300, 330, 360])
    func aLongFlightHasAtLeastThreeTimes(minutes: Int) throws {
        for offset in stride(from: 3600, to: 9000, by: 600) {
            let (flight, fixes) = ChartLayoutTests.flight(minutes: minutes, top: 1500, offset: offset)
            let chart = try #require(BarogramChart(flight: flight, fixes: fixes, faults: []))
            // Local above UTC: two labels per time.
            #expect(
                chart.timeLabels.count >= 6, "\(minutes) min, UTC\(offset / 60) min: \(chart.timeLabels.map(\.text))")
            #expect(chart.gridX.count == chart.timeLabels.count / 2)
        }
    }
}
