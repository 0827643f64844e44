import FlightLogAnalysis
import FlightLogCore

/// The flight page's analysis (``FlightAnalysis``), made to read at 390 px: a few lines of facts (contest distance
/// and points, the scoring window, engine, thermals, glides), then one line per thermal (time, gain, climb,
/// direction) that wraps rather than scrolls sideways. Times are local at the takeoff place, as the page's.
struct AnalysisBlock {
    var analysis: FlightAnalysis
    var flight: Flight

    private func local(_ t: UTCMillis) -> String {
        CivilDateTime(utc: t, offsetSeconds: flight.utcOffsetSeconds).hourMinute
    }

    /// Label and value of each fact, in reading order.
    var facts: [(String, String)] {
        let a = analysis
        var rows: [(String, String)] = []
        if let six = a.freeSix {
            var contest = "\(km(six.meters))\(AnalysisWords.searchStopped(a.freeSixUpperBound)) free (6 legs)"
            if let four = a.freeFour {
                contest += " · \(km(four.meters))\(AnalysisWords.searchStopped(a.freeFourUpperBound)) (4 legs)"
            }
            rows.append(("Contest", contest))
            var closed: [String] = []
            if let fai = a.faiTriangle {
                closed.append(
                    "FAI triangle \(km(fai.meters))" + (a.faiTriangleProven ? "" : AnalysisWords.triangleNotProven))
            }
            if let out = a.outAndReturn { closed.append("out-and-return \(km(out.meters))") }
            if !closed.isEmpty { rows.append(("Closed", closed.joined(separator: " · "))) }
            rows.append(("Points", AnalysisWords.points(a)))
        }
        if let w = a.scoringWindow {
            let to = AnalysisWords.scoredTo(w, endedInFlight: flight.endedInFlight).lowercased()
            rows.append(("Scored", "\(AnalysisWords.scoredFrom(w)) \(local(w.start)) → \(to) \(local(w.end))"))
            if let note = AnalysisWords.launchAltitude(w) { rows.append(("", note)) }
        } else {
            rows.append(("Scored", AnalysisWords.nothingScored(a)))
        }
        if let sensor = a.engineSensor {
            let runs = a.engineRuns
            let minutes = runs.reduce(0) { $0 + $1.seconds } / 60
            rows.append(
                (
                    "Engine",
                    runs.isEmpty
                        ? "no run (\(sensor))"
                        : "\(AnalysisWords.runs(runs.count)), \(decimal(minutes, 0)) min: "
                            + runs.map { run in
                                "\(local(run.start))–\(local(run.end))"
                                    + (run.heightGain.map { " \(signed($0, 0)) m" } ?? "")
                            }.joined(separator: ", ")
                ))
        }
        guard a.scoringWindow != nil else { return rows }
        let p = a.phases, t = p.totals
        var thermals = "\(p.thermals.count)"
        if let climb = t.averageClimb, !p.thermals.isEmpty {
            thermals += ", average \(signed(climb, 1)) m/s, \(decimal(t.totalClimb, 0)) m"
        }
        rows.append(("Thermals", thermals))
        if let circling = t.circlingPercent {
            var text = "\(decimal(circling, 0)) % of the time"
            if let left = t.leftPercent { text += " (\(decimal(left, 0)) % left)" }
            rows.append(("Circling", text))
        }
        var glides = "\(p.glides.count)"
        if !p.glides.isEmpty {
            glides += ", \(km(t.cruiseDistance))"
            if let speed = t.cruiseSpeedKmh { glides += " at \(decimal(speed, 0)) km/h" }
            if let ratio = t.cruiseGlideRatio { glides += ", L/D \(decimal(ratio, 0))" }
        }
        rows.append(("Glides", glides))
        if let longest = p.glides.max(by: { $0.distance < $1.distance }), p.glides.count > 1 {
            var text = "\(km(longest.distance)) from \(local(longest.start))"
            if let speed = longest.speedKmh { text += " at \(decimal(speed, 0)) km/h" }
            if let ratio = longest.glideRatio { text += ", L/D \(decimal(ratio, 0))" }
            rows.append(("Longest", text))
        }
        return rows
    }

    /// One line per thermal: local start time, minutes, gain, average climb, direction.
    var thermalLines: [String] {
        analysis.phases.thermals.map { th in
            let minutes = Int((th.seconds / 60).rounded())
            return "<li><b>\(local(th.start))</b><span>\(minutes) min</span><span>\(signed(th.gain, 0)) m</span>"
                + "<span>\(signed(th.climbRate, 1)) m/s</span><span>\(th.direction.rawValue)</span></li>"
        }
    }

    /// `text` with no-break spaces between a number and its unit (`110 km/h`, `L/D 34`), so a line never breaks
    /// between them.
    static func keepingUnits(_ text: String) -> String {
        text.replacing(/(\d) (km\/h|km|m\/s|m|min|%)(?=[\s,;)·]|$)/) { "\($0.output.1)\u{a0}\($0.output.2)" }
            .replacing("L/D ", with: "L/D\u{a0}")
    }

    /// The facts, for the top of the page.
    func summary() -> String {
        var html = "<section class=\"analysis\" id=\"analysis\"><dl class=\"facts\">"
        html += facts.map { "<dt>\(esc($0.0))</dt><dd>\(esc(Self.keepingUnits($0.1)))</dd>" }.joined() + "</dl>"
        if analysis.freeSix == nil, analysis.scoringWindow != nil {
            html += "<p class=\"muted\">No contest route: too few valid fixes in the scoring window.</p>"
        }
        html += "<p class=\"muted\">Great circles (R = 6371 km) between fixes; thermals and glides while scored.</p>"
        return html + "</section>"
    }

    /// The thermal list (nil without thermals), for below the charts.
    func thermalList() -> String? {
        let lines = thermalLines
        guard !lines.isEmpty else { return nil }
        return "<ol class=\"thermals\" id=\"thermals\">" + lines.joined() + "</ol>"
    }

    /// The block's part of the stylesheet: thermal lines wrap their cells, never the page.
    static let stylesheet = """
                .analysis dl.facts{grid-template-columns:minmax(5.3rem,auto) 1fr}
        ol.thermals{list-style:none;margin:0;padding:0;font-variant-numeric:tabular-nums}
        ol.thermals li{display:flex;flex-wrap:wrap;gap:.1rem .6rem;padding:.3rem 0;border-bottom:1px solid var(--line)}
        ol.thermals li>*{min-width:3rem}
        ol.thermals li>span:nth-child(3){min-width:4.3rem;text-align:right}
        ol.thermals li>span:nth-child(4){min-width:4.6rem;text-align:right}
        """
}

/// `12.3 km` with one decimal.
private func km(_ meters: Double) -> String { "\(decimal(meters / 1000, 1)) km" }

/// `+1.8`, `−40`: a sign always.
private func signed(_ value: Double, _ decimals: Int) -> String {
    let text = decimal(abs(value), decimals)
    return (value < 0 && text.contains(where: { $0 != "0" && $0 != "." }) ? "−" : "+") + text
}
