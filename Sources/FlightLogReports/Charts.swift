import CPangoCairo
import FlightLogAnalysis
import FlightLogCore
import Foundation

/// The barogram and the track map, drawn into a rectangle of a canvas (shared by PDF pages and SVG images).
struct Charts {
    let canvas: Canvas
    let flight: Flight
    /// Every stored fix: the barogram draws pressure altitude through V fixes too.
    let fixes: [Fix]
    let options: FlightReportOptions
    /// GPS, barometer and power losses of a recorded flight: bands on the barogram, breaks in lines and map.
    let faults: [RecordingFault]
    /// The flight's analysis: the scored route and thermals on the map, thermal bands on the barogram.
    let analysis: FlightAnalysis?

    init(canvas: Canvas, flight: Flight, fixes: [Fix], options: FlightReportOptions, analysis: FlightAnalysis? = nil) {
        self.canvas = canvas
        self.flight = flight
        self.fixes = fixes
        self.options = options
        self.faults = RecordingFaults.of(flight, fixes: fixes)
        self.analysis = analysis
    }

    /// Where a chart put things on the page: its plot rectangle and how a time (barogram) or a position (map) maps
    /// into it. The report's tests look for the marks there.
    struct Frame {
        var x, y, width, height: Double
        var time: ((UTCMillis) -> Double)? = nil
        var place: ((Coordinate) -> (x: Double, y: Double))? = nil
        /// The map's airfield names written, and where its release mark is.
        var airfieldNames: [String] = []
        var release: (x: Double, y: Double)? = nil
        /// The map's background tiles drawn, and what went wrong with them, in words (for a warning).
        var tiles = 0
        var notes: [String] = []
    }

    /// Most track vertices drawn in a map, and in a barogram (both lines together): a 10-hour flight at 1 Hz
    /// has 36,000 fixes, far more than a phone or a page can show, and the page must stay small.
    static let maxMapPoints = 2000
    static let maxBarogramPoints = 2000
    /// Vertices closer than this (in points, 1/72 in) to the kept line are invisible and dropped.
    static let tolerance = 0.1

    /// The polyline through `points` (display coordinates) simplified to at most `limit` vertices.
    static func simplified(_ points: [(x: Double, y: Double)], limit: Int) -> [Int] {
        TrackSimplification.indices(
            of: points.map { TrackSimplification.Point(x: $0.x, y: $0.y) }, maxPoints: limit, tolerance: tolerance)
    }

    /// The barogram's primary altitude in metres: ISA pressure altitude, or the altitude above QNH derived
    /// from it when a QNH is given; `nil` without a barometer.
    func primaryAltitude(_ fix: Fix) -> Double? {
        guard let p = fix.pressureAltitude, flight.hasBarometer else { return nil }
        if let qnh = options.qnhPascals { return ISA.altitudeAboveQNH(pressureAltitude: p, qnh: qnh) }
        return p
    }

    /// The flight's own maximum on the map's altitude scale (above QNH when the report is in QNH); the
    /// GNSS maximum of a flight without a barometer is already on the map's scale.
    var keyMaximum: Double? {
        guard let max = flight.maxAltitude else { return nil }
        guard flight.hasBarometer, let qnh = options.qnhPascals else { return max }
        return ISA.altitudeAboveQNH(pressureAltitude: max, qnh: qnh)
    }

    var primaryLabel: String {
        if let qnh = options.qnhPascals {
            return "Altitude above QNH \(ReportText.fixed(qnh / 100, 1)) hPa (from pressure altitude)"
        }
        return "Pressure altitude (ISA, 1013.25 hPa)"
    }

    func noTrack(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ what: String) {
        canvas.fillRect(x, y, w, h, .band)
        canvas.strokeRect(x, y, w, h, .rule)
        canvas.text(
            "No track recorded for this flight (details only) – no \(what).", x: x + 10, y: y + h / 2 - 6,
            width: w - 20, TextStyle(size: 9, color: .grey, align: .center))
    }

    // MARK: Barogram

