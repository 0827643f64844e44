import Testing

@testable import FlightLogCore

private let second: Int64 = 1_000_000_000
/// 2025-06-15T09:30:00Z.
private let t0: UTCMillis = 1_749_979_800_000

@Suite struct ClockMapperTests {
    @Test func offsetIsTheSmallestDelay() throws {
        var clock = ClockMapper()
        let trueOffset: Int64 = 5_000 * second
        let delays: [Int64] = [300, 120, 450, 80, 200]  // ms
        for (i, delay) in delays.enumerated() {
            let fixTime = t0 + Int64(i) * 1000
            clock.observe(fixTime: fixTime, arrivalNanos: fixTime * 1_000_000 + trueOffset + delay * 1_000_000)
        }
        let offset = try #require(clock.offsetNanos)
        #expect(offset == trueOffset + 80_000_000)
        #expect(clock.utc(atMonotonic: t0 * 1_000_000 + offset) == t0)
        #expect(clock.monotonicNanos(of: t0 + 10_000) == (t0 + 10_000) * 1_000_000 + offset)
    }

    @Test func oneLateFixIsNotABackwardJump() throws {
        var clock = ClockMapper()
        let base: Int64 = 1_000 * second
        for i in 0..<10 {
            let fixTime = t0 + Int64(i) * 1000
            clock.observe(fixTime: fixTime, arrivalNanos: fixTime * 1_000_000 - t0 * 1_000_000 + base)
        }
        let before = clock.offsetNanos
        // A backlog delivered 20 s late.
        let late = t0 + 10_000
        clock.observe(fixTime: late, arrivalNanos: late * 1_000_000 - t0 * 1_000_000 + base + 20 * second)
        #expect(clock.offsetNanos == before)
    }

    @Test func backwardJumpIsLearnedAfterConfirmation() throws {
        var clock = ClockMapper(confirmations: 3)
        for i in 0..<10 {
            clock.observe(fixTime: t0 + Int64(i) * 1000, arrivalNanos: Int64(i) * second)
        }
        let old = try #require(clock.offsetNanos)
        // GNSS time now reads 60 s earlier than before for the same arrival pace.
        for i in 10..<13 {
            clock.observe(fixTime: t0 - 60_000 + Int64(i) * 1000, arrivalNanos: Int64(i) * second)
        }
        #expect(clock.offsetNanos == old + 60 * second)
    }

    @Test func forwardJumpAndFastReplayMapToArrival() throws {
        var clock = ClockMapper()
        // A replay delivering one GNSS second every millisecond.
        for i in 0..<100 {
            let fixTime = t0 + Int64(i) * 1000
            let arrival = 10 * second + Int64(i) * 1_000_000
            clock.observe(fixTime: fixTime, arrivalNanos: arrival)
            #expect(clock.monotonicNanos(of: fixTime, notAfter: arrival) == arrival)
        }
    }

    /// The monotonic queue against the plain definition (minimum over the window, re-learned after confirmed
    /// backward jumps), over random delays, bursts (fast replay), gaps and jumps.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func slidingMinimumMatchesTheDefinition(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let windowNanos = 5 * second
        var clock = ClockMapper(windowNanos: windowNanos)
        var window: [(arrival: Int64, offset: Int64)] = []
        var jumped: [(arrival: Int64, offset: Int64)] = []
        var expected: Int64?
        var arrival: Int64 = 100 * second
        var fixTime = t0
        for _ in 0..<5_000 {
            switch Int.random(in: 0..<100, using: &random) {
            case 0: fixTime -= Int64.random(in: 6_000...60_000, using: &random)  // GNSS time backwards
            case 1: arrival += Int64.random(in: 10...40, using: &random) * second  // gpsd away
            case 2..<30: arrival += Int64.random(in: 0...2_000_000, using: &random)  // a burst
            default: arrival += Int64.random(in: 900...1_100, using: &random) * 1_000_000
            }
            fixTime += 1000
            clock.observe(fixTime: fixTime, arrivalNanos: arrival)
            let observed = arrival - fixTime * 1_000_000
            if let estimate = expected, observed - estimate > clock.jumpThresholdNanos {
                jumped.append((arrival, observed))
                if jumped.count >= clock.confirmations {
                    window = jumped
                    jumped = []
                    expected = window.map(\.offset).min()
                }
            } else {
                jumped = []
                window.append((arrival, observed))
                window.removeAll { $0.arrival < arrival - windowNanos }
                expected = window.map(\.offset).min()
            }
            try #require(clock.offsetNanos == expected)
        }
    }

    @Test func gapsFromGpsdRestartsKeepTheOffset() throws {
        var clock = ClockMapper()
        for i in 0..<5 { clock.observe(fixTime: t0 + Int64(i) * 1000, arrivalNanos: Int64(i) * second + 100_000_000) }
        let before = clock.offsetNanos
        // gpsd away for 30 s, then fixes arrive with the same delay.
        for i in 35..<40 {
            clock.observe(fixTime: t0 + Int64(i) * 1000, arrivalNanos: Int64(i) * second + 100_000_000)
        }
        #expect(clock.offsetNanos == before)
    }
}

