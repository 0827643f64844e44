import Testing

@testable import FlightLogCore

private let second: Int64 = 1_000_000_000
/// 2025-06-15T09:30:00Z.
private let t0: UTCMillis = 1_749_979_800_000

/// The barograph goes on without a fix and implausible fixes are kept as `V`.
@Suite struct BarographFusionTests {
    /// A fusion that had 3D fixes at seconds 0…`fixes - 1` (arriving 200 ms after their epoch at monotonic
    /// 100 s + i s) and a 25 Hz barometer at the ISA pressure of 1000 m minus 1 Pa per reading until `pressureUntil`.
    private func flying(fixes: Int = 10, pressureUntil seconds: Int64 = 30) -> (FixFusion, [FusedFix]) {
        var fusion = FixFusion()
        var out: [FusedFix] = []
        var k: Int64 = 0
        for i in 0..<fixes {
            let arrival = 100 * second + Int64(i) * second + 200_000_000
            while 100 * second + k * 40_000_000 <= arrival {
                fusion.addPressure(PressureReading(monotonicNanos: 100 * second + k * 40_000_000, pascals: pressure(k)))
                k += 1
            }
            out += (try? fusion.fuse(reading(i, arrival: arrival)).get()) ?? []
        }
        while 100 * second + k * 40_000_000 <= 100 * second + seconds * second {
            fusion.addPressure(PressureReading(monotonicNanos: 100 * second + k * 40_000_000, pascals: pressure(k)))
            k += 1
        }
        return (fusion, out)
    }

    private func pressure(_ k: Int64) -> Double { ISA.pressure(altitude: 1000) - Double(k) }

    private func reading(_ i: Int, arrival: Int64, mode: Int = 3, latitude: Double? = nil, altitude: Double = 1468)
        -> GNSSReading
    {
        GNSSReading(
            time: t0 + Int64(i) * 1000, mode: mode, latitude: latitude ?? 47.39 + Double(i) * 0.0002, longitude: 8.53,
            altitudeHAE: altitude, eph: 4, satellitesUsed: 9, receivedAtMonotonicNanos: arrival)
    }

    /// Expected pressure altitude (dm) of the fix at second `s` after t0: its instant is monotonic 100.2 s + s
    /// (the clock learned the 200 ms delivery delay), reading number 25·s + 5 of the ramp.
    private func expectedDm(atSecond s: Int64) -> Int32 {
        Int32((ISA.altitude(pressure: pressure(s * 25 + 5)) * 10).rounded())
    }

    @Test func silentReceiverGivesVFixesEverySecondAfterTenSeconds() throws {
        var (fusion, out) = flying()
        #expect(out.count == 10 && out.allSatisfy { $0.fix.isValid })
        var made: [FusedFix] = []
        // Ticks every 250 ms from 10 s to 30 s: nothing from the receiver at all.
        for tick in 40..<120 {
            let now = 100 * second + Int64(tick) * 250_000_000
            let new = fusion.fillOutage(now: now)
            if now < 100 * second + 19 * second { #expect(new.isEmpty, "V fix before the silence limit") }
            made += new
        }
        // At 29.75 s: every second from 10 to 28 (28 + 1.5 s grace ≤ 29.75 < 29 + 1.5).
        #expect(made.map(\.fix.time) == (10...28).map { t0 + Int64($0) * 1000 })
        let last = out.last!.fix
        for item in made {
            #expect(!item.isFromReceiver)
            #expect(!item.fix.isValid)
            #expect(item.fix.latitudeE7 == last.latitudeE7 && item.fix.longitudeE7 == last.longitudeE7)
            #expect(item.fix.gnssAltitudeDm == nil)
            #expect(item.fix.extensions == "99900")
            let s = (item.fix.time - t0) / 1000
            #expect(
                abs(Int(item.fix.pressureAltitudeDm ?? 0) - Int(expectedDm(atSecond: s))) <= 3, "pressure at \(s) s")
        }
        // The fix comes back: valid again, after the V fixes.
        let back = try fusion.fuse(reading(30, arrival: 130 * second + 200_000_000)).get() + fusion.release(now: .max)
        #expect(back.map(\.fix.time) == [t0 + 29_000, t0 + 30_000])  // the outage's last second, then the fix
        #expect(back.map(\.fix.isValid) == [false, true])
    }

    @Test func noFixReportsStartVFixesAtOnceWithTheReceiversTime() throws {
        var (fusion, _) = flying()
        // gpsd reports "no fix" without a time for second 10: nothing yet (a late fix 10 could still come).
        #expect(fusion.noFix(time: nil, receivedAt: 110 * second + 200_000_000).isEmpty)
        #expect(fusion.isReportingNoFix)
        let due = fusion.fillOutage(now: 111 * second + 800_000_000)
        #expect(due.map(\.fix.time) == [t0 + 10_000])
        // A report with the receiver's own time (mode 1 TPV with a time): that time, at once, gaps filled.
        let timed = fusion.noFix(time: t0 + 13_000, receivedAt: 113 * second + 200_000_000)
        #expect(timed.map(\.fix.time) == [t0 + 11_000, t0 + 12_000, t0 + 13_000])
        // A bogus chip time far from GPS time is not used: the clock goes on.
        #expect(fusion.noFix(time: t0 + 3_600_000, receivedAt: 114 * second + 200_000_000).isEmpty)
        #expect(fusion.fillOutage(now: 115 * second + 800_000_000).map(\.fix.time) == [t0 + 14_000])
        #expect(fusion.lastFixTime == t0 + 14_000)
    }

