import Testing

@testable import FlightLogCore

private let t0 = CivilDate(year: 2025, month: 6, day: 14).utcMidnight + 10 * 3_600_000 + 15 * 60_000  // 10:15:00Z

/// One fix a second from `t0` per character: `A` valid with pressure, `V` no fix (last position, pressure kept),
/// `b` valid without pressure, `x` no fix and no pressure, `_` nothing stored (the recorder was not running).
private func fixes(_ pattern: String, stepMillis: Int64 = 1000) -> [Fix] {
    pattern.enumerated().compactMap { i, c in
        guard c != "_" else { return nil }
        let valid = c == "A" || c == "b"
        let pressure: Meters? = c == "A" || c == "V" ? 600 : nil
        return Fix(
            time: t0 + Int64(i) * stepMillis, isValid: valid, latitude: 49.78, longitude: 7.66 + Double(i) * 1e-4,
            pressureAltitude: pressure, gnssAltitude: valid ? 650 : nil)
    }
}

private func fault(_ kind: RecordingFault.Kind, _ from: Int64, _ to: Int64) -> RecordingFault {
    RecordingFault(kind: kind, from: t0 + from * 1000, to: t0 + to * 1000)
}

private func repeated(_ c: Character, _ n: Int) -> String { String(repeating: c, count: n) }

@Suite struct RecordingFaultsTests {
    @Test("a V run lasting 10 s (first V to the fix that ends it) is a GPS loss; 9 s is not")
    func gpsRunAtTheEdge() {
        let ten = fixes("AAA" + repeated("V", 10) + "AAA")
        #expect(RecordingFaults.derive(ten, hasBarometer: true) == [fault(.gps, 3, 13)])
        let nine = fixes("AAA" + repeated("V", 9) + "AAA")
        #expect(RecordingFaults.derive(nine, hasBarometer: true).isEmpty)
    }

    @Test("a run at the end of the track lasts from its first to its last fix")
    func runAtTheEnd() {
        #expect(RecordingFaults.derive(fixes("AA" + repeated("V", 11)), hasBarometer: true) == [fault(.gps, 2, 12)])
        #expect(RecordingFaults.derive(fixes("AA" + repeated("V", 10)), hasBarometer: true).isEmpty)
    }

    @Test("fixes without pressure are a barometer loss only where the flight has a barometer")
    func baroRun() {
        let track = fixes("AA" + repeated("b", 12) + "A" + repeated("b", 5) + "AA")
        #expect(RecordingFaults.derive(track, hasBarometer: true) == [fault(.baro, 2, 14)])
        #expect(RecordingFaults.derive(track, hasBarometer: false).isEmpty)
    }

    @Test("no fix and no pressure at once are two faults of the same span")
    func bothLost() {
        let track = fixes("A" + repeated("x", 20) + "A")
        #expect(RecordingFaults.derive(track, hasBarometer: true) == [fault(.gps, 1, 21), fault(.baro, 1, 21)])
    }

    @Test("a gap of 10 s between stored fixes is a power cut; a gap just under is not")
    func gapAtTheEdge() {
        // 9 seconds with nothing stored: the fixes either side are 10 s apart.
        let ten = fixes("AAA" + repeated("_", 9) + "AAA")
        #expect(RecordingFaults.derive(ten, hasBarometer: true) == [fault(.power, 2, 12)])
        var short = fixes("AAA" + repeated("_", 8) + "AAA")
        #expect(RecordingFaults.derive(short, hasBarometer: true).isEmpty)
        short[3].time = short[2].time + 9_999
        #expect(RecordingFaults.derive(short, hasBarometer: true).isEmpty)
        short[3].time = short[2].time + 10_000
        #expect(RecordingFaults.derive(short, hasBarometer: true) == [fault(.power, 2, 12)])
    }

    @Test("a power cut ends a GPS loss; it goes on as a new one after the restart")
    func gapSplitsARun() {
        let track = fixes("AA" + repeated("V", 15) + repeated("_", 30) + repeated("V", 12) + "AA")
        #expect(
            RecordingFaults.derive(track, hasBarometer: true) == [
                fault(.gps, 2, 16), fault(.power, 16, 47), fault(.gps, 47, 59),
            ])
        // Runs cut short by the gap count only their own fixes: 9 s before, 9 s after → none.
        let short = fixes("AA" + repeated("V", 10) + repeated("_", 30) + repeated("V", 9) + "AA")
        #expect(RecordingFaults.derive(short, hasBarometer: true) == [fault(.power, 11, 42)])
    }

    @Test("a 1 Hz recording with a GPS loss, a barometer loss and a restart lists all three in time order")
    func allThree() {
        let pattern =
            repeated("A", 60) + repeated("V", 90) + repeated("A", 30) + repeated("b", 60) + repeated("A", 20)
            + repeated("_", 30) + repeated("A", 60)
        let faults = RecordingFaults.derive(fixes(pattern), hasBarometer: true)
        #expect(faults == [fault(.gps, 60, 150), fault(.baro, 180, 240), fault(.power, 259, 290)])
        #expect(
            faults.map(\.igcComment) == [
                "GPS LOST 101600-101730", "BARO LOST 101800-101900", "POWER LOST 101919-101950",
            ])
        #expect(faults[0].text == "GPS lost 10:16:00–10:17:30 UTC (1 min 30 s)")
        #expect(faults[2].text == "Power lost 10:19:19–10:19:50 UTC (31 s)")
    }

    @Test("only a recorded flight has faults, and only those overlapping takeoff…landing")
    func ofFlight() {
        let track = fixes(
            repeated("V", 20) + repeated("A", 100) + repeated("V", 30) + repeated("A", 100) + repeated("V", 20))
        var flight = Flight(
            takeoffTime: t0 + 40_000, landingTime: t0 + 240_000, takeoffCoordinate: track[40].coordinate,
            landingCoordinate: track[240].coordinate)
        #expect(RecordingFaults.of(flight, fixes: track) == [fault(.gps, 120, 150)])
        flight.source = .imported(fileName: "a.igc", sha256: "00")
        #expect(RecordingFaults.of(flight, fixes: track).isEmpty)
    }

    @Test("positions run between V fixes and power cuts, never through them")
    func positionedRuns() {
        let track = fixes("VVAAAVAA" + repeated("_", 20) + "AAAV")
        let faults = RecordingFaults.derive(track, hasBarometer: true)
        #expect(RecordingFaults.positionedRuns(track, faults: faults) == [2..<5, 6..<8, 8..<11])
        #expect(RecordingFaults.positionedRuns(track) == [2..<5, 6..<11], "without faults only V fixes break")
        #expect(RecordingFaults.positionedRuns([]).isEmpty)
    }

    @Test func durations() {
        #expect(RecordingFault.durationText(10_000) == "10 s")
        #expect(RecordingFault.durationText(120_000) == "2 min")
        #expect(RecordingFault.durationText(3_725_000) == "1 h 02 min")
    }
}
