import FlightLogServer
import FlightLogWeb
import Foundation
import Testing

@testable import FlightLogCore

/// The phone charts' label placement (pure geometry), checked by brute force over the sizes a chart takes on
/// screen: every label inside its cell, no two overlapping, at any width from the narrowest phone to the widest page.
@Suite("Chart layout")
struct ChartLayoutTests {
    /// Boxes of `labels` in a cell of `w` × `h`, and any pair that overlaps or leaves the cell.
    static func problems(_ labels: [ChartLabel], cell: ChartCell, name: String) -> [String] {
        var found: [String] = []
        for w in stride(from: cell.widths.lowerBound, through: cell.widths.upperBound, by: 10) {
            for h in stride(from: cell.heights.lowerBound, through: cell.heights.upperBound, by: 15) {
                let boxes = labels.map { $0.box(width: w, height: h) }
                for (label, b) in zip(labels, boxes)
                where b.x0 < -0.01 || b.y0 < -0.01 || b.x1 > w + 0.01 || b.y1 > h + 0.01 {
                    found.append("\(name) at \(w)×\(h): '\(label.text)' leaves its cell")
                }
                for i in boxes.indices {
                    for j in boxes.indices where j > i {
                        let a = boxes[i], b = boxes[j]
                        if min(a.x1, b.x1) > max(a.x0, b.x0) && min(a.y1, b.y1) > max(a.y0, b.y0) {
                            found.append("\(name) at \(w)×\(h): '\(labels[i].text)' overlaps '\(labels[j].text)'")
                        }
                    }
                }
            }
        }
        return found
    }

    /// A flight of `minutes` from `TestLogbook.track`, its altitudes scaled to `top` metres, with a release.
    static func flight(minutes: Int, top: Double, offset: Int = 7200) -> (Flight, [Fix]) {
        let start = CivilDate(year: 2025, month: 5, day: 3).utcMidnight + 9 * 3_600_000 + 17_000
        let fixes = TestLogbook.track(start: start, minutes: minutes).fixes.map { fix -> Fix in
            var f = fix
            f.pressureAltitudeDm = fix.pressureAltitudeDm.map {
                1000 + Int32((Double($0 - 1000) * top / 900).rounded())
            }
            return f
        }
        let flight = Flight(
            takeoffTime: fixes.first!.time + 30_000, landingTime: fixes.last!.time - 30_000,
            takeoffCoordinate: fixes.first!.coordinate, landingCoordinate: fixes.last!.coordinate,
            releaseTime: fixes.first!.time + 90_000, details: FlightDetails(pilot: "P"), source: .recorded,
            hasBarometer: true, timeZoneIdentifier: "Europe/Berlin", utcOffsetSeconds: offset)
        return (flight, fixes)
    }

