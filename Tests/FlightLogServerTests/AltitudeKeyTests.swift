import FlightLogCore
import FlightLogWeb
import Testing

/// The map's altitude key ends at the flight's own maximum, the figure the flight's details print, not at the
/// highest of the vertices the simplified track keeps.
@Suite("Altitude key")
struct AltitudeKeyTests {
    /// A straight track due north (its simplified line keeps little more than its ends) whose altitude peaks once
    /// in the middle, at `peak` metres; the flight's maximum is that peak, as detection stores it.
    static func straightPeak(peak: Double, barometer: Bool = true) -> (Flight, [Fix]) {
        let t0 = CivilDate(year: 2025, month: 7, day: 2).utcMidnight + 10 * 3_600_000
        let count = 3000
        let fixes = (0..<count).map { i -> Fix in
            let fromMiddle = abs(Double(i - count / 2)) / Double(count / 2)
            let altitude = 300 + (peak - 300) * (1 - fromMiddle)
            return Fix(
                time: t0 + Int64(i) * 1000, isValid: true, latitude: 50 + Double(i) * 0.0003, longitude: 7,
                pressureAltitude: barometer ? altitude : nil, gnssAltitude: altitude + 40)
        }
        let maxAltitude = fixes.compactMap { barometer ? $0.pressureAltitude : $0.gnssAltitude }.max()
        let flight = Flight(
            takeoffTime: fixes.first!.time, landingTime: fixes.last!.time,
            takeoffCoordinate: fixes.first!.coordinate, landingCoordinate: fixes.last!.coordinate,
            details: FlightDetails(pilot: "P"), source: .recorded, maxAltitude: maxAltitude,
            hasBarometer: barometer, timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: 7200)
        return (flight, fixes)
    }

    @Test(arguments: [true, false])
    func keySaysTheFlightsMaximum(barometer: Bool) throws {
        let (flight, fixes) = Self.straightPeak(peak: 1513.4, barometer: barometer)
        let map = try #require(MapChart(flight: flight, fixes: fixes, faults: []))
        let maximum = try #require(flight.maxAltitude)
        #expect(map.highText == "\(decimal(maximum, 0)) m")
        #expect(
            map.lowText
                == "\(decimal(fixes.compactMap { barometer ? $0.pressureAltitude : $0.gnssAltitude }.min()!, 0)) m")
    }

    /// A flight without a stored maximum: the highest of all fixes, never only of the drawn ones.
    @Test func withoutAStoredMaximumTheHighestFix() throws {
        var (flight, fixes) = Self.straightPeak(peak: 1499.6)
        flight.maxAltitude = nil
        let map = try #require(MapChart(flight: flight, fixes: fixes, faults: []))
        #expect(map.highText == "\(decimal(fixes.compactMap(\.pressureAltitude).max()!, 0)) m")
    }
}