@Suite struct PressureBufferTests {
    @Test func interpolatesBetweenReadings() throws {
        var buffer = PressureBuffer()
        buffer.append(PressureReading(monotonicNanos: 0, pascals: 95_000))
        buffer.append(PressureReading(monotonicNanos: second, pascals: 94_900))
        let value = try #require(buffer.pressure(at: second / 4))
        #expect(abs(value - 94_975) < 1e-9)
    }

    @Test func staleAndMissingReadingsGiveNil() {
        var buffer = PressureBuffer(stalenessNanos: 2 * second)
        #expect(buffer.pressure(at: 0) == nil)
        #expect(buffer.isStale(now: 0))
        buffer.append(PressureReading(monotonicNanos: 10 * second, pascals: 95_000))
        #expect(buffer.pressure(at: 11 * second) == 95_000)
        #expect(buffer.pressure(at: 13 * second) == nil)
        #expect(!buffer.isStale(now: 11 * second))
        #expect(buffer.isStale(now: 13 * second))
        // A hole of 10 s: the middle is unknown.
        buffer.append(PressureReading(monotonicNanos: 20 * second, pascals: 94_000))
        #expect(buffer.pressure(at: 15 * second) == nil)
        #expect(buffer.pressure(at: 19 * second) == 94_000)
    }

    @Test(arguments: [Double.nan, .infinity, 0, 200_000])
    func rejectsImplausible(pascals: Double) {
        var buffer = PressureBuffer()
        let accepted = buffer.append(PressureReading(monotonicNanos: 0, pascals: pascals))
        #expect(!accepted)
        #expect(buffer.count == 0)
    }

    @Test func dropsOldReadings() {
        var buffer = PressureBuffer(retentionNanos: 10 * second)
        for i in 0..<2000 { buffer.append(PressureReading(monotonicNanos: Int64(i) * second / 25, pascals: 95_000)) }
        #expect(buffer.count <= 10 * 25 + 1)
        #expect(buffer.pressure(at: 79 * second) == 95_000)
    }
}

@Suite struct FixFusionTests {
    private func reading(_ i: Int, mode: Int = 3, eph: Double? = 4.6, sats: Int? = 9, delayMs: Int64 = 200)
        -> GNSSReading
    {
        GNSSReading(
            time: t0 + Int64(i) * 1000, mode: mode, latitude: 47.391667, longitude: 8.5375, altitudeHAE: 468.04,
            speed: 0, eph: eph, satellitesUsed: sats,
            receivedAtMonotonicNanos: 100 * second + Int64(i) * second + delayMs * 1_000_000)
    }

    @Test func pressureAltitudeIsISAAtTheFixInstant() throws {
        var fusion = FixFusion()
        // Pressure falls 1 Pa every 40 ms (25 Hz), starting at the ISA pressure of 1000 m.
        let p1000 = ISA.pressure(altitude: 1000)
        for k in 0..<500 {
            fusion.addPressure(
                PressureReading(monotonicNanos: 100 * second + Int64(k) * 40_000_000, pascals: p1000 - Double(k)))
        }
        _ = fusion.fuse(reading(0))
        let fix = try #require(try fusion.fuse(reading(5)).get().first).fix
        // Fix 5 happened 5 s after fix 0 (arrival 100 s + 200 ms): the clock puts fix 0 at 100.2 s,
        // so fix 5 is at 105.2 s → reading 130 → p1000 − 130.
        let expected = Int32((ISA.altitude(pressure: p1000 - 130) * 10).rounded())
        #expect(fix.pressureAltitudeDm == expected)
        #expect(fix.gnssAltitudeDm == 4680)
        #expect(fix.isValid)
        #expect(fix.extensions == "00509")
    }

    @Test func noBarometerMeansNilPressureAltitudeNeverGNSS() throws {
        var fusion = FixFusion()
        let fix = try #require(try fusion.fuse(reading(0)).get().first).fix
        #expect(fix.pressureAltitudeDm == nil)
        #expect(fix.gnssAltitudeDm == 4680)
    }