    @Test(arguments: [(2, 60.0), (14, 400), (20, 900), (95, 1800), (186, 2500), (600, 6000), (1440, 9000)])
    func barogramLabelsNeverOverlap(minutes: Int, top: Double) throws {
        let (flight, fixes) = Self.flight(minutes: minutes, top: top)
        let t = fixes.first!.time, span = fixes.last!.time - t
        let faults = [
            RecordingFault(kind: .gps, from: t + span / 3, to: t + span / 3 + 90_000),
            RecordingFault(kind: .baro, from: t + span / 3 + 20_000, to: t + span / 3 + 80_000),
            RecordingFault(kind: .power, from: t + span * 9 / 10, to: t + span * 9 / 10 + 31_000),
        ]
        for faults in [[], faults] {
            let chart = try #require(BarogramChart(flight: flight, fixes: fixes, faults: faults))
            let name = "\(minutes) min, \(faults.count) faults"
            let plot = BarogramChart.plotCell
            let yCell = ChartCell(widths: chart.yAxisWidth...chart.yAxisWidth, heights: plot.heights)
            let timeCell = ChartCell(
                widths: plot.widths, heights: BarogramChart.timeAxisHeight...BarogramChart.timeAxisHeight)
            let strip = Double(chart.eventRows) * BarogramChart.eventRowHeight
            let eventCell = ChartCell(widths: plot.widths, heights: strip...strip)
            #expect(Self.problems(chart.yLabels, cell: yCell, name: name) == [])
            #expect(Self.problems(chart.timeLabels, cell: timeCell, name: name) == [])
            let wideCell = ChartCell(widths: BarogramChart.widePlotWidths, heights: timeCell.heights)
            #expect(Self.problems(chart.wideTimeLabels, cell: wideCell, name: name + ", wide") == [])
            #expect(chart.wideTimeLabels.isEmpty || chart.wideTimeLabels.count > chart.timeLabels.count)
            #expect(Self.problems(chart.events, cell: eventCell, name: name) == [])
            #expect(chart.yLabels.count >= 3, "\(name): altitude labels \(chart.yLabels.map(\.text))")
            #expect(chart.timeLabels.count >= 4, "\(name): at least two times, local and UTC")
            let events = chart.events.map(\.text)
            #expect(events.contains("Take-off") && events.contains("Landing"), "\(name): \(events)")
            if !faults.isEmpty { #expect(chart.bands.count == 3 && events.contains("GPS lost"), "\(name): \(events)") }
            // Local and UTC differ by the flight's offset.
            let local = chart.timeLabels[0].text, utc = chart.timeLabels[1].text
            let minutesOf = { (s: String) -> Int in Int(s.prefix(2))! * 60 + Int(s.suffix(2))! }
            #expect((minutesOf(local) - minutesOf(utc) + 1440) % 1440 == 120, "\(local) local is \(utc) UTC")
        }
    }

    @Test func labelsAreOneFontSizeInCSSPixels() {
        #expect(ChartText.size >= 12)
        let (flight, fixes) = Self.flight(minutes: 95, top: 1800)
        let chart = BarogramChart(flight: flight, fixes: fixes, faults: [])!
        let map = MapChart(flight: flight, fixes: fixes, faults: [])!
        for label in chart.yLabels + chart.timeLabels + chart.events + map.labels {
            #expect(label.height == ChartText.lineHeight, "'\(label.text)' is a one-line label")
            #expect(label.width >= ChartText.width(label.text), "'\(label.text)' has room for its text")
        }
    }

    /// Take-off and landing anywhere in the map (the same place, far apart, at an edge or a corner): both named,
    /// inside the map, apart, and neither covering the other's dot.
    @Test func mapLabelsStayInsideAndApart() {
        let cell = ChartCell(
            widths: MapChart.widths, heights: MapChart.widths.lowerBound * 0.55...MapChart.widths.upperBound)
        let spots: [(Double, Double)] = [
            (0.5, 0.5), (0.07, 0.07), (0.93, 0.93), (0.07, 0.93), (0.93, 0.5), (0.5, 0.07),
        ]
        var checked = 0
        for t in spots {
            // Both ends lie within the map's 7 % inset (MapChart keeps the track there).
            let near = [(0.01, 0.0), (0.0, 0.02), (0.05, 0.05)].map { (min(0.93, t.0 + $0.0), min(0.93, t.1 + $0.1)) }
            for l in spots + near {
                let labels = MapChart.placeLabels(takeoff: (t.0, t.1), landing: (l.0, l.1), cell: cell)
                #expect(!labels.isEmpty, "takeoff \(t), landing \(l): named")
                let text = labels.map(\.text).joined(separator: " ")
                #expect(text.contains("Take-off") && text.contains("Landing"))
                let dots = [(t.0, t.1), (l.0, l.1)].map { p -> ChartLabel in
                    ChartLabel(
                        text: "dot", fx: p.0, fy: p.1, alignX: .center, alignY: .center, width: MapChart.dotSize,
                        height: MapChart.dotSize)
                }
                let problems = Self.problems(labels, cell: cell, name: "takeoff \(t), landing \(l)")
                #expect(problems == [])
                for label in labels {
                    for dot in dots {
                        #expect(
                            Self.problems([label, dot], cell: cell, name: "dot").filter { $0.contains("overlaps") }
                                == [],
                            "'\(label.text)' covers a dot: takeoff \(t), landing \(l)")
                    }
                }
                checked += 1
            }
        }
        #expect(checked == 54)
    }

    /// The folded filter line names the active filters in a few words.
    @Test func foldedFilterSummary() throws {
        #expect(try ListQuery(query: [:]).foldedSummary == "Filters")
        #expect(
            try ListQuery(query: ["instructor": "yes", "plane": "LS 4"]).foldedSummary == "Filters: instructor · LS 4")
        #expect(
            try ListQuery(query: ["year": "2025", "launch": "self", "outlanding": "yes", "guest": "Şahin"])
                .foldedSummary
                == "Filters: guest Şahin · 2025 · self-launch · outlandings")
        #expect(try ListQuery(query: ["since": "2025-04-01"]).foldedSummary == "Filters: since 2025-04-01")
    }
}
