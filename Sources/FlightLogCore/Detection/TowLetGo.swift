/// A glider that lets go of the tug straight into a thermal (docs/DETECTION.md, rule L, "Released into a
/// thermal"): it circles at once, on a circle as wide as a tug's, and still climbs, so neither the tight-turn nor
/// the sink test of the tow's end sees the release. What does see it is what the combination cannot do: a tug
/// and its glider circling in lift keep the tow speed and climb faster than they did straight, while a glider
/// that let go slows from the tow speed to its thermalling speed and climbs slower than the tug pulled it.
struct TowLetGo {
    /// The speed over the 30 s after the release is at most this share of the speed over the 30 s before.
    static let slowdown = 0.85
    /// An engine-sensor reading at least this high (0…999) for a few seconds of a tow is the hook's click.
    static let hookClick: Double = 100

    let series: FlightSeries
    let altitude: (Int) -> Meters
    /// Engine-sensor reading (0…999) at a series position, nil without a sensor.
    let sensor: (Int) -> Double?
    /// Path length (metres) flown up to each position.
    private let path: [Double]

    init(_ series: FlightSeries, altitude: @escaping (Int) -> Meters, sensor: @escaping (Int) -> Double?) {
        self.series = series
        self.altitude = altitude
        self.sensor = sensor
        var path = [Double](repeating: 0, count: series.count)
        for i in series.coordinates.indices.dropFirst() {
            path[i] = path[i - 1] + Geodesy.distance(series.coordinates[i - 1], series.coordinates[i])
        }
        self.path = path
    }

    /// The release of a glider that let go into a thermal between positions `start` and `end` (exclusive), if
    /// any. Looked for at the first position after which the glider slows by 15 % or more over 30 s and begins
    /// circling within a minute (`turns`: ≥ 200° in 30 s, on any radius); the release is where the speed first
    /// falls below 90 % of the tow's (or the hook's click on the engine sensor near there), confirmed by the
    /// glider climbing slower than the tow did over the minute before, by the click, or by a zoom.
    func release(from start: Int, before end: Int, turns: TowTurns, turnsLimit: Int) -> Int? {
        guard start < min(end, series.count) else { return nil }
        let circlingFrom = circlingStarts(turns: turns, limit: min(turnsLimit, series.count))
        for i in start..<min(end, series.count) {
            let t = series.times[i]
            let before = position(t - 30_000), after = position(t + 30_000)
            guard after < series.count, before < i, i < after else { continue }
            let towSpeed = speed(before, i)
            guard speed(i, after) <= Self.slowdown * towSpeed else { continue }
            guard let circles = circlingFrom[i], series.times[circles] <= t + 60_000 else { continue }
            let onset = (i..<after).first { speed($0, position(series.times[$0] + 5_000)) < 0.9 * towSpeed } ?? i
            let towRate = climb(position(series.times[onset] - 60_000), onset)
            let rateAfter = climb(
                position(series.times[onset] + 10_000), position(series.times[onset] + 70_000))
            let click = hookClick(near: onset)
            guard rateAfter < towRate || click != nil || zooms(after: onset, towRate: towRate) else { continue }
            return click ?? onset
        }
        return nil
    }

    /// Position of a short engine-sensor spike within 30 s before and 10 s after `i`: the highest reading there when
    /// it reaches ``hookClick`` and four times the median reading there (the tug's noise).
    func hookClick(near i: Int) -> Int? {
        let range = position(series.times[i] - 30_000)..<min(series.count, position(series.times[i] + 10_001))
        let readings = range.compactMap { p in sensor(p).map { (p, $0) } }
        guard let loudest = readings.max(by: { $0.1 < $1.1 }) else { return nil }
        let median = readings.map(\.1).sorted()[readings.count / 2]
        return loudest.1 >= max(Self.hookClick, 4 * median) ? loudest.0 : nil
    }

    /// Whether the glider zooms within 15 s after `i`: 5 s climbing at least twice the tow's rate and 3 m/s (a glider
    /// that let go pulls up, trading speed for height).
    func zooms(after i: Int, towRate: Double) -> Bool {
        let range = i..<min(series.count, position(series.times[i] + 15_001))
        return range.contains { p in
            let q = position(series.times[p] + 5_000)
            return q > p && climb(p, q) >= max(3, 2 * towRate)
        }
    }

    /// For each position, the first position at or after it that ends a turn of ≥ 200° within 30 s.
    private func circlingStarts(turns: TowTurns, limit: Int) -> [Int?] {
        var next = [Int?](repeating: nil, count: series.count + 1)
        var circling = [Bool](repeating: false, count: series.count)
        var from = 0
        for i in 0..<limit {
            while series.seconds(from, i) > 30 { from += 1 }
            circling[i] = turns.turned(from: from, to: i) >= 200
        }
        for i in stride(from: series.count - 1, through: 0, by: -1) { next[i] = circling[i] ? i : next[i + 1] }
        return next
    }

    private func position(_ time: UTCMillis) -> Int { min(series.count - 1, series.position(atOrAfter: time)) }
    private func speed(_ a: Int, _ b: Int) -> Double { (path[b] - path[a]) / max(1, series.seconds(a, b)) }
    private func climb(_ a: Int, _ b: Int) -> Double { (altitude(b) - altitude(a)) / max(1, series.seconds(a, b)) }
}
