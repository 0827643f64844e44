import FlightLogAnalysis
import FlightLogCore

/// Engine runs on the report's barogram: each run (``FlightAnalysis/engineRuns``, a self-launch's climb or a
/// sustainer's) as a band over its time span with a solid tick along the bottom of the plot, as on the phone.
extension Color {
    static let engine = Color(r: 0.45, g: 0.3, b: 0.68)
    static let engineBand = Color(r: 0.85, g: 0.8, b: 0.93)
}

extension Charts {
    /// The runs within `t0...t1`.
    func engineRuns(t0: UTCMillis, t1: UTCMillis) -> [EngineRun] {
        (analysis?.engineRuns ?? []).filter { $0.end >= t0 && $0.start <= t1 }
    }

    /// A band over each engine run (under the grid and the lines); `px` maps a time to the plot.
    func engineBands(top: Double, bottom: Double, t0: UTCMillis, t1: UTCMillis, px: (UTCMillis) -> Double) {
        for run in engineRuns(t0: t0, t1: t1) {
            let x0 = px(max(run.start, t0)), x1 = max(px(min(run.end, t1)), x0 + Self.minimumThermalBand)
            canvas.fillRect(x0, top, x1 - x0, bottom - top, .engineBand)
            canvas.fillRect(x0, bottom - 3, x1 - x0, 3, .engine)
        }
    }

    /// The key's entry for the bands at `x` (its text's baseline row at `y`), when there are any; the width used.
    func engineKey(x: Double, y: Double) -> Double {
        guard !engineRuns(t0: .min, t1: .max).isEmpty else { return 0 }
        canvas.fillRect(x, y + 2, 14, 6, .engineBand)
        canvas.fillRect(x, y + 6, 14, 2, .engine)
        let text = "engine running"
        canvas.text(text, x: x + 18, y: y, TextStyle(size: 7))
        return canvas.measure(text, TextStyle(size: 7)).width + 34
    }
}