    @discardableResult
    func barogram(x: Double, y: Double, width: Double, height: Double) -> Frame? {
        guard let first = fixes.first, let last = fixes.last, last.time > first.time else {
            noTrack(x, y, width, height, "barogram")
            return nil
        }
        let left = x + 44, right = x + width - 8, top = y + 20, bottom = y + height - 30
        let primary = fixes.compactMap { f in primaryAltitude(f).map { (f.time, $0) } }
        let gnss = fixes.compactMap { f in f.gnssAltitude.map { (f.time, $0) } }
        var lowest = Double.infinity, highest = -Double.infinity
        for (_, a) in primary + gnss {
            lowest = min(lowest, a)
            highest = max(highest, a)
        }
        guard lowest <= highest else {
            noTrack(x, y, width, height, "altitude data")
            return nil
        }
        let yTicks = Scale.ticks(from: lowest, to: max(highest, lowest + 50), count: 6)
        let y0 = yTicks.first!, y1 = yTicks.last!
        let t0 = first.time, t1 = last.time
        func px(_ t: UTCMillis) -> Double { left + Double(t - t0) / Double(t1 - t0) * (right - left) }
        func py(_ a: Double) -> Double { bottom - (a - y0) / (y1 - y0) * (bottom - top) }

        canvas.fillRect(left, top, right - left, bottom - top, Color(r: 0.985, g: 0.988, b: 0.995))
        thermalBands(top: top, bottom: bottom, t0: t0, t1: t1, px: px)
        engineBands(top: top, bottom: bottom, t0: t0, t1: t1, px: px)
        faultBands(left: left, right: right, top: top, bottom: bottom, t0: t0, t1: t1)
        let small = TextStyle(size: 6.5, color: .grey, align: .right)
        for tick in yTicks {
            canvas.line(left, py(tick), right, py(tick), .rule, width: 0.25)
            canvas.text("\(Int(tick))", x: x, y: py(tick) - 4, width: 40, small)
        }
        canvas.text("m", x: x, y: top - 12, width: 40, small)
        // Time axis: local on the first row, UTC below.
        let stepMinutes = Scale.timeStepMinutes(span: t1 - t0, count: 8)
        let stepMs = Int64(stepMinutes) * 60_000
        let offsetMs = Int64(flight.utcOffsetSeconds) * 1000
        var t = ((t0 + offsetMs) / stepMs + 1) * stepMs - offsetMs
        var center = TextStyle(size: 6.5, align: .center)
        while t < t1 {
            canvas.line(px(t), top, px(t), bottom + 3, .rule, width: 0.25)
            center.color = .black
            canvas.text(ReportText.localTime(t, flight), x: px(t) - 20, y: bottom + 4, width: 40, center)
            center.color = .grey
            canvas.text(ReportText.utcTime(t) + "Z", x: px(t) - 20, y: bottom + 14, width: 40, center)
            t += stepMs
        }
        canvas.text("local", x: x, y: bottom + 4, width: 40, TextStyle(size: 6.5, align: .right))
        canvas.text("UTC", x: x, y: bottom + 14, width: 40, small)

        canvas.save()
        canvas.clip(left, top, right - left, bottom - top)
        // Each line is broken where its source was lost (a fault), never drawn across the gap.
        let gnssLines = RecordingFaults.split(gnss, at: faults.filter { $0.kind != .baro })
        let primaryLines = RecordingFaults.split(primary, at: faults.filter { $0.kind != .gps })
        let lines = Charts.barogramLines((gnssLines + primaryLines).map { $0.map { (px($0.0), py($0.1)) } })
        for (i, line) in lines.enumerated() {
            if i < gnssLines.count {
                canvas.polyline(line, .gnss, width: 0.7)
            } else {
                canvas.polyline(line, .accent, width: 1.1)
            }
        }
        canvas.restore()
        faultLabels(left: left, right: right, bottom: bottom, t0: t0, t1: t1)
        canvas.strokeRect(left, top, right - left, bottom - top, .grey, width: 0.5)

        var marks: [(String, UTCMillis?, Color)] = [
            ("Take-off", flight.takeoffTime, .takeoff),
            (AnalysisWords.launchEnd(flight.details.launchMethod), flight.releaseTime, .release),
            ("Landing", flight.landingTime, .landing),
        ]
        // A self-launcher's scoring starts when the engine stops: that, not a release, is marked.
        if let window = analysis?.scoringWindow {
            if window.startsAt == .engineOff { marks[1] = ("Engine off", window.start, .release) }
            if window.endsAt == .engineStart { marks.append(("Engine on", window.end, .release)) }
        }
        for (row, (label, time, color)) in marks.enumerated() {
            guard let time, time >= t0, time <= t1 else { continue }
            canvas.line(px(time), top, px(time), bottom, color, width: 0.8, dash: 2)
            let alignRight = label == "Landing"
            canvas.text(  // one label row per mark so that take-off and release never overlap
                label, x: alignRight ? px(time) - 62 : px(time) + 2, y: top + 2 + Double(row) * 9, width: 60,
                TextStyle(size: 6.5, bold: true, color: color, align: alignRight ? .right : .left))
        }
        // Legend above the plot.
        var lx = left
        for (label, color, present) in [
            (primaryLabel, Color.accent, !primary.isEmpty),
            ("GNSS altitude (WGS84 ellipsoid)", Color.gnss, !gnss.isEmpty),
        ] where present {
            canvas.line(lx, top - 7, lx + 14, top - 7, color, width: 1.5)
            let w = canvas.measure(label, TextStyle(size: 7)).width
            canvas.text(label, x: lx + 18, y: top - 12, TextStyle(size: 7))
            lx += w + 34
        }
        if primary.isEmpty {
            canvas.text(
                "no barometer: pressure altitude not recorded", x: lx, y: top - 12, TextStyle(size: 7, color: .grey))
            lx += canvas.measure("no barometer: pressure altitude not recorded", TextStyle(size: 7)).width + 20
        }
        if !markedThermals.isEmpty {
            canvas.fillRect(lx, top - 10, 14, 6, .thermalBand)
            canvas.fillRect(lx, top - 10, 14, 2, .thermal)
            canvas.text("thermals", x: lx + 18, y: top - 12, TextStyle(size: 7))
            lx += canvas.measure("thermals", TextStyle(size: 7)).width + 34
        }
        lx += engineKey(x: lx, y: top - 12)
        return Frame(x: left, y: top, width: right - left, height: bottom - top, time: px)
    }

