#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The colour ramp of the track maps (PDF report and phone page), as RGB in 0...1.
package enum ChartRamp {
    /// Colour for `t` in 0...1: altitude runs blue → green → yellow → red; vario runs blue (sink) → grey (zero) →
    /// red (climb).
    package static func color(_ t: Double, vario: Bool) -> (r: Double, g: Double, b: Double) {
        let t = min(1, max(0, t.isFinite ? t : 0))
        let stops: [(r: Double, g: Double, b: Double)] =
            vario
            ? [(0.1, 0.3, 0.85), (0.62, 0.64, 0.68), (0.85, 0.12, 0.1)]
            : [(0.15, 0.3, 0.85), (0.1, 0.65, 0.45), (0.9, 0.75, 0.1), (0.85, 0.15, 0.1)]
        let scaled = t * Double(stops.count - 1)
        let i = min(stops.count - 2, Int(scaled))
        let f = scaled - Double(i)
        let a = stops[i], b = stops[i + 1]
        return (a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f)
    }

    /// `#rrggbb` for CSS and SVG.
    package static func hex(_ t: Double, vario: Bool = false) -> String {
        let c = color(t, vario: vario)
        let digits = Array("0123456789abcdef")
        return "#"
            + [c.r, c.g, c.b].map { v -> String in
                let byte = Int((min(1, max(0, v)) * 255).rounded())
                return String([digits[byte >> 4], digits[byte & 15]])
            }.joined()
    }
}

extension ChartRamp {
    /// A track coloured in `bins` bins of `values` over `lo...hi`: the kept vertices (`kept`, ascending indices
    /// into `values`) grouped into paths whose segments share a bin, each path starting at its segment's first
    /// vertex. Each path is drawn in the colour of the bin's middle.
    package static func binnedPaths(kept: [Int], values: [Double], lo: Double, hi: Double, bins: Int)
        -> [(bin: Int, indices: [Int])]
    {
        func bin(_ v: Double) -> Int {
            min(bins - 1, max(0, Int(((v - lo) / (hi - lo) * Double(bins)).rounded(.down))))
        }
        var paths: [(bin: Int, indices: [Int])] = []
        var i = 1
        while i < kept.count {
            let b = bin(values[kept[i]])
            var path = [kept[i - 1], kept[i]]
            var j = i + 1
            while j < kept.count, bin(values[kept[j]]) == b {
                path.append(kept[j])
                j += 1
            }
            paths.append((b, path))
            i = j
        }
        return paths
    }
}

extension ChartRamp {
    /// The altitude key's ends (and the colour bins' range) for a track of `values`: the lowest value and the
    /// flight's own maximum (`maximum`, ``Flight/maxAltitude``, the figure the flight's details print), so that the
    /// key never says less than the flight reached; without it the highest of all values, never only the drawn
    /// (simplified) ones, which miss the peak.
    package static func altitudeRange(_ values: [Double], maximum: Double?) -> (lo: Double, hi: Double) {
        let lo = values.min() ?? 0
        let hi = maximum ?? values.max() ?? lo
        return (lo, max(hi, lo + 1))
    }
}
