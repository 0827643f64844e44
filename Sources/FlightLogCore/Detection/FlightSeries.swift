/// The usable fixes of one flight as parallel arrays: valid (`A`), strictly increasing in time, without
/// single-fix jumps, with one altitude source for the whole flight (pressure altitude when the track has a
/// barometer, else GNSS altitude).
struct FlightSeries: Sendable {
    var indices: [Int] = []
    var times: [UTCMillis] = []
    var coordinates: [Coordinate] = []
    /// Metres from the chosen source; `nil` where that source has no value.
    var altitudes: [Meters?] = []
    var usesPressure: Bool

    var count: Int { indices.count }

    /// Fixes `range` of `fixes`. `maximumSpeed` (m/s) rejects jumps; three consistent rejected fixes in a row
    /// are accepted as the new position.
    /// `gnss`: GNSS altitude even where the fixes have pressure altitude.
    init(_ fixes: [Fix], range: ClosedRange<Int>, maximumSpeed: Double = 200, gnss: Bool = false) {
        let range = range.clamped(to: 0...max(0, fixes.count - 1))
        usesPressure = !gnss && !fixes.isEmpty && fixes[range].contains { ($0.pressureAltitudeDm ?? 0) != 0 }
        guard !fixes.isEmpty else { return }
        var pending: [Int] = []
        for i in range {
            let fix = fixes[i]
            guard fix.isValid else { continue }
            if let lastTime = times.last, fix.time <= lastTime { continue }
            if let last = coordinates.last, let lastTime = times.last {
                let limit = maximumSpeed * Double(fix.time - lastTime) / 1000
                if Geodesy.distance(last, fix.coordinate) > limit {
                    pending.append(i)
                    guard pending.count >= 3 else { continue }
                    pending.removeAll()
                }
            }
            pending.removeAll()
            indices.append(i)
            times.append(fix.time)
            coordinates.append(fix.coordinate)
            altitudes.append(usesPressure ? fix.pressureAltitude : fix.gnssAltitude)
        }
    }

    /// First position whose time is at or after `time` (binary search), `count` if none.
    func position(atOrAfter time: UTCMillis) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] < time { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Seconds between positions `a` and `b`.
    func seconds(_ a: Int, _ b: Int) -> Double { Double(times[b] - times[a]) / 1000 }
}
