/// How the track turns during a tow, for the aerotow release rule (docs/DETECTION.md, rule L).
///
/// Headings are taken between positions at least 10 m apart, so that 10 Hz noise does not look like turning.
/// A tug may circle with its glider in a thermal; it flies a wide circle (at 100 km/h and 30° of bank the radius is
/// about 136 m, and tows are flown faster). A glider that has let go and circles in a thermal flies a tight one
/// (at 90 km/h and 35–45° of bank, 65–100 m). The radius tells the two apart where the turning alone cannot.
struct TowTurns {
    /// A circle of a smaller radius than this (metres) is a glider's, not a tug's.
    static let tightRadius: Double = 125
    /// A step turning at least this fast (°/s) counts for the radius: straight flight before or after the
    /// turn must not widen it.
    static let turningRate: Double = 4

    /// Signed heading change (degrees, positive = right) accumulated up to each position.
    private var headingSum: [Double]
    /// Path length (metres) and absolute heading change (degrees) of the turning steps up to each position.
    private var turningPath: [Double], turningAngle: [Double]
    private let series: FlightSeries

    init(_ series: FlightSeries, limit: Int) {
        self.series = series
        headingSum = [Double](repeating: 0, count: max(1, limit))
        turningPath = headingSum
        turningAngle = headingSum
        var heading: Degrees?
        var anchor = 0
        for i in 1..<max(1, limit) {
            headingSum[i] = headingSum[i - 1]
            (turningPath[i], turningAngle[i]) = (turningPath[i - 1], turningAngle[i - 1])
            let step = Geodesy.distance(series.coordinates[anchor], series.coordinates[i])
            guard step >= 10 else { continue }
            let h = Geodesy.bearing(series.coordinates[anchor], series.coordinates[i])
            if let previous = heading {
                let change = Geodesy.headingChange(from: previous, to: h)
                headingSum[i] += change
                if abs(change) >= Self.turningRate * series.seconds(anchor, i) {
                    turningPath[i] += step
                    turningAngle[i] += abs(change)
                }
            }
            heading = h
            anchor = i
        }
    }

    /// Degrees turned (either way, net) from position `a` to `b`.
    func turned(from a: Int, to b: Int) -> Double { abs(headingSum[b] - headingSum[a]) }

    /// Radius (metres) of the turning between positions `a` and `b`: the turning steps' path over their angle.
    func radius(from a: Int, to b: Int) -> Double {
        let angle = turningAngle[b] - turningAngle[a]
        return angle > 0 ? (turningPath[b] - turningPath[a]) / (angle * .pi / 180) : .infinity
    }

    /// Where the last whole circle (360° net) up to `i` began, looking back at most a minute; the position a minute
    /// back when the track has not turned a whole circle yet.
    func circleStart(before i: Int) -> Int {
        var j = i
        while j > 0, series.seconds(j - 1, i) <= 60 {
            j -= 1
            if turned(from: j, to: i) >= 360 { break }
        }
        return j
    }
}
