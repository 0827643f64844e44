import FlightLogAnalysis
import FlightLogCore

/// The phone page's barogram, laid out for the screen (``ChartLabel``): a legend above, a strip of event labels
/// (take-off, release, landing, recording faults), the plot, altitude labels to its left and local/UTC times below.
/// Pure geometry; ``ChartHTML`` writes it out. Plot coordinates run 0...1000 both ways (the SVG stretches).
package struct BarogramChart: Sendable {
    /// A line or shape position in plot units (0...1000; y down).
    package typealias Point = (x: Double, y: Double)

    /// The plot's sizes on screen: 260 px wide on the narrowest phone to 940 px on a wide page; its height
    /// follows the width between 180 and 300 px (the stylesheet's `clamp`).
    package static let plotCell = ChartCell(widths: 260...940, heights: 180...300)
    /// The plot's widths in a barogram at least ``wideViewport`` CSS px wide (the chart's own width, a CSS container
    /// query: side by side with the map on a desktop it is narrower than the page), where denser time ticks fit.
    package static let widePlotWidths: ClosedRange<Double> = 620...940
    package static let wideViewport = 720
    /// Height of one row of event labels, and the most rows.
    package static let eventRowHeight = ChartText.lineHeight + 3
    package static let maxEventRows = 3
    /// Height of the time axis: local time above, UTC below.
    package static let timeAxisHeight = 2 * ChartText.lineHeight + 4
    /// Most vertices of both curves together.
    package static let maxPoints = 2000

    package struct Curve: Sendable {
        package var name: String
        package var color: String
        package var lines: [[Point]]
    }

    package struct Marker: Sendable {
        package var fx: Double
        package var color: String
    }

    package var curves: [Curve] = []
    /// Shaded recording faults, as plot fractions.
    package var bands: [(x0: Double, x1: Double)] = []
    /// Each thermal's time span (``FlightPhases/thermals``), as plot fractions, shaded under the curves.
    package var thermalBands: [(x0: Double, x1: Double)] = []
    /// Each engine run (``FlightAnalysis/engineRuns``: a self-launch's climb, a sustainer's), as plot fractions.
    package var engineBands: [(x0: Double, x1: Double)] = []
    /// Grid lines: fractions of the plot's width (time ticks) and height (altitude ticks).
    package var gridX: [Double] = []
    package var gridY: [Double] = []
    package var markers: [Marker] = []
    /// Altitude labels in the axis cell left of the plot (``yAxisWidth`` wide, as high as the plot).
    package var yLabels: [ChartLabel] = []
    package var yAxisWidth = 40.0
    /// Time labels in the cell below the plot (as wide as the plot, ``timeAxisHeight`` high).
    package var timeLabels: [ChartLabel] = []
    /// Denser time labels and grid for wide pages (``widePlotWidths``); empty when they would be the same.
    package var wideTimeLabels: [ChartLabel] = []
    package var wideGridX: [Double] = []
    /// Event labels in the strip above the plot (as wide as the plot, ``eventRows`` rows).
    package var events: [ChartLabel] = []
    package var eventRows = 0
    /// Legend entries (colour, words), in the page's flow above the strip.
    package var legend: [(color: String, text: String)] = []
    /// Set when a flight has fixes but no barometer (shown in the legend).
    package var note: String?
    /// The plot's title (for screen readers): the faults, as the PDF report's barogram has it.
    package var title = "Barogram"

    package static let pressureColor = "#1f519e", gnssColor = "#8c8c99", takeoffColor = "#1a9933"
    package static let landingColor = "#cc2626", releaseColor = "#b86a00", faultColor = "#9e5c05"
    package static let thermalColor = "#c4e6cd", engineColor = "#d9cdec"

    /// The barogram of `flight`; `nil` when there is nothing to draw (no fixes, no altitudes, no time span). With
    /// `analysis`, its thermals and engine runs are shaded (``thermalBands``, ``engineBands``).
    package init?(flight: Flight, fixes: [Fix], faults: [RecordingFault], analysis: FlightAnalysis? = nil) {
        guard let first = fixes.first, let last = fixes.last, last.time > first.time else { return nil }
        let pressure = flight.hasBarometer ? fixes.compactMap { f in f.pressureAltitude.map { (f.time, $0) } } : []
        let gnss = fixes.compactMap { f in f.gnssAltitude.map { (f.time, $0) } }
        let all = (pressure + gnss).map(\.1)
        guard let lowest = all.min(), let highest = all.max() else { return nil }
        let t0 = first.time, t1 = last.time
        func fx(_ t: UTCMillis) -> Double { Double(min(max(t, t0), t1) - t0) / Double(t1 - t0) }

        // Altitude axis: round ticks, about one per 36 px of the lowest plot.
        let ticks = Scale.ticks(from: lowest, to: max(highest, lowest + 50), count: 5)
        let y0 = ticks.first!, y1 = ticks.last!
        func fy(_ a: Double) -> Double { 1 - (a - y0) / (y1 - y0) }
        gridY = ticks.map(fy)
        let texts = ticks.map { "\(Int($0.rounded()))" }
        yAxisWidth = (texts.map { ChartText.labelSize($0).width }.max() ?? 30) + 4
        let yCell = ChartCell(widths: yAxisWidth...yAxisWidth, heights: Self.plotCell.heights)
        yLabels = yCell.keepingApart(
            zip(ticks, texts).reversed().map { tick, text in
                let f = fy(tick)
                var label = Self.label(text, fx: 1, fy: f, alignX: .end, style: "tick")
                label.dx = -4
                label.alignY = f <= 0 ? .start : f >= 1 ? .end : .center  // the end ticks stay within the plot
                return label
            })

        (timeLabels, gridX) = Self.timeAxis(flight: flight, t0: t0, t1: t1, widths: Self.plotCell.widths, fx: fx)
        let wide = Self.timeAxis(flight: flight, t0: t0, t1: t1, widths: Self.widePlotWidths, fx: fx)
        if wide.grid.count > gridX.count { (wideTimeLabels, wideGridX) = wide }

        // Curves, broken at faults, simplified in a plot of the phone's proportions.
        let sources: [(String, String, [(UTCMillis, Double)], [RecordingFault])] = [
            ("GNSS altitude (WGS84 ellipsoid)", Self.gnssColor, gnss, faults.filter { $0.kind != .baro }),
            ("Pressure altitude, m (ISA 1013.25 hPa)", Self.pressureColor, pressure, faults.filter { $0.kind != .gps }),
        ]
        let lines = sources.map {
            RecordingFaults.split($0.2, at: $0.3).map { $0.map { (fx($0.0) * 1000, fy($0.1) * 1000) } }
        }
        let flat = lines.flatMap { $0 }.map { $0.map { TrackSimplification.Point(x: $0.0, y: $0.1 / 4) } }
        var kept = TrackSimplification.lines(flat, maxPoints: Self.maxPoints, tolerance: 0.25).makeIterator()
        for (source, sourceLines) in zip(sources, lines) where !sourceLines.isEmpty {
            let simplified = sourceLines.map { line in (kept.next() ?? []).map { line[$0] } }
            curves.append(Curve(name: source.0, color: source.1, lines: simplified))
        }
        legend = curves.reversed().map { ($0.color, $0.name) }
        thermalBands = (analysis?.phases.thermals ?? []).compactMap { th in
            guard th.end >= t0, th.start <= t1 else { return nil }
            return (fx(th.start), max(fx(th.end), fx(th.start) + 0.002))
        }
        if !thermalBands.isEmpty { legend.append((Self.thermalColor, "Thermals")) }
        engineBands = (analysis?.engineRuns ?? []).compactMap { run in
            guard run.end >= t0, run.start <= t1 else { return nil }
            return (fx(run.start), max(fx(run.end), fx(run.start) + 0.002))
        }
        if !engineBands.isEmpty { legend.append((Self.engineColor, "Engine running")) }
        if pressure.isEmpty {
            note = flight.hasBarometer ? "no pressure altitude recorded" : "no barometer: GNSS altitude only"
        }

        if !faults.isEmpty { title = "Barogram. Recording faults: " + faults.map(\.text).joined(separator: "; ") }
        bands = faults.compactMap { f in
            guard f.to >= t0, f.from <= t1 else { return nil }
            let a = fx(f.from), b = fx(f.to)
            return b - a < 0.004 ? (max(0, (a + b) / 2 - 0.002), min(1, (a + b) / 2 + 0.002)) : (a, b)
        }
        eventStrip(flight: flight, faults: faults, fx: fx, inRange: { $0 >= t0 && $0 <= t1 })
    }

    /// A label of the usual size for `text`.
    static func label(
        _ text: String, fx: Double, fy: Double, alignX: LabelAlign = .start, style: String = "", bold: Bool = false
    ) -> ChartLabel {
        let size = ChartText.labelSize(text, bold: bold)
        return ChartLabel(
            text: text, fx: fx, fy: fy, alignX: alignX, width: size.width, height: size.height, style: style)
    }

    /// Local times on the first row, UTC on the second, at round local minutes; as many as fit the narrowest
    /// plot, a tick dropped rather than two labels touching.
    private static func timeAxis(
        flight: Flight, t0: UTCMillis, t1: UTCMillis, widths: ClosedRange<Double>, fx: (UTCMillis) -> Double
    ) -> (labels: [ChartLabel], grid: [Double]) {
        let cell = ChartCell(widths: widths, heights: Self.timeAxisHeight...Self.timeAxisHeight)
        let room = ChartText.labelSize("00:00").width + 14
        let fewest = max(2, Int(widths.lowerBound / room))
        // The round step that fits the most ticks, from about one per label's room up to twice as many (a short
        // flight's first tick may sit too near the edge to be labelled).
        var best: (labels: [ChartLabel], grid: [Double]) = ([], [])
        var tried: Set<Int> = []
        for count in fewest...(2 * fewest) {
            let minutes = Scale.timeStepMinutes(span: t1 - t0, count: count)
            guard tried.insert(minutes).inserted else { continue }
            let ticks = Self.timeTicks(
                flight: flight, t0: t0, t1: t1, step: Int64(minutes) * 60_000, cell: cell, fx: fx)
            if ticks.grid.count > best.grid.count { best = ticks }
        }
        return best
    }

    /// Labels (local above UTC) at every round `step` of local time, each tick kept only when both fit. A tick
    /// near an end of the plot, whose centred times would stick out, has them start (or end) at its line instead:
    /// dropping it left a 5-hour flight on the narrowest phone with two times.
    private static func timeTicks(
        flight: Flight, t0: UTCMillis, t1: UTCMillis, step: Int64, cell: ChartCell, fx: (UTCMillis) -> Double
    ) -> (labels: [ChartLabel], grid: [Double]) {
        var labels: [ChartLabel] = [], grid: [Double] = []
        let offset = Int64(flight.utcOffsetSeconds) * 1000
        var t = ((t0 + offset) / step + 1) * step - offset
        while t < t1 {
            let x = fx(t)
            for alignX in [LabelAlign.center, x < 0.5 ? .start : .end] {
                let local = label(
                    CivilDateTime(utc: t, offsetSeconds: flight.utcOffsetSeconds).hourMinute, fx: x, fy: 0,
                    alignX: alignX, style: "tick strong", bold: true)
                var utc = label(CivilDateTime(utc: t).hourMinute, fx: x, fy: 0, alignX: alignX, style: "tick")
                utc.dy = ChartText.lineHeight + 2
                guard cell.contains(local), cell.contains(utc) else { continue }
                if labels.allSatisfy({ cell.apart($0, local, gap: 12) && cell.apart($0, utc, gap: 12) }) {
                    labels += [local, utc]
                    grid.append(x)
                }
                break
            }
            t += step
        }
        return (labels, grid)
    }

    /// Take-off, release, landing and each fault in rows above the plot: each label in the first row where it
    /// fits (next to its line, or ending at it near the right edge); one that fits no row is left out.
    private mutating func eventStrip(
        flight: Flight, faults: [RecordingFault], fx: (UTCMillis) -> Double, inRange: (UTCMillis) -> Bool
    ) {
        var wanted: [(String, Double, String, LabelAlign)] = []
        for (text, time, color, align) in [
            ("Take-off", flight.takeoffTime, Self.takeoffColor, LabelAlign.start),
            (AnalysisWords.launchEnd(flight.details.launchMethod), flight.releaseTime, Self.releaseColor, .start),
            ("Landing", flight.landingTime, Self.landingColor, .end),
        ] {
            guard let time, inRange(time) else { continue }
            wanted.append((text, fx(time), color, align))
            markers.append(Marker(fx: fx(time), color: color))
        }
        for fault in faults where inRange(fault.from) || inRange(fault.to) {
            wanted.append((fault.kind.label, fx(fault.from), Self.faultColor, .start))
        }
        let height = Double(Self.maxEventRows) * Self.eventRowHeight
        let cell = ChartCell(widths: Self.plotCell.widths, heights: height...height)
        for (text, x, color, align) in wanted {
            placing: for row in 0..<Self.maxEventRows {
                for alignX in align == .start ? [LabelAlign.start, .end] : [.end, .start] {
                    var label = Self.label(text, fx: x, fy: 0, alignX: alignX, style: "event", bold: true)
                    label.dy = Double(row) * Self.eventRowHeight
                    label.color = color
                    if cell.contains(label), events.allSatisfy({ cell.apart($0, label) }) {
                        events.append(label)
                        eventRows = max(eventRows, row + 1)
                        break placing
                    }
                }
            }
        }
    }
}