    @Test func aLateFixIsNotPreemptedAndA2DFixKeepsItsPosition() throws {
        var (fusion, _) = flying()
        _ = fusion.noFix(time: nil, receivedAt: 110 * second + 100_000_000)
        // Fix 10 arrives 1.2 s after its epoch: still before the grace, so it is stored as received.
        #expect(fusion.fillOutage(now: 111 * second).isEmpty)
        let late = try fusion.fuse(reading(10, arrival: 111 * second + 200_000_000, mode: 2, latitude: 47.5)).get()
        #expect(late.count == 1 && late[0].isFromReceiver && !late[0].fix.isValid)
        #expect(late[0].fix.latitude == 47.5)
        #expect(!fusion.isReportingNoFix)
    }

    @Test func withoutABarometerVFixesHaveNoPressureAltitude() throws {
        var (fusion, _) = flying(pressureUntil: 9)
        var made: [FusedFix] = []
        for tick in 40..<100 { made += fusion.fillOutage(now: 100 * second + Int64(tick) * 250_000_000) }
        #expect(!made.isEmpty)
        // Readings end at 109 s: fixes within the 2 s staleness of the last reading keep a value, later ones none.
        #expect(made.filter { $0.fix.time >= t0 + 12_000 }.allSatisfy { $0.fix.pressureAltitudeDm == nil })
    }

    @Test func beforeTheFirstFixThereIsNoRecordingAndNoTime() {
        var fusion = FixFusion()
        #expect(fusion.noFix(time: t0, receivedAt: 100 * second).isEmpty)
        #expect(fusion.fillOutage(now: 200 * second).isEmpty)
        #expect(fusion.lastFixTime == nil)
    }

    @Test func aFixFiftyFiveKilometresOffIsKeptAsV() throws {
        var (fusion, _) = flying()
        let jump = try fusion.fuse(reading(10, arrival: 110 * second + 200_000_000, latitude: 47.39 + 0.5)).get()
        #expect(jump.count == 1 && !jump[0].fix.isValid)
        #expect(abs(jump[0].fix.latitude - 47.89) < 1e-6)  // kept as received, only marked V
        let next = try fusion.fuse(reading(11, arrival: 111 * second + 200_000_000)).get()
        #expect(next.allSatisfy { $0.fix.isValid })
        #expect(fusion.plausibility.glitches == 1)
    }

    @Test func aGNSSAltitudeJumpOver100MetresPerSecondIsV() throws {
        var (fusion, _) = flying()
        let spike = try fusion.fuse(reading(10, arrival: 110 * second + 200_000_000, altitude: 1468 + 150)).get()
        #expect(spike.map(\.fix.isValid) == [false])
        let climb = try fusion.fuse(reading(11, arrival: 111 * second + 200_000_000, altitude: 1468 + 90)).get()
        #expect(climb.map(\.fix.isValid) == [true])  // 90 m in 2 s from the last valid fix: plausible
    }

    @Test func threeConsistentFixesAreANewPosition() {
        var gate = FixPlausibility()
        let base = Fix(time: t0, latitude: 47, longitude: 8, pressureAltitude: nil, gnssAltitude: 500)
        let first = gate.accepts(base)
        #expect(first)
        let moved = (1...4).map { i in
            Fix(
                time: t0 + Int64(i) * 1000, latitude: 48 + Double(i) * 0.0003, longitude: 8, pressureAltitude: nil,
                gnssAltitude: 500)
        }
        var accepted: [Bool] = []
        for fix in moved { accepted.append(gate.accepts(fix)) }
        #expect(accepted == [false, false, true, true])
        #expect(gate.glitches == 2)
        // V fixes pass the gate untouched and do not move the anchor.
        let unknown = Fix(
            time: t0 + 9000, isValid: false, latitude: 0, longitude: 0, pressureAltitude: nil, gnssAltitude: nil)
        let passes = gate.accepts(unknown)
        #expect(passes)
        #expect(gate.anchor?.time == t0 + 4000)
    }

    /// A receiver clock that jumps a week ahead in one second of monotonic time is no outage of a week: at most
    /// the seconds the monotonic clock saw are back-filled (the fuzzer's two-line input queued 604,800 `V` fixes).
    @Test func clockJumpAheadBackFillsOnlyTheElapsedSeconds() throws {
        var (fusion, out) = flying()
        let week: Int64 = 7 * 24 * 3600
        let noFixArrival = 100 * second + 10 * second + 200_000_000
        out += fusion.noFix(time: nil, receivedAt: noFixArrival)
        // The jump is believed once the fixes after it confirm it (FixTimeGate).
        let jumped = (0..<3).map { i in
            GNSSReading(
                time: t0 + (week + 10 + i) * 1000, mode: 3, latitude: 47.392, longitude: 8.53, altitudeHAE: 1468,
                eph: 4,
                satellitesUsed: 9, receivedAtMonotonicNanos: 100 * second + (11 + i) * second + 200_000_000)
        }
        let released = try jumped.flatMap { try fusion.fuse($0).get() } + fusion.release(now: .max)
        let made = released.filter { !$0.isFromReceiver }
        #expect(made.count <= 3, "\(made.count) V fixes back-filled for a clock jump of a week")
        #expect(released.filter(\.isFromReceiver).map(\.fix.time) == jumped.map(\.time))
        #expect(fusion.waitingCount == 0)
    }
}