    @Test func twoDimensionalFixIsInvalidWithoutGNSSAltitude() throws {
        var fusion = FixFusion()
        let fix = try #require(try fusion.fuse(reading(0, mode: 2)).get().first).fix
        #expect(!fix.isValid)
        #expect(fix.gnssAltitudeDm == nil)
        #expect(fusion.fuse(reading(1, mode: 1)) == .failure(.noFix))
    }

    @Test func timesAreStrictlyIncreasing() throws {
        var fusion = FixFusion()
        _ = try fusion.fuse(reading(5)).get()
        #expect(fusion.fuse(reading(5)) == .failure(.duplicateTime))
        #expect(fusion.fuse(reading(3)) == .success([]))  // held back by the time gate, then dropped
        #expect(try fusion.fuse(reading(6)).get().map(\.fix.time) == [t0 + 6000])
        #expect(fusion.timeGate.glitches == 1)
    }

    /// A fix arrives 5 ms after its instant, before the next 25 Hz reading: it waits for that reading and
    /// gets the interpolated pressure, not the older one held.
    @Test func fixWaitsForTheReadingAfterItsInstant() throws {
        var fusion = FixFusion()
        let p1000 = ISA.pressure(altitude: 1000)
        // Readings every 40 ms up to 100.000 s, pressure falling 10 Pa per reading (a fast climb).
        for k in 0..<51 {
            fusion.addPressure(
                PressureReading(monotonicNanos: 98 * second + Int64(k) * 40_000_000, pascals: p1000 - 10 * Double(k)))
        }
        // Fix 0 at 100.020 s (arrives 5 ms later, epoch known from TOFF at 100.020 s).
        let first = GNSSReading(
            time: t0, mode: 3, latitude: 47.39, longitude: 8.53, altitudeHAE: 500,
            receivedAtMonotonicNanos: 100 * second + 25_000_000,
            epochMonotonicNanos: 100 * second + 20_000_000)
        #expect(try fusion.fuse(first).get().isEmpty)
        #expect(fusion.waitingCount == 1)
        #expect(fusion.release(now: 100 * second + 30_000_000).isEmpty)  // 5 ms later: still waiting
        fusion.addPressure(PressureReading(monotonicNanos: 100 * second + 40_000_000, pascals: p1000 - 510))
        let released = fusion.release(now: 100 * second + 40_000_000)
        try #require(released.count == 1)
        // Halfway between 100.000 s (p − 500) and 100.040 s (p − 510): p − 505.
        #expect(released[0].fix.pressureAltitudeDm == Int32((ISA.altitude(pressure: p1000 - 505) * 10).rounded()))
        #expect(released[0].receivedAtMonotonicNanos == 100 * second + 25_000_000)
    }

    @Test func aFixWaitsAtMostTheLimitForASilentBarometer() throws {
        var fusion = FixFusion()
        fusion.addPressure(PressureReading(monotonicNanos: 100 * second, pascals: 90_000))
        let arrival = 100 * second + 500_000_000
        let fix = GNSSReading(
            time: t0, mode: 3, latitude: 47.39, longitude: 8.53, altitudeHAE: 500, receivedAtMonotonicNanos: arrival)
        #expect(try fusion.fuse(fix).get().isEmpty)
        #expect(fusion.release(now: arrival + fusion.maximumWaitNanos - 1).isEmpty)
        let late = fusion.release(now: arrival + fusion.maximumWaitNanos)
        #expect(late.map(\.fix.pressureAltitudeDm) == [Int32((ISA.altitude(pressure: 90_000) * 10).rounded())])
        // Shutdown releases whatever waits.
        #expect(
            try fusion.fuse(
                GNSSReading(
                    time: t0 + 1000, mode: 3, latitude: 47.39, longitude: 8.53, altitudeHAE: 500,
                    receivedAtMonotonicNanos: arrival + 2_000_000_000)
            ).get().count == 1)  // 2.5 s: barometer stale, no wait
        #expect(fusion.release(now: .max).isEmpty)
    }

    @Test(arguments: [
        (Double?(4.6), Int?(9), "00509"), (1900.0, 12, "99912"), (nil, nil, "99900"), (-3, 140, "00099"),
        (Double.nan, 4, "99904"),
    ])
    func extensions(eph: Double?, sats: Int?, expected: String) {
        #expect(FixFusion.extensionText(eph: eph, satellitesUsed: sats) == expected)
    }
}
