import FlightLogCore

/// A flight's analysis in labelled rows, in words a pilot reads: the one owner of every label, figure and wording
/// of the analysis summary. `flightlog show`, the phone's flight page and the PDF report only lay the rows out
/// (as ``StatusSummary`` is for the recorder's status); `show --json` is not prose and keeps its own keys.
///
/// Three sections: ``contest`` (scored time, engine, contest distances and points), ``flying`` (thermals,
/// circling, glides, climbs without circling) and ``legs`` (the free distance leg by leg, for a view without a
/// route table). Times are local at the take-off place, in the view's ``TimeStyle``.
package struct AnalysisSummary: Sendable, Hashable {
    package struct Row: Sendable, Hashable {
        /// Empty when the row continues the one above.
        package var label: String
        package var value: String

        package init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    /// How a view writes an instant: the phone `12:04`, the terminal `12:04:30`, the report local and UTC.
    package enum TimeStyle: Sendable, Hashable {
        case hourMinute
        case hourMinuteSecond
        case localAndUTC
    }

    package var contest: [Row]
    package var flying: [Row]
    package var legs: [Row]

    /// Every row: contest, flying, legs.
    package var rows: [Row] { contest + flying + legs }

    package init(_ analysis: FlightAnalysis, flight: Flight, times: TimeStyle) {
        let words = Words(analysis: analysis, flight: flight, times: times)
        contest = words.scoredRows + words.engineRows + words.contestRows
        flying = words.flyingRows
        legs = words.legRows
    }
}

extension AnalysisSummary {
    /// `+1.8`, `−40`: a sign always (a true minus), no sign on a value that rounds to 0.
    package static func signed(_ value: Double, _ decimals: Int = 0) -> String {
        let text = decimal(abs(value), decimals)
        return (value < 0 && text.contains(where: { $0 != "0" && $0 != "." }) ? "−" : "+") + text
    }

    /// `12.3 km` with one decimal.
    package static func km(_ meters: Meters) -> String { "\(decimal(meters / 1000, 1)) km" }
}

/// The wordings, one per figure; `AnalysisSummary.init` puts them in sections.
private struct Words {
    let analysis: FlightAnalysis
    let flight: Flight
    let times: AnalysisSummary.TimeStyle

    typealias Row = AnalysisSummary.Row

    private func signed(_ value: Double, _ decimals: Int = 0) -> String { AnalysisSummary.signed(value, decimals) }
    private func km(_ meters: Meters) -> String { AnalysisSummary.km(meters) }

    private func clock(_ t: UTCMillis, offset: Int) -> String {
        let time = CivilDateTime(utc: t, offsetSeconds: offset)
        return times == .hourMinute ? time.hourMinute : time.hourMinuteSecond
    }

    /// An instant as the view writes it.
    func time(_ t: UTCMillis) -> String {
        let local = clock(t, offset: flight.utcOffsetSeconds)
        return times == .localAndUTC ? "\(local) local · \(clock(t, offset: 0)) UTC" : local
    }

    /// From `start` to `end` as the view writes it.
    func span(_ start: UTCMillis, _ end: UTCMillis) -> String {
        let local = "\(clock(start, offset: flight.utcOffsetSeconds))–\(clock(end, offset: flight.utcOffsetSeconds))"
        return times == .localAndUTC
            ? "\(local) local (\(clock(start, offset: 0))–\(clock(end, offset: 0)) UTC)" : local
    }

    var scoredRows: [Row] {
        guard let w = analysis.scoringWindow else { return [Row("Scored", AnalysisWords.nothingScored(analysis))] }
        var rows = [Row("Scored from", "\(AnalysisWords.scoredFrom(w)) \(time(w.start))")]
        if let note = AnalysisWords.launchAltitude(w) { rows.append(Row("", note)) }
        let to = AnalysisWords.scoredTo(w, endedInFlight: flight.endedInFlight)
        rows.append(Row("Scored to", "\(to) \(time(w.end))"))
        return rows
    }

    var engineRows: [Row] {
        guard let sensor = analysis.engineSensor else { return [] }
        let runs = analysis.engineRuns
        guard !runs.isEmpty else { return [Row("Engine", "no run (\(sensor) sensor)")] }
        let minutes = runs.reduce(0) { $0 + $1.seconds } / 60
        var rows = [Row("Engine", "\(AnalysisWords.runs(runs.count)), \(decimal(minutes, 0)) min (\(sensor) sensor)")]
        for run in runs {
            rows.append(Row("", span(run.start, run.end) + (run.heightGain.map { ", \(signed($0)) m" } ?? "")))
        }
        return rows
    }

    var contestRows: [Row] {
        let a = analysis
        guard let six = a.freeSix else { return a.scoringWindow == nil ? [] : [Row("Contest", AnalysisWords.noRoute)] }
        let sixText = "\(km(six.meters))\(AnalysisWords.notProvenYet(a.freeSixUpperBound))"
        var rows = [Row("Free distance", "\(sixText) (\(AnalysisWords.freeSixContests))")]
        if let four = a.freeFour {
            let fourText = "\(km(four.meters))\(AnalysisWords.notProvenYet(a.freeFourUpperBound))"
            rows.append(Row("", "\(fourText) (\(AnalysisWords.freeFourContests))"))
        }
        var closed: [String] = []
        if let fai = a.faiTriangle {
            closed.append(
                "FAI triangle \(km(fai.meters))" + (a.faiTriangleProven ? "" : AnalysisWords.triangleNotProven))
        }
        if let out = a.outAndReturn { closed.append("out-and-return \(km(out.meters))") }
        if !closed.isEmpty { rows.append(Row("Closed", closed.joined(separator: " · "))) }
        rows.append(Row("Points", AnalysisWords.points(a)))
        return rows
    }

    var flyingRows: [Row] {
        guard analysis.scoringWindow != nil else { return [] }
        let p = analysis.phases, t = p.totals
        var thermals = p.thermals.isEmpty ? "none" : "\(p.thermals.count)"
        if let climb = t.averageClimb, !p.thermals.isEmpty {
            thermals += ", average \(signed(climb, 1)) m/s, \(decimal(t.totalClimb, 0)) m climbed"
        }
        var rows = [Row("Thermals", thermals)]
        if let circling = t.circlingPercent {
            var text = "\(decimal(circling, 0)) % of the scored time"
            if let left = t.leftPercent { text += " (\(decimal(left, 0)) % left, \(decimal(100 - left, 0)) % right)" }
            rows.append(Row("Circling", text))
        }
        rows.append(Row("Glides", glidesText))
        if !p.straightClimbs.isEmpty, let rate = t.straightClimbRate {
            let count = p.straightClimbs.count
            rows.append(
                Row(
                    "Straight climbs",
                    "\(count), average \(signed(rate, 1)) m/s, \(decimal(t.straightClimbGain, 0)) m climbed "
                        + "without circling (wave or ridge)"))
        }
        if let longest = p.glides.max(by: { $0.distance < $1.distance }), p.glides.count > 1 {
            var text = "\(km(longest.distance)) from \(time(longest.start))"
            if let speed = longest.speedKmh { text += " at \(decimal(speed, 0)) km/h" }
            if let ratio = longest.glideRatio { text += ", L/D \(decimal(ratio, 0))" }
            rows.append(Row("Longest glide", text))
        }
        return rows
    }

    private var glidesText: String {
        let p = analysis.phases, t = p.totals
        guard !p.glides.isEmpty else { return "none" }
        var text = "\(p.glides.count), \(km(t.cruiseDistance))"
        if let speed = t.cruiseSpeedKmh { text += " at \(decimal(speed, 0)) km/h" }
        text += t.cruiseGlideRatio.map { ", L/D \(decimal($0, 0))" } ?? ", no height lost"
        return text
    }

    var legRows: [Row] {
        analysis.legs.enumerated().map { n, leg in
            var text = "\(n + 1): \(km(leg.meters))"
            if let speed = leg.speedKmh { text += " at \(decimal(speed, 0)) km/h" }
            if let circling = leg.circlingPercent {
                text += ", circling \(decimal(circling, 0)) %, \(decimal(leg.climb, 0)) m climbed"
            }
            return Row(n == 0 ? "Legs" : "", text)
        }
    }
}