    /// The barogram's lines (display coordinates), simplified to share ``maxBarogramPoints`` by their lengths.
    static func barogramLines(_ lines: [[(x: Double, y: Double)]]) -> [[(x: Double, y: Double)]] {
        let points = lines.map { $0.map { TrackSimplification.Point(x: $0.x, y: $0.y) } }
        return zip(lines, TrackSimplification.lines(points, maxPoints: maxBarogramPoints, tolerance: tolerance))
            .map { line, kept in kept.map { line[$0] } }
    }

    // MARK: Map

    @discardableResult
    func map(x: Double, y: Double, width: Double, height: Double) -> Frame? {
        // Only known positions, one line per stretch: never a line through V fixes or a power cut.
        let runs = RecordingFaults.positionedRuns(fixes, faults: faults)
        let points = runs.flatMap { fixes[$0] }
        guard !points.isEmpty else {
            noTrack(x, y, width, height, "map")
            return nil
        }
        canvas.fillRect(x, y, width, height, Color(r: 0.97, g: 0.975, b: 0.97))
        let projection = LocalProjection(around: points.map(\.coordinate))
        // Under map tiles (which stop at ±85°) the map is drawn in their Web Mercator, as on the phone.
        let tiles = points.allSatisfy { abs($0.coordinate.latitude) < 85 } ? options.mapTiles : nil
        // Projected metres per true metre: 1 for the local projection, 1 / cos φ for Web Mercator.
        let stretch = tiles == nil ? 1 : WebMercator.stretch(atLatitude: projection.latitude0)
        let project = { (c: Coordinate) in
            tiles == nil ? projection.project(c) : WebMercator.project(projection.unwrapped(c))
        }
        let projected = points.map { project($0.coordinate) }
        let marks = flight.mapEnds(points.map(\.coordinate))
        let ends = [project(marks.takeoff), project(marks.landing)] + taskCoordinates.map(project)
        let es = projected.map(\.e) + ends.map(\.e)
        let ns = projected.map(\.n) + ends.map(\.n)
        let minE = es.min()!, maxE = es.max()!, minN = ns.min()!, maxN = ns.max()!
        let inset = 22.0
        let spanE = max(maxE - minE, 500 * stretch), spanN = max(maxN - minN, 500 * stretch)
        let scale = min((width - 2 * inset) / spanE, (height - 2 * inset) / spanN)  // points per metre
        let cx = x + width / 2, cy = y + height / 2
        let midE = (minE + maxE) / 2, midN = (minN + maxN) / 2
        func px(_ p: (e: Double, n: Double)) -> (x: Double, y: Double) {
            (cx + (p.e - midE) * scale, cy - (p.n - midN) * scale)
        }

        // Colour by altitude or vario (from every positioned fix), in bins; consecutive segments of one bin
        // form one path. Each stretch is simplified on its own, sharing maxMapPoints by length.
        let allValues =
            options.colorBy == .vario
            ? Charts.vario(points) : points.map { primaryAltitude($0) ?? $0.gnssAltitude ?? 0 }
        let screen = projected.map(px)
        var stretches: [[Int]] = []
        var offset = 0
        for run in runs {
            let part = Array(screen[offset..<(offset + run.count)])
            let limit = max(2, Charts.maxMapPoints * run.count / points.count)
            stretches.append(Charts.simplified(part, limit: limit).map { $0 + offset })
            offset += run.count
        }
        let altitudes = ChartRamp.altitudeRange(allValues, maximum: keyMaximum)
        let (lo, hi) = options.colorBy == .vario ? (-5.0, 5.0) : (altitudes.lo, altitudes.hi)
        let bins = 24
        canvas.save()
        canvas.clip(x, y, width, height)
        let background = tiles.map {
            tileLayer($0, x: x, y: y, width: width, height: height, centre: (midE, midN), scale: scale)
        }
        let airspaceLabels = airspaceLayer(x: x, y: y, width: width, height: height) { px(project($0)) }
        let task = taskLayer { px(project($0)) }
        if let background, background.drawn > 0 {  // a white edge keeps the track apart from the tiles
            for kept in stretches { canvas.polyline(kept.map { screen[$0] }, .white, width: 3) }
        }
        for kept in stretches {
            for path in ChartRamp.binnedPaths(kept: kept, values: allValues, lo: lo, hi: hi, bins: bins) {
                let color = Charts.ramp((Double(path.bin) + 0.5) / Double(bins), vario: options.colorBy == .vario)
                canvas.polyline(path.indices.map { screen[$0] }, color, width: 1.2)
            }
        }
        canvas.restore()

        let takeoff = px(project(marks.takeoff)), landing = px(project(marks.landing))
        // The airfields and the release under the take-off and landing marks; names clear of the map's furniture.
        canvas.save()
        canvas.clip(x, y, width, height)
        let furniture = [
            (takeoff.x - 40, takeoff.y - 18, takeoff.x, takeoff.y - 6),
            (landing.x, landing.y, landing.x + 40, landing.y + 13),
            (x, y + height - 30, x + width / 3 + 8, y + height),
            (x + width - 172, y + height - 30, x + width, y + height),
            (x + width - 32, y, x + width, y + 32),
        ]
        let airfields = mapAirfields(
            x: x, y: y, width: width, height: height, place: { px(project($0)) }, taken: furniture)
        canvas.restore()
        canvas.circle(takeoff.x, takeoff.y, radius: 4, fill: .takeoff)
        canvas.polygon(
            [
                (landing.x - 3.5, landing.y - 3.5), (landing.x + 3.5, landing.y - 3.5),
                (landing.x + 3.5, landing.y + 3.5),
                (landing.x - 3.5, landing.y + 3.5),
            ], .landing, outline: .black)
        // The route's start and finish are often at the take-off and landing: drawn over their marks.
        canvas.save()
        canvas.clip(x, y, width, height)
        let route = mapMarks { px(project($0)) }
        let release = releaseMark { px(project($0)) }
        let reached = taskReached { px(project($0)) }
        canvas.restore()
        let takeoffText = airfields.takeoff.map { "Take-off \($0)" } ?? "Take-off"
        let landingText = airfields.landing.map { "Landing \($0)" } ?? "Landing"
        let labelled = mapLabels(
            ends: [(takeoffText, takeoff, .takeoff), (landingText, landing, .landing)], route: route,
            task: (task, reached), release: release, frame: (x, y, x + width, y + height),
            taken: Array(furniture[2...]))
        // The airspace names last, where they cover no label, mark or airfield (else left out).
        canvas.save()
        canvas.clip(x, y, width, height)
        airspaceNames(airspaceLabels, taken: labelled + airfields.drawn)
        canvas.restore()

        scaleBar(x: x + 12, y: y + height - 14, maxWidth: width / 3, pointsPerMetre: scale * stretch)
        northArrow(x: x + width - 20, y: y + 10)
        legend(x: x + width - 168, y: y + height - 26, lo: lo, hi: hi)
        mapKey(right: x + width, y: y - 12)
        canvas.strokeRect(x, y, width, height, .grey)
        if let tiles, let background, background.drawn > 0 {
            tileAttribution(tiles.attribution, x: x, y: y + height, width: width)
        }
        return Frame(
            x: x, y: y, width: width, height: height, place: { px(project($0)) }, airfieldNames: airfields.names,
            release: release, tiles: background?.drawn ?? 0, notes: background?.notes ?? [])
    }

