import CPangoCairo
import FlightLogAnalysis
import FlightLogCore
import Foundation
import Testing

@testable import FlightLogReports

/// The declared task in the PDF flight report: its table after page 1 in `show`'s words, and on the map its
/// zones, legs and points, the points' names placed clear of every other label and mark.
@Suite("the task in the flight report")
struct TaskReportTests {
    /// A declared 4-point task round a 20 km circle (start and finish at Home) and the 1 h track that flies it.
    static func flown() -> (FlightTask, [Fix]) {
        var (task, fixes) = SyntheticTracks.taskFlight(points: 4, hours: 1, radius: 20_000)
        (task.source, task.name, task.declaredAt) = (.declaration, "Circle", fixes[0].time - 3_600_000)
        for (k, name) in ["Home", "Ahrweiler", "Mayen", "Home"].enumerated() { task.points[k].name = name }
        return (task, fixes)
    }

    static func flight(_ fixes: [Fix]) -> Flight {
        Flight(
            id: 7, takeoffTime: fixes[0].time, landingTime: fixes[fixes.count - 1].time,
            takeoffCoordinate: fixes[0].coordinate, landingCoordinate: fixes[fixes.count - 1].coordinate,
            details: FlightDetails(gliderType: "LS 4"), source: .imported(fileName: "task.igc", sha256: "00"),
            maxAltitude: 1000, maxDistanceFromTakeoff: 20_000, pathLength: 100_000, utcOffsetSeconds: 7_200)
    }

    /// The report of `fixes` against the task, saved as a PDF; its path, its map and the task's report.
    static func report(_ fixes: [Fix], _ name: String) throws -> (String, Charts.Frame, FlightTaskReport) {
        let (task, _) = flown()
        let flight = flight(fixes)
        var options = FlightReportOptions()
        options.task = FlightTaskReport.of(flight, fixes: fixes, originalFile: nil, declared: task).report
        let report = try #require(options.task)
        let (bytes, layout) = try FlightReport.renderWithLayout(
            flight: flight, fixes: fixes, analysis: nil, format: .pdf, options: options)
        let path = Tool.scratch("task") + "/\(name).pdf"
        try Tool.save(bytes, to: path)
        Tool.keep(path, as: "report-task-\(name).pdf")
        return (path, try #require(layout.map), report)
    }

    @Test(
        "the table: every point, its zone and time or missed, the result as show says it",
        .enabled(if: Tool.hasPoppler))
    func theTableSaysWhatShowSays() throws {
        let (_, fixes) = Self.flown()
        let (path, _, report) = try Self.report(fixes, "completed")
        #expect(try Tool.pageCount(path) == 2)
        let page = try Tool.run("pdftotext", ["-layout", "-f", "2", "-l", "2", path, "-"])
        #expect(page.contains("Task") && page.contains("Zone") && page.contains("Reached"), "\(page)")
        #expect(page.contains(report.title), "\(page)")
        let score = try #require(report.score)
        #expect(score.completed && page.contains(report.resultWords), "\(report.resultWords) in \(page)")
        for k in report.task.points.indices {
            let row = try #require(
                page.split(separator: "\n").first {
                    $0.contains(report.role(k)) && $0.contains(report.task.points[k].name)
                })
            #expect(row.contains(report.reachedWords(k, utcOffsetSeconds: 7_200)) && row.contains("local"), "\(row)")
        }
        #expect(page.contains("500 m cylinder or FAI 90° sector") && page.contains("line 1 km"), "\(page)")

        let short = Array(fixes.prefix(fixes.count * 6 / 10))
        let (cut, _, missed) = try Self.report(short, "missed")
        let text = try Tool.run("pdftotext", ["-layout", "-f", "2", "-l", "2", cut, "-"])
        let reason = try #require(missed.score?.reason)
        #expect(text.contains("Not completed: ") && text.contains(reason), "\(text)")
        #expect(text.split(separator: "\n").contains { $0.contains("finish") && $0.contains("missed") }, "\(text)")
    }

