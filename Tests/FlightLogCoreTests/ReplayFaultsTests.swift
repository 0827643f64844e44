import Testing

@testable import FlightLogCore
@testable import FlightLogSimulation

struct ReplayFaultsTests {
    private let start: UTCMillis = 1_749_979_800_000  // 2025-06-15 09:30:00 UTC

    private func fixes(_ count: Int) -> [Fix] {
        (0..<count).map {
            Fix(
                time: start + Int64($0) * 1000, latitude: 47.39, longitude: 8.53, pressureAltitude: 500,
                gnssAltitude: 520)
        }
    }

    @Test func windowsAreTimesOfTheFlightsDay() throws {
        #expect(ReplayFaults.window("09:30:10-09:31:40", start: start) == start + 10_000...start + 100_000)
        #expect(ReplayFaults.window("093010-093140", start: start) == start + 10_000...start + 100_000)
        #expect(ReplayFaults.window("09:30:10-", start: start) == start + 10_000...UTCMillis.max)
        // Before the first fix: the next day (a flight across midnight UTC).
        #expect(ReplayFaults.time("00:10:00", start: start) == start - 9 * 3_600_000 - 20 * 60_000 + Time.millisPerDay)
        #expect(ReplayFaults.window("25:00:00-26:00:00", start: start) == nil)
        #expect(ReplayFaults.window("09:30:10", start: start) == nil)
        #expect(ReplayFaults.time("9:30", start: start) == nil)
    }

    @Test func noFixEpochsKeepTimeAndPressureAndOneFixIsDisplaced() throws {
        let faults = ReplayFaults(noFix: [start + 3_000...start + 5_000], displaced: [start + 7_500])
        let sent = faults.apply(to: fixes(10))
        #expect(sent.map(\.isValid) == [true, true, true, false, false, false, true, true, true, true])
        #expect(sent[4].gnssAltitudeDm == nil && sent[4].pressureAltitudeDm == 5000 && sent[4].time == start + 4_000)
        let moved = Geodesy.distance(sent[8].coordinate, fixes(10)[8].coordinate)
        #expect(abs(moved - 55_000) < 300, "moved \(moved) m")
        #expect(sent.enumerated().allSatisfy { $0.offset == 8 || $0.element.latitudeE7 == 473_900_000 })
        // The NMEA of a no-fix epoch: time, no position (RMC V, GGA quality 0).
        let epoch = NMEAWriter.epoch(sent[4], previous: sent[3])
        #expect(epoch[0].hasPrefix("$GPRMC,093004.000,V,,") && epoch[1].hasPrefix("$GPGGA,093004.000,,,,,0,"))
    }

    @Test func barometerIsMissingOnlyInsideItsWindow() {
        let faults = ReplayFaults(barometerMissing: [start + 10_000...start + 70_000])
        #expect(faults.barometerPresent(at: start + 9_999))
        #expect(!faults.barometerPresent(at: start + 10_000) && !faults.barometerPresent(at: start + 70_000))
        #expect(faults.barometerPresent(at: start + 70_001))
    }

    @Test func scheduleRunsAtRealTimeInsideItsWindowsAndFastElsewhere() {
        let schedule = ReplaySchedule(
            start: start, speed: 50, realTime: [start + 200_000...start + 210_000, start + 100_000...start + 110_000])
        #expect(schedule.wallNanos(at: start) == 0)
        #expect(schedule.wallNanos(at: start + 100_000) == 2_000_000_000)
        #expect(schedule.wallNanos(at: start + 110_000) == 12_000_000_000)
        #expect(schedule.wallNanos(at: start + 200_000) == 13_800_000_000)
        #expect(schedule.wallNanos(at: start + 260_000) == 24_800_000_000)
        for millis: Int64 in [0, 50_000, 100_000, 105_000, 110_000, 150_000, 205_000, 260_000] {
            #expect(schedule.utc(atWallNanos: schedule.wallNanos(at: start + millis)) == start + millis)
        }
        // Overlapping windows count once.
        let merged = ReplaySchedule(
            start: start, speed: 10, realTime: [start...start + 10_000, start + 5_000...start + 20_000])
        #expect(merged.wallNanos(at: start + 20_000) == 20_000_000_000)
    }

    /// `--speed-in`: a window at a speed of its own (3× around a power cut in a 50× replay), beside a real-time one.
    @Test func scheduleRunsEachWindowAtItsOwnSpeed() {
        let schedule = ReplaySchedule(
            start: start, speed: 50, realTime: [start + 200_000...start + 210_000],
            slower: [(start + 100_000...start + 130_000, 3)])
        #expect(schedule.wallNanos(at: start + 100_000) == 2_000_000_000)
        #expect(schedule.wallNanos(at: start + 130_000) == 12_000_000_000)
        #expect(schedule.wallNanos(at: start + 200_000) == 13_400_000_000)
        #expect(schedule.wallNanos(at: start + 210_000) == 23_400_000_000)
        for millis: Int64 in [0, 100_000, 115_000, 130_000, 150_000, 205_000, 260_000] {
            #expect(schedule.utc(atWallNanos: schedule.wallNanos(at: start + millis)) == start + millis)
        }
    }

    @Test func altitudeSpikeRaisesOneFixesGNSSAltitudeOnly() {
        let faults = ReplayFaults(altitudeSpikes: [start + 4_500])
        let sent = faults.apply(to: fixes(8))
        #expect(sent.map(\.gnssAltitudeDm) == [5200, 5200, 5200, 5200, 5200, 35_200, 5200, 5200])
        #expect(sent.allSatisfy { $0.pressureAltitudeDm == 5000 && $0.isValid })
    }

    @Test func pressureGlitchesParseAbsoluteAndRelative() throws {
        let absolute = try #require(ReplayFaults.PressureGlitch.parse("09:31:00=25000", start: start))
        #expect(absolute.time == start + 60_000 && !absolute.relative && absolute.value(truth: 95_000) == 25_000)
        let up = try #require(ReplayFaults.PressureGlitch.parse("093100=+800", start: start))
        #expect(up.relative && up.value(truth: 95_000) == 95_800)
        #expect(ReplayFaults.PressureGlitch.parse("09:31:00=-800", start: start)?.value(truth: 95_000) == 94_200)
        for bad in ["09:31:00", "09:31:00=", "09:31:00=abc", "09:31:00=nan", "25:00:00=100", "09:31:00=1e300"] {
            #expect(ReplayFaults.PressureGlitch.parse(bad, start: start) == nil, "\(bad)")
        }
        let early = ReplayFaults.PressureGlitch(time: start + 1_000, pascals: 500, relative: true)
        #expect(
            ReplayFaults(pressureGlitches: [absolute, early]).pressureGlitches == [early, absolute], "in time order")
    }
}
