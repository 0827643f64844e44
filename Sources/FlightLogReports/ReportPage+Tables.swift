import CPangoCairo
import FlightLogCore

/// The pages after the first: the declared task, the scored route leg by leg and every thermal, as tables that go on to the next page
/// (their column titles repeated) rather than being cut.
extension ReportPage {
    /// One table: a heading, its columns, its rows; `empty` says why a table has no rows.
    struct Table {
        var heading: String
        var columns: [ReportAnalysis.Column]
        var rows: [[String]]
        var empty: String
    }

    /// A part of a table on one page, from `top`.
    struct Part {
        var table: Int
        var rows: Range<Int>
        var continued: Bool
        var top: Double
    }

    static let rowHeight = 11.0
    static let headingHeight = 16.0
    static let columnsHeight = 13.0
    static let tableGap = 16.0
    static let firstTop = 56.0

    var tables: [Table] {
        var tables = taskTables
        guard let text, analysis?.scoringWindow != nil else { return tables }
        let route = text.routeRows
        if !route.isEmpty {
            tables.append(
                Table(
                    heading: "Scored route: free distance over 6 legs, "
                        + ReportAnalysis.km(analysis?.freeSix?.meters ?? 0) + " (each row: the leg that ends there)",
                    columns: ReportAnalysis.routeColumns, rows: route, empty: ""))
        }
        tables.append(
            Table(
                heading: "Thermals (\(text.thermalRows.count)): circling that gained height, numbered as on the map",
                columns: ReportAnalysis.thermalColumns, rows: text.thermalRows,
                empty: "No thermal: no circling in the scoring window gained height."))
        return tables
    }

    /// The tables laid out on pages: each page a list of parts. A table starts on a new page unless its heading,
    /// column titles and first row fit.
    var tablePages: [[Part]] {
        let bottom = Output.a4Portrait.height - margin
        var pages: [[Part]] = []
        var page: [Part] = []
        var y = Self.firstTop
        for (n, table) in tables.enumerated() {
            var next = 0
            var continued = false
            repeat {
                let head = Self.headingHeight + Self.columnsHeight
                if y + head + Self.rowHeight > bottom, !page.isEmpty {
                    pages.append(page)
                    page = []
                    y = Self.firstTop
                }
                let fits = max(1, Int((bottom - y - head) / Self.rowHeight))
                let rows = next..<min(table.rows.count, next + fits)
                page.append(Part(table: n, rows: rows, continued: continued, top: y))
                y += head + Double(max(rows.count, 1)) * Self.rowHeight + Self.tableGap
                next = rows.upperBound
                continued = true
            } while next < table.rows.count
        }
        if !page.isEmpty { pages.append(page) }
        return pages
    }

    func drawTables(_ canvas: Canvas, _ parts: [Part], number: Int, of pages: Int) {
        _ = drawTitle(canvas, page: number)
        let all = tables
        for part in parts {
            let table = all[part.table]
            heading(canvas, table.heading + (part.continued ? " (continued)" : ""), y: part.top)
            var y = part.top + Self.headingHeight
            let width = table.columns.reduce(0) { $0 + $1.width }
            canvas.fillRect(margin, y, width, Self.columnsHeight, .header)
            var x = margin
            for column in table.columns {
                let style = TextStyle(size: 7, bold: true, align: column.right ? .right : .left)
                canvas.text(column.title, x: x + 3, y: y + 2.5, width: column.width - 6, style)
                x += column.width
            }
            y += Self.columnsHeight
            if table.rows.isEmpty {
                canvas.text(table.empty, x: margin + 3, y: y + 2, width: width, TextStyle(size: 7.5, color: .grey))
                continue
            }
            for (k, row) in table.rows[part.rows].enumerated() {
                if k % 2 == 1 { canvas.fillRect(margin, y, width, Self.rowHeight, .band) }
                x = margin
                if row.count == 1 {  // a note across the table (the task's result, a warning)
                    canvas.text(row[0], x: x + 3, y: y + 1.5, width: width - 6, Self.noteStyle)
                    y += Self.rowHeight
                    continue
                }
                for (column, value) in zip(table.columns, row) {
                    let style = TextStyle(size: 7.5, align: column.right ? .right : .left)
                    canvas.text(value, x: x + 3, y: y + 1.5, width: column.width - 6, style)
                    x += column.width
                }
                y += Self.rowHeight
            }
            canvas.line(margin, y, margin + width, y, .rule, width: 0.4)
        }
    }
}

extension Canvas {
    /// Moves the origin by (`dx`, `dy`): the next page of a stacked SVG or PNG.
    func translate(_ dx: Double, _ dy: Double) { cairo_translate(cr, dx, dy) }
}
