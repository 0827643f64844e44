import CPangoCairo
import FlightLogAnalysis
import FlightLogCore

/// The declared task's table in the flight report, first of the pages after page 1: the task in a line, each point
/// with its zone, when it was reached (or `missed`) and the distances, then the result in `show`'s words
/// (``FlightTaskReport``) and the reader's warnings.
extension ReportPage {
    static let taskColumns = [
        ReportAnalysis.Column(title: "Point", width: 62), ReportAnalysis.Column(title: "Name", width: 118),
        ReportAnalysis.Column(title: "Zone", width: 172), ReportAnalysis.Column(title: "Reached", width: 72),
        ReportAnalysis.Column(title: "Leg", width: 48, right: true),
        ReportAnalysis.Column(title: "Total", width: 50, right: true),
    ]

    /// A note across a table (the task's result, a warning), as `drawTables` draws a row of one cell.
    static let noteStyle = TextStyle(size: 7.5)

    /// Most warnings listed (the rest: `flightlog show` lists them).
    static let taskWarnings = 3

    /// The task table; none without a task. A row of one cell spans the table.
    var taskTables: [Table] {
        guard let report = options.task else { return [] }
        let offset = flight.known(.utcOffset, flight.utcOffsetSeconds)
        let legs = report.task.legDistances()
        var rows: [[String]] = [[report.title]]
        var total: Meters = 0
        for (k, point) in report.task.points.enumerated() {
            let leg = k == 0 ? nil : legs[k - 1]
            total += leg ?? 0
            rows.append([
                report.role(k), point.name, report.zoneWords(k), report.reachedWords(k, utcOffsetSeconds: offset),
                leg.map(ReportAnalysis.km) ?? "", k == 0 ? "" : ReportAnalysis.km(total),
            ])
        }
        var notes = [report.resultWords] + report.warnings.prefix(Self.taskWarnings).map { "warning: " + $0 }
        if report.warnings.count > Self.taskWarnings {
            notes.append("and \(report.warnings.count - Self.taskWarnings) more warnings (flightlog show lists them)")
        }
        let width = Self.taskColumns.reduce(0) { $0 + $1.width } - 6
        rows += notes.flatMap { Canvas.lines($0, width: width, Self.noteStyle) }.map { [$0] }
        return [Table(heading: "Task", columns: Self.taskColumns, rows: rows, empty: "")]
    }
}

extension Canvas {
    /// `text` broken at spaces into lines no wider than `width` in `style`, so that a note the reader needs whole
    /// (the reason a task was missed, with its closest time) is never cut short; a word wider than `width` keeps a
    /// line of its own.
    static func lines(_ text: String, width: Double, _ style: TextStyle) -> [String] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return [text] }
        defer { cairo_surface_destroy(surface) }
        let canvas = Canvas(surface: surface)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let longer = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty && canvas.measure(longer, style).width > width {
                lines.append(line)
                line = String(word)
            } else {
                line = longer
            }
        }
        return lines + [line]
    }
}