    /// A map label on a translucent white box so that it stays readable over the track.
    func label(_ text: String, x: Double, y: Double, rightAligned: Bool, _ color: Color, size: Double = 7) {
        let style = TextStyle(size: size, bold: true, color: color)
        let size = canvas.measure(text, style)
        let left = rightAligned ? x - size.width : x
        canvas.set(.white, alpha: 0.8)
        cairo_rectangle(canvas.cr, left - 2, y - 1, size.width + 4, size.height + 2)
        cairo_fill(canvas.cr)
        canvas.text(text, x: left, y: y, style)
    }

    func scaleBar(x: Double, y: Double, maxWidth: Double, pointsPerMetre: Double) {
        let metres = Scale.niceBelow(maxWidth / pointsPerMetre)
        let w = metres * pointsPerMetre
        canvas.fillRect(x - 4, y - 14, w + 8, 20, Color(r: 1, g: 1, b: 1))
        canvas.fillRect(x, y, w / 2, 3, .black)
        canvas.fillRect(x + w / 2, y, w / 2, 3, .white)
        canvas.strokeRect(x, y, w, 3, .black, width: 0.5)
        let label =
            metres >= 1000
            ? "\(ReportText.fixed(metres / 1000, metres < 2000 && metres != 1000 ? 1 : 0)) km" : "\(Int(metres)) m"
        canvas.text(label, x: x, y: y - 11, width: w, TextStyle(size: 7, align: .center))
    }