    /// A reason longer than the table (a long turnpoint name, the closest time at its end) wraps onto rows of its
    /// own instead of ending in "…": every note row fits the table's width, and together they say it whole.
    @Test("a long result wraps within the table, never cut short")
    func aLongResultWrapsWithinTheTable() throws {
        var (task, fixes) = Self.flown()
        task.points[1].name = "Ahrweiler Bad Neuenahr Segelfluggelände am Ahrhang Nord (Start Ost)"
        fixes = Array(fixes.prefix(fixes.count * 3 / 10))
        let flight = Self.flight(fixes)
        var options = FlightReportOptions()
        options.task = FlightTaskReport.of(flight, fixes: fixes, originalFile: nil, declared: task).report
        let report = try #require(options.task)
        let page = ReportPage(flight: flight, fixes: fixes, analysis: nil, options: options)
        let rows = try #require(page.taskTables.first).rows.filter { $0.count == 1 }.map { $0[0] }
        let width = ReportPage.taskColumns.reduce(0) { $0 + $1.width } - 6
        let measure = try #require(cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1))
        defer { cairo_surface_destroy(measure) }
        let canvas = Canvas(surface: measure)
        #expect(report.resultWords.count > 150, "\(report.resultWords)")
        for row in rows { #expect(canvas.measure(row, ReportPage.noteStyle).width <= width, "\(row)") }
        let result = rows.dropFirst().prefix { !$0.hasPrefix("warning: ") }.joined(separator: " ")
        #expect(result == report.resultWords, "\(rows)")
    }

    @Test("the map keeps the task in view and its names clear of every label and mark", .enabled(if: Tool.hasPoppler))
    func theMapNamesThePointsWhereTheyCoverNothing() throws {
        // Cut short before the second turnpoint: the map still shows it.
        let (task, fixes) = Self.flown()
        let short = Array(fixes.prefix(fixes.count * 45 / 100))
        let (path, map, _) = try Self.report(short, "map")
        let place = try #require(map.place)
        for point in task.points {
            let p = place(point.coordinate)
            #expect(p.x > map.x && p.x < map.x + map.width && p.y > map.y && p.y < map.y + map.height, "\(point)")
        }
        let words = try AirspaceNameReportTests.words(path).filter { w in
            w.box.x0 >= map.x && w.box.x1 <= map.x + map.width && w.box.y0 >= map.y && w.box.y1 <= map.y + map.height
        }
        let texts = words.map(\.text)
        #expect(texts.contains("Ahrweiler") && texts.contains("Mayen") && texts.contains("Home"), "\(texts)")
        #expect(texts.contains("TP1") && texts.contains("Start,") && texts.contains("Finish"), "\(texts)")
        // No two words of different labels overlap, and none covers a task point.
        let labelled = words.filter { ["TP1", "TP2", "Ahrweiler", "Mayen", "Take-off", "Landing"].contains($0.text) }
        for (i, a) in labelled.enumerated() {
            for b in labelled[(i + 1)...] { #expect(!Charts.overlap(a.box, b.box), "\(a.text) covers \(b.text)") }
            for point in task.points {
                let p = place(point.coordinate)
                #expect(!Charts.overlap(a.box, (p.x - 2, p.y - 2, p.x + 2, p.y + 2)), "\(a.text) covers \(point.name)")
            }
        }
    }

    @Test func outlinesAreTheZonesTrueShapes() throws {
        let (task, _) = Self.flown()
        let outlines = try task.outlines()
        #expect(outlines.count == 4 && outlines[0].isLine && outlines[3].isLine)
        // A line of 1 km across the first leg, centred on the start.
        let line = outlines[0].shapes[0]
        #expect(line.count == 2 && abs(Geodesy.distance(line[0], line[1]) - 1000) < 1)
        // A declared turnpoint: the 500 m cylinder and the FAI sector (a keyhole draws both), each once.
        let turn = outlines[1]
        #expect(turn.shapes.count == 2, "\(turn.shapes.map(\.count))")
        let circle = turn.shapes.first { ring in
            ring.allSatisfy { abs(Geodesy.distance($0, turn.coordinate) - 500) < 1 }
        }
        #expect(circle != nil && circle!.count > 80)
        let sector = try #require(
            turn.shapes.first { $0.first.map { Geodesy.distance($0, turn.coordinate) < 1 } ?? false })
        let rim = Array(sector.dropFirst().dropLast())
        let ends = [rim[0], rim[rim.count - 1]].map { Geodesy.bearing(turn.coordinate, $0) }
        let turned = abs(ends[1] - ends[0]).truncatingRemainder(dividingBy: 360)
        let spread = min(turned, 360 - turned)
        #expect(abs(spread - 90) < 0.5, "the FAI sector spans 90°: \(spread)")
    }
}
