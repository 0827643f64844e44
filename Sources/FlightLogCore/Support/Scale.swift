#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Round numbers for axes and scale bars.
package enum Scale {
    /// The largest 1, 2 or 5 × 10ⁿ not above `value`.
    package static func niceBelow(_ value: Double) -> Double {
        let exponent = floor(log10(max(value, 1e-9)))
        let base = pow(10, exponent)
        for m in [5.0, 2.0, 1.0] where m * base <= value { return m * base }
        return base
    }

    /// About `count` evenly spaced round ticks covering `from...to`.
    package static func ticks(from: Double, to: Double, count: Int) -> [Double] {
        let raw = (to - from) / Double(count)
        let candidates = [1.0, 2.0, 2.5, 5.0, 10.0].map { $0 * pow(10, floor(log10(raw))) }
        let step = candidates.first { $0 >= raw } ?? raw
        let start = floor(from / step) * step
        let end = ceil(to / step) * step
        return Swift.stride(from: start, through: end + step / 2, by: step).map { $0 }
    }

    /// A round time step in minutes giving about `count` ticks over `span` milliseconds. 90 min sits between the
    /// hour and two: a 5-hour barogram on the narrowest phone has room for neither every hour nor only two ticks.
    /// Beyond 4 h a step is whole 6 h, then whole days, so a track of any length gets about `count` ticks.
    package static func timeStepMinutes(span: Int64, count: Int) -> Int {
        let raw = Double(span) / 60_000 / Double(max(1, count))
        if let step = [1, 2, 5, 10, 15, 20, 30, 60, 90, 120, 180, 240, 360].first(where: { Double($0) >= raw }) {
            return step
        }
        let days = (raw / 1440).rounded(.up)
        return Int(min(days.isFinite ? days : 1e11, 1e11)) * 1440  // 1e11 days in ms still fits an Int64
    }
}
