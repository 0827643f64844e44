import Testing

@testable import FlightLogCore

private let second: Int64 = 1_000_000_000
private let t0: UTCMillis = 1_749_979_800_000

private func reading(_ time: UTCMillis, arrival: Double) -> GNSSReading {
    GNSSReading(
        time: time, mode: 3, latitude: 47.39, longitude: 8.53, altitudeHAE: 468, eph: 4, satellitesUsed: 9,
        receivedAtMonotonicNanos: 1000 * second + Int64(arrival * 1e9) + 200_000_000)
}

@Suite struct TimeGlitchSilenceTests {
    /// One fix 40 s ahead, then 6 s without readings (the antenna shadowed), then the normal fixes: the glitch is
    /// dropped at the silence (at real time no fix runs ahead of the clock), and the time only goes forward: one
    /// timeline, no recording split in the middle of the flight.
    @Test
    func aGlitchBeforeAShortSilenceKeepsTimeGoingForward() {
        var fusion = FixFusion()
        var times: [UTCMillis] = []
        let readings =
            (0..<10).map { reading(t0 + Int64($0) * 1000, arrival: Double($0)) } + [reading(t0 + 50_000, arrival: 10)]
        for r in readings { times += ((try? fusion.fuse(r).get()) ?? []).filter(\.isFromReceiver).map(\.fix.time) }
        times += fusion.fillOutage(now: readings.last!.receivedAtMonotonicNanos + 6 * second).filter(\.isFromReceiver)
            .map(\.fix.time)
        for s in 16..<40 {
            times += ((try? fusion.fuse(reading(t0 + Int64(s) * 1000, arrival: Double(s))).get()) ?? [])
                .filter(\.isFromReceiver).map(\.fix.time)
        }
        times += fusion.release(now: .max).filter(\.isFromReceiver).map(\.fix.time)
        #expect(times == times.sorted(), "the time goes back \(times.map { ($0 - t0) / 1000 })")
        #expect(times.count >= 34)
    }
}
