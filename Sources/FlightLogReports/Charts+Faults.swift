import CPangoCairo
import FlightLogCore

/// Recording faults on the barogram: a shaded band over the time of each, labelled at the foot of the plot.
extension Charts {
    /// Narrowest band drawn (points), so that a 10-second loss in a 10-hour flight still shows.
    static let minimumBandWidth = 2.0

    /// The band of a fault in plot coordinates, clamped to the plot; `nil` when it lies outside.
    private func band(_ fault: RecordingFault, left: Double, right: Double, t0: UTCMillis, t1: UTCMillis)
        -> (x0: Double, x1: Double)?
    {
        guard fault.to >= t0, fault.from <= t1, t1 > t0 else { return nil }
        func px(_ t: UTCMillis) -> Double { left + Double(min(max(t, t0), t1) - t0) / Double(t1 - t0) * (right - left) }
        var x0 = px(fault.from), x1 = px(fault.to)
        if x1 - x0 < Self.minimumBandWidth {
            let middle = (x0 + x1) / 2
            x0 = max(left, middle - Self.minimumBandWidth / 2)
            x1 = min(right, x0 + Self.minimumBandWidth)
        }
        return (x0, x1)
    }

    /// The shaded bands, drawn under the grid and the lines.
    func faultBands(left: Double, right: Double, top: Double, bottom: Double, t0: UTCMillis, t1: UTCMillis) {
        for fault in faults {
            guard let b = band(fault, left: left, right: right, t0: t0, t1: t1) else { continue }
            canvas.fillRect(b.x0, top, b.x1 - b.x0, bottom - top, .faultBand)
        }
    }

    /// One label per band (`GPS lost`, `Barometer lost`, `Power lost`), in three staggered rows above the time
    /// axis so that neighbouring faults stay readable.
    func faultLabels(left: Double, right: Double, bottom: Double, t0: UTCMillis, t1: UTCMillis) {
        let style = TextStyle(size: 6, bold: true, color: .fault)
        for (i, fault) in faults.enumerated() {
            guard let b = band(fault, left: left, right: right, t0: t0, t1: t1) else { continue }
            let text = fault.kind.label
            let width = canvas.measure(text, style).width
            let x = min(max(left + 1, b.x0 + 1), right - width - 1)
            let y = bottom - 9 - Double(i % 3) * 8
            canvas.set(.white, alpha: 0.75)
            cairo_rectangle(canvas.cr, x - 1, y, width + 2, 7.5)
            cairo_fill(canvas.cr)
            canvas.text(text, x: x, y: y, style)
        }
    }
}
