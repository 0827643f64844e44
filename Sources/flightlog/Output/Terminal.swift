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

/// Characters a terminal shows for `text` (grapheme clusters), counted without grapheme breaking when it is ASCII.
func displayCount(_ text: String) -> Int {
    text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
}

/// Pads or cuts `text` to exactly `width` characters (cut with an ellipsis).
func fit(_ text: String, _ width: Int, alignRight: Bool = false) -> String {
    var out = ""
    append(text, count: displayCount(text), width: width, alignRight: alignRight, to: &out)
    return out
}

/// Appends `text` (of `count` characters) padded or cut to exactly `width` characters.
private func append(_ text: String, count: Int, width: Int, alignRight: Bool, to out: inout String) {
    if count > width {
        out += text.prefix(max(0, width - 1))
        out += "…"
        return
    }
    let padding = String(repeating: " ", count: width - count)
    if alignRight { out += padding }
    out += text
    if !alignRight { out += padding }
}

/// A plain-text table with columns as wide as their widest cell (capped).
struct TextTable {
    var headers: [String]
    var rows: [[String]] = []
    var rightAligned: Set<Int> = []
    var maxWidth = 28

    /// Each cell is measured once; lines are built in one buffer (`list` prints thousands of rows).
    func render() -> String {
        let counts = rows.map { $0.map(displayCount) }
        var widths = headers.map(displayCount)
        for row in counts {
            for (i, count) in row.enumerated() { widths[i] = min(maxWidth, max(widths[i], count)) }
        }
        let alignRight = widths.indices.map { rightAligned.contains($0) }
        var out = ""
        out.reserveCapacity((rows.count + 2) * (widths.reduce(0, +) + 2 * widths.count + 1))
        func line(_ cells: [String], _ cellCounts: [Int]) {
            if !out.isEmpty { out += "\n" }
            var text = ""
            for (i, cell) in cells.enumerated() {
                if i > 0 { text += "  " }
                append(cell, count: cellCounts[i], width: widths[i], alignRight: alignRight[i], to: &text)
            }
            out += text.trimmingTrailingSpaces()
        }
        line(headers, headers.map(displayCount))
        line(widths.map { String(repeating: "-", count: $0) }, widths)
        for (row, rowCounts) in zip(rows, counts) { line(row, rowCounts) }
        return out
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") { end = utf8.index(before: end) }
        return end == utf8.endIndex ? self : String(self[..<end])
    }
}
