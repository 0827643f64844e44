#if canImport(Glibc)
import Glibc
#endif

/// Writes to standard error with one `write(2)` (Swift 6 cannot name the C `stderr` global).
func printError(_ text: String) {
    var line = text
    if !line.hasSuffix("\n") { line += "\n" }
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

/// True when standard input is a terminal (someone can answer a question).
var standardInputIsTerminal: Bool { isatty(0) == 1 }

/// Pads or cuts `text` to exactly `width` characters (cut with an ellipsis).
func fit(_ text: String, _ width: Int, alignRight: Bool = false) -> String {
    let count = text.count
    if count > width { return String(text.prefix(max(0, width - 1))) + "…" }
    let padding = String(repeating: " ", count: width - count)
    return alignRight ? padding + text : text + padding
}

/// A plain-text table with columns as wide as their widest cell (capped).
struct TextTable {
    var headers: [String]
    var rows: [[String]] = []
    var rightAligned: Set<Int> = []
    var maxWidth = 28

    func render() -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = min(maxWidth, max(widths[i], cell.count)) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, c in fit(c, widths[i], alignRight: rightAligned.contains(i)) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        }
        var out = [line(headers), line(widths.map { String(repeating: "-", count: $0) })]
        out += rows.map(line)
        return out.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
