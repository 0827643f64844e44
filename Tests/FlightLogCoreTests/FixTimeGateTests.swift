import Testing

@testable import FlightLogCore

private let second: Int64 = 1_000_000_000
/// 2025-06-15T09:30:00Z.
private let t0: UTCMillis = 1_749_979_800_000
private let hour: Int64 = 3_600_000, day: Int64 = 86_400_000, year: Int64 = 365 * 86_400_000

/// A 3D reading at GNSS time `time`, arriving at monotonic second `arrival` (+ 200 ms).
private func reading(_ time: UTCMillis, arrival: Double) -> GNSSReading {
    GNSSReading(
        time: time, mode: 3, latitude: 47.39, longitude: 8.53, altitudeHAE: 468, eph: 4, satellitesUsed: 9,
        receivedAtMonotonicNanos: 1000 * second + Int64(arrival * 1e9) + 200_000_000)
}

/// The times of the receiver's fixes a fusion released from `readings` (then everything still waiting); the
/// barograph's own `V` fixes for a jump's seconds are left out.
private func fusedTimes(_ readings: [GNSSReading]) -> [UTCMillis] {
    var fusion = FixFusion()
    var times: [UTCMillis] = []
    for r in readings { times += ((try? fusion.fuse(r).get()) ?? []).filter(\.isFromReceiver).map(\.fix.time) }
    fusion.releaseHeldReadings(now: .max)  // the end of the stream
    return times + fusion.release(now: .max).filter(\.isFromReceiver).map(\.fix.time)
}

@Suite struct FixTimeGateTests {
    /// One fix an hour, a day or 20 years ahead (or an hour behind) mid-stream: dropped, every other fix kept,
    /// none of them late (the fusion releases each with its own reading).
    @Test(arguments: [hour, day, 20 * year, -hour, 30_000])
    func oneWrongTimeIsDroppedAndNothingElse(offset: Int64) throws {
        var readings = (0..<20).map { reading(t0 + Int64($0) * 1000, arrival: Double($0)) }
        readings[10].time += offset
        var fusion = FixFusion()
        var released: [UTCMillis] = []
        for (i, r) in readings.enumerated() {
            let times = try fusion.fuse(r).get().map(\.fix.time)
            released += times
            if i != 10 { #expect(times == [r.time], "fix \(i) not released with its reading") }
        }
        #expect(released == readings.enumerated().filter { $0.offset != 10 }.map(\.element.time))
        #expect(fusion.timeGate.glitches == 1)
    }

    /// A real jump (a receiver that fixes its week rollover: 1024 weeks forward) is confirmed by the next fixes:
    /// all of them released, in order, none lost.
    @Test func aConfirmedForwardJumpLosesNothing() {
        let rollover: Int64 = 1024 * 7 * day
        let readings =
            (0..<10).map { reading(t0 - rollover + Int64($0) * 1000, arrival: Double($0)) }
            + (10..<20).map { reading(t0 + Int64($0) * 1000, arrival: Double($0)) }
        #expect(fusedTimes(readings) == readings.map(\.time))
    }

    /// The very first fix a day ahead (a bogus chip time at a cold start): the fixes after it confirm a jump
    /// back; all of them come out, after the glitch, so the recorder starts a new recording and keeps them.
    @Test(arguments: [day, -day, 3 * year])
    func aGlitchAsTheFirstFixLocksNothingOut(offset: Int64) {
        var readings = (0..<20).map { reading(t0 + Int64($0) * 1000, arrival: Double($0)) }
        readings[0].time += offset
        let times = fusedTimes(readings)
        #expect(Array(times.suffix(19)) == readings.dropFirst().map(\.time))
    }

    /// A jump back confirmed by later fixes restarts the timeline: the new fixes come out (before it the
    /// fusion dropped every one of them as "backward").
    @Test func aConfirmedJumpBackIsAccepted() {
        let readings =
            (0..<10).map { reading(t0 + hour + Int64($0) * 1000, arrival: Double($0)) }
            + (10..<20).map { reading(t0 + Int64($0) * 1000, arrival: Double($0)) }
        #expect(fusedTimes(readings) == readings.map(\.time))
    }

    /// Wrong times in a row that do not agree with each other never confirm a jump.
    @Test func randomGlitchesInARowDoNotConfirmEachOther() {
        var readings = (0..<20).map { reading(t0 + Int64($0) * 1000, arrival: Double($0)) }
        for (i, offset) in [(8, hour), (9, day), (10, year), (11, -hour)] { readings[i].time += offset }
        #expect(
            fusedTimes(readings) == readings.enumerated().filter { !(8...11).contains($0.offset) }.map(\.element.time))
    }

