import FlightLogAnalysis
import FlightLogCore
import FlightLogLogbook
import Testing

/// The club logbook's analyses kept in memory (``AnalysisCache``): computed once per flight while current, at most
/// `capacity` flights, the least recently viewed dropped first. No server needed.
@Suite struct AnalysisCacheTests {
    /// A small analysed glide: `minutes` long, so that each key's analysis differs.
    static func analysis(minutes: Int) -> FlightAnalysis {
        let fixes = (0...(minutes * 60)).map { s in
            Fix(
                time: 1_750_000_000_000 + UTCMillis(s) * 1000, latitude: 51, longitude: 7 + Double(s) * 0.0003,
                pressureAltitude: 2000 - Double(s), gnssAltitude: 2050 - Double(s))
        }
        let inputs = FlightAnalysis.Inputs(
            takeoff: fixes[0].time, landing: fixes[fixes.count - 1].time, release: nil, fixCount: fixes.count,
            index: nil)
        return FlightAnalysis.compute(fixes: fixes, inputs: inputs)
    }

    @Test func keptWhileCurrentAndBoundedLeastRecentlyViewedFirst() async {
        let cache = AnalysisCache(capacity: 2)
        let a = Self.analysis(minutes: 3), b = Self.analysis(minutes: 4), c = Self.analysis(minutes: 5)
        #expect(await cache.analysis(key: 1, inputs: a.inputs) { a } == a)
        #expect(
            await cache.analysis(key: 1, inputs: a.inputs) {
                Issue.record("computed again"); return a
            } == a)
        #expect(await cache.analysis(key: 2, inputs: b.inputs) { b } == b)
        _ = await cache.analysis(key: 1, inputs: a.inputs) { a }  // 1 viewed last: 2 goes first
        #expect(await cache.analysis(key: 3, inputs: c.inputs) { c } == c)
        #expect(await cache.count == 2)
        #expect(await cache.computed == 3)
        _ = await cache.analysis(key: 1, inputs: a.inputs) { a }
        #expect(await cache.computed == 3, "flight 1 stayed")
        _ = await cache.analysis(key: 2, inputs: b.inputs) { b }
        #expect(await cache.computed == 4, "flight 2 was dropped")
        // Other inputs (an edit): computed again.
        var other = a.inputs
        other.index = 110
        _ = await cache.analysis(key: 1, inputs: other) { Self.analysis(minutes: 3) }
        #expect(await cache.computed == 5)
        #expect(await cache.count == 2)
    }

    @Test func viewsAtTheSameTimeWaitForOneComputation() async {
        let cache = AnalysisCache()
        let a = Self.analysis(minutes: 10)
        async let first = cache.analysis(key: 7, inputs: a.inputs) { Self.analysis(minutes: 10) }
        async let second = cache.analysis(key: 7, inputs: a.inputs) { Self.analysis(minutes: 10) }
        let both = await [first, second]
        #expect(both == [a, a])
        #expect(await cache.computed == 1)
    }
}
