import FlightLogAnalysis
import FlightLogCore

/// The flight page's analysis (``FlightAnalysis``), made to read at 390 px: the ``AnalysisSummary`` rows as a
/// list of facts, then one line per thermal (time, gain, climb, direction) that wraps rather than scrolls
/// sideways. Times are local at the takeoff place, as the page's.
struct AnalysisBlock {
    var analysis: FlightAnalysis
    var flight: Flight

    private func local(_ t: UTCMillis) -> String {
        CivilDateTime(utc: t, offsetSeconds: flight.utcOffsetSeconds).hourMinute
    }

    /// Label and value of each fact, in reading order: ``AnalysisSummary``'s contest and flying rows.
    var facts: [(String, String)] {
        let summary = AnalysisSummary(analysis, flight: flight, times: .hourMinute)
        return (summary.contest + summary.flying).map { ($0.label, $0.value) }
    }

    /// One line per thermal: local start time, minutes, gain, average climb, direction.
    var thermalLines: [String] {
        analysis.phases.thermals.map { th in
            let minutes = Int((th.seconds / 60).rounded())
            return "<li><b>\(local(th.start))</b><span>\(minutes) min</span><span>\(signed(th.gain, 0)) m</span>"
                + "<span>\(signed(th.climbRate, 1)) m/s</span><span>\(AnalysisWords.direction(th))</span></li>"
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

private func signed(_ value: Double, _ decimals: Int) -> String { AnalysisSummary.signed(value, decimals) }
