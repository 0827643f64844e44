import FlightLogAnalysis
import FlightLogCore

/// The analysis in words for the flight report: the summary block of page 1 and the tables that follow it (the
/// scored route leg by leg, every thermal). Distances are great circles on the FAI sphere, as the contests measure.
struct ReportAnalysis {
    let analysis: FlightAnalysis
    let flight: Flight
    /// The fixes the analysis was computed over (its thermals' indices point into them).
    let fixes: [Fix]

    /// Local `HH:MM:SS` of `t`.
    func local(_ t: UTCMillis) -> String {
        CivilDateTime(utc: t, offsetSeconds: flight.utcOffsetSeconds).hourMinuteSecond
    }

    func utc(_ t: UTCMillis) -> String { CivilDateTime(utc: t).hourMinuteSecond }

    /// `t` as the report gives times: local first, UTC after it.
    func both(_ t: UTCMillis) -> String { "\(local(t)) local · \(utc(t)) UTC" }

    static func signed(_ value: Double, _ decimals: Int = 0) -> String { AnalysisSummary.signed(value, decimals) }

    static func km(_ meters: Meters) -> String { "\(ReportText.fixed(meters / 1000, 1)) km" }

    /// Minutes and seconds, `12:05`; hours when there are some, `1:02:05`.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }

    /// The contest side of the summary (scoring window, engine, distances, points) and the flying side
    /// (thermals, circling, glides): ``AnalysisSummary``'s rows, times local and UTC.
    var summary: AnalysisSummary { AnalysisSummary(analysis, flight: flight, times: .localAndUTC) }

    // MARK: Tables

    /// A table column: title and width in points, numbers right-aligned.
    struct Column {
        var title: String
        var width: Double
        var right = false
    }

    static let routeColumns = [
        Column(title: "Point", width: 40), Column(title: "Time local", width: 52, right: true),
        Column(title: "UTC", width: 48, right: true), Column(title: "Position", width: 128),
        Column(title: "Altitude", width: 50, right: true), Column(title: "Leg", width: 50, right: true),
        Column(title: "Speed", width: 56, right: true), Column(title: "Circling", width: 46, right: true),
        Column(title: "Climbed", width: 50, right: true),
    ]

    /// One row per turnpoint of the free distance; from turnpoint 1 on, the leg that ends there.
    var routeRows: [[String]] {
        guard let route = analysis.freeSix else { return [] }
        let last = route.turnpoints.count - 1
        return route.turnpoints.enumerated().map { n, p in
            let name = n == 0 ? "Start" : n == last ? "Finish" : "TP \(n)"
            let altitude = (p.pressureAltitude ?? p.gnssAltitude).map(ReportText.metres) ?? "—"
            var row = [
                name, local(p.time), utc(p.time),
                ReportText.coordinate(Coordinate(latitude: p.latitude, longitude: p.longitude)), altitude,
            ]
            if n > 0, n - 1 < analysis.legs.count {
                let leg = analysis.legs[n - 1]
                row += [
                    Self.km(leg.meters), leg.speedKmh.map { "\(ReportText.fixed($0, 0)) km/h" } ?? "—",
                    leg.circlingPercent.map { "\(ReportText.fixed($0, 0)) %" } ?? "—", ReportText.metres(leg.climb),
                ]
            }
            return row
        }
    }

    static let thermalColumns = [
        Column(title: "No.", width: 26, right: true), Column(title: "Start local", width: 56, right: true),
        Column(title: "UTC", width: 48, right: true), Column(title: "Duration", width: 48, right: true),
        Column(title: "Gain", width: 48, right: true), Column(title: "Average climb", width: 66, right: true),
        Column(title: "Top", width: 50, right: true), Column(title: "Direction", width: 140),
    ]

    /// One row per thermal (circling that gained height), numbered as on the map.
    var thermalRows: [[String]] {
        analysis.phases.thermals.enumerated().map { n, t in
            let top =
                t.endIndex < fixes.count && fixes[t.endIndex].time == t.end
                ? (fixes[t.endIndex].pressureAltitude ?? fixes[t.endIndex].gnssAltitude).map(ReportText.metres) : nil
            return [
                "\(n + 1)", local(t.start), utc(t.start), Self.duration(t.seconds), "\(Self.signed(t.gain)) m",
                "\(Self.signed(t.climbRate, 1)) m/s", top ?? "—", AnalysisWords.direction(t),
            ]
        }
    }
}