    func northArrow(x: Double, y: Double) {
        canvas.polygon([(x, y), (x + 5, y + 16), (x, y + 12), (x - 5, y + 16)], .black)
        canvas.text("N", x: x - 10, y: y + 17, width: 20, TextStyle(size: 8, bold: true, align: .center))
    }

    func legend(x: Double, y: Double, lo: Double, hi: Double) {
        let w = 156.0
        canvas.fillRect(x - 4, y - 4, w + 8, 24, Color(r: 1, g: 1, b: 1))
        let vario = options.colorBy == .vario
        let steps = 40
        for s in 0..<steps {
            canvas.fillRect(
                x + Double(s) * w / Double(steps), y, w / Double(steps) + 0.3, 5,
                Charts.ramp((Double(s) + 0.5) / Double(steps), vario: vario))
        }
        let style = TextStyle(size: 6.5)
        let unit = vario ? " m/s" : " m"
        canvas.text(vario ? "−5" + unit : "\(Int(lo.rounded()))" + unit, x: x, y: y + 7, width: 50, style)
        canvas.text(
            vario ? "vario" : "altitude", x: x + 50, y: y + 7, width: w - 100,
            TextStyle(size: 6.5, color: .grey, align: .center))
        canvas.text(
            vario ? "+5" + unit : "\(Int(hi.rounded()))" + unit, x: x + w - 50, y: y + 7, width: 50,
            TextStyle(size: 6.5, align: .right))
    }

    /// Climb rate in m/s at each fix, centred over about ±5 s (pressure altitude, else GNSS).
    static func vario(_ fixes: [Fix]) -> [Double] {
        let altitude = fixes.map { $0.pressureAltitude ?? $0.gnssAltitude ?? 0 }
        return fixes.indices.map { i in
            var a = i, b = i
            while a > 0, fixes[i].time - fixes[a].time < 5000 { a -= 1 }
            while b < fixes.count - 1, fixes[b].time - fixes[i].time < 5000 { b += 1 }
            let dt = Double(fixes[b].time - fixes[a].time) / 1000
            return dt > 0 ? (altitude[b] - altitude[a]) / dt : 0
        }
    }

    /// The shared colour ramp (``ChartRamp``) as a cairo colour.
    static func ramp(_ t: Double, vario: Bool) -> Color {
        let c = ChartRamp.color(t, vario: vario)
        return Color(r: c.r, g: c.g, b: c.b)
    }
}
