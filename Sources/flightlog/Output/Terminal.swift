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
    var out: [UInt8] = []
    append(text, count: displayCount(text), width: width, alignRight: alignRight, to: &out)
    return String(decoding: out, as: UTF8.self)
}

private let space = UInt8(ascii: " ")

/// Appends the UTF-8 of `text` (of `count` characters) padded or cut to exactly `width` characters.
private func append(_ text: String, count: Int, width: Int, alignRight: Bool, to out: inout [UInt8]) {
    if count > width {
        out.append(contentsOf: text.prefix(max(0, width - 1)).utf8)
        out.append(contentsOf: "…".utf8)
        return
    }
    if alignRight { out.append(contentsOf: repeatElement(space, count: width - count)) }
    out.append(contentsOf: text.utf8)
    if !alignRight { out.append(contentsOf: repeatElement(space, count: width - count)) }
}

/// A plain-text table with columns as wide as their widest cell (capped).
struct TextTable {
    var headers: [String]
    var rows: [[String]] = []
    var rightAligned: Set<Int> = []
    var maxWidth = 28

    /// Each cell is measured once and the table is built as UTF-8 bytes in one buffer (`list` prints thousands of
    /// rows; appending to a `String` cell by cell was half of `list`'s instructions under callgrind).
    func render() -> String {
        let counts = rows.map { $0.map(displayCount) }
        var widths = headers.map(displayCount)
        for row in counts {
            for (i, count) in row.enumerated() { widths[i] = min(maxWidth, max(widths[i], count)) }
        }
        let alignRight = widths.indices.map { rightAligned.contains($0) }
        var out: [UInt8] = []
        out.reserveCapacity((rows.count + 2) * (widths.reduce(0, +) + 2 * widths.count + 1))
        func line(_ cells: [String], _ cellCounts: [Int]) {
            if !out.isEmpty { out.append(UInt8(ascii: "\n")) }
            let start = out.count
            for i in cells.indices {
                if i > 0 { out.append(contentsOf: repeatElement(space, count: 2)) }
                append(cells[i], count: cellCounts[i], width: widths[i], alignRight: alignRight[i], to: &out)
            }
            while out.count > start, out[out.count - 1] == space { out.removeLast() }
        }
        line(headers, headers.map(displayCount))
        line(widths.map { String(repeating: "-", count: $0) }, widths)
        for (row, rowCounts) in zip(rows, counts) { line(row, rowCounts) }
        return String(decoding: out, as: UTF8.self)
    }
}