    /// Time-compressed replays (GNSS time 50× the monotonic clock, 1 s, 4 s and 10 s intervals, an 8 s hole) and a
    /// stalled gpsd delivering a backlog at once: every fix comes out.
    @Test(arguments: [1000, 4000, 10_000] as [Int64])
    func fastReplaysAndBacklogsLoseNothing(interval: Int64) {
        var fast = (0..<40).map { reading(t0 + Int64($0) * interval, arrival: Double($0) * Double(interval) / 50_000) }
        for i in 20..<40 { fast[i].time += 8000 }  // a hole of 8 s more
        #expect(fusedTimes(fast) == fast.map(\.time))
        let backlog =
            (0..<10).map { reading(t0 + Int64($0) * 1000, arrival: Double($0)) }
            + (10..<20).map { reading(t0 + Int64($0) * 1000, arrival: 30) }
        #expect(fusedTimes(backlog) == backlog.map(\.time))
    }

    /// The stream ends (or the receiver falls silent) right after one or two fixes that ran ahead: nothing comes
    /// after them to confirm or refute them. In a compressed replay (50× here) a short hole (an 8 s or 45 s
    /// interval of the file) is kept, after the silence or at the end; a jump of an hour or more is dropped. At real
    /// time a receiver's time never runs ahead of the clock: fixes ahead before a silence are glitches, dropped.
    @Test(
        arguments: [
            (8_000, 50, true), (45_000, 50, true), (hour, 50, false), (year, 50, false), (8_000, 1, false),
            (45_000, 1, false),
        ] as [(Int64, Double, Bool)])
    func suspectsAtTheEndAreDecidedByTheSizeOfTheJump(jump: Int64, speed: Double, kept: Bool) throws {
        let steady = (0..<10).map { reading(t0 + Int64($0) * 1000, arrival: Double($0) / speed) }
        let end = 9 / speed
        let last = [reading(t0 + 9000 + jump, arrival: end + 0.02), reading(t0 + 9000 + 2 * jump, arrival: end + 0.04)]
        let expected = steady.map(\.time) + (kept ? last.map(\.time) : [])
        #expect(fusedTimes(steady + last) == expected)

        // Driven by the recorder's tick instead of the end: held through 4 s of silence, decided after 5 s.
        var fusion = FixFusion()
        var times: [UTCMillis] = []
        for r in steady + last { times += try fusion.fuse(r).get().filter(\.isFromReceiver).map(\.fix.time) }
        let heard = last[1].receivedAtMonotonicNanos
        times += fusion.fillOutage(now: heard + 4 * second).filter(\.isFromReceiver).map(\.fix.time)
        // An hour apart, the two do not chain either.
        #expect(fusion.timeGate.heldCount == (jump < hour ? 2 : 1))
        times += fusion.fillOutage(now: heard + 5 * second).filter(\.isFromReceiver).map(\.fix.time)
        times += fusion.release(now: .max).filter(\.isFromReceiver).map(\.fix.time)
        #expect(fusion.timeGate.heldCount == 0)
        #expect(times == expected)
        #expect(fusion.timeGate.glitches == (kept ? 0 : 2))
    }
}
