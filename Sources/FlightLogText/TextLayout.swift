import Foundation

/// Characters a terminal shows for `text` (grapheme clusters), counted without grapheme breaking when it is ASCII.
package func displayCount(_ text: String) -> Int {
    text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
}

/// Pads or cuts `text` to exactly `width` characters (cut with an ellipsis).
package func fit(_ text: String, _ width: Int, alignRight: Bool = false) -> String {
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
package struct TextTable {
    package var headers: [String]
    package var rows: [[String]] = []
    package var rightAligned: Set<Int> = []
    package var maxWidth = 28
    /// Chooses, from each column's natural width (its widest cell, at most `maxWidth`), the columns to print and
    /// their widths (cells cut with an ellipsis); nil: every column at its natural width.
    package var fit: (([Int]) -> [(column: Int, width: Int)])?

    /// Each cell is measured once and the table is built as UTF-8 bytes in one buffer (`list` prints thousands of
    /// rows; appending to a `String` cell by cell was half of `list`'s instructions under callgrind).
    package init(headers: [String]) { self.headers = headers }

    package func render() -> String {
        let rows = rows.map { $0.map { terminalSafe($0) } }
        let counts = rows.map { $0.map(displayCount) }
        var natural = headers.map(displayCount)
        for row in counts {
            for (i, count) in row.enumerated() { natural[i] = min(maxWidth, max(natural[i], count)) }
        }
        let layout = fit?(natural) ?? natural.enumerated().map { ($0.offset, $0.element) }
        var out: [UInt8] = []
        out.reserveCapacity((rows.count + 2) * (layout.reduce(0) { $0 + $1.width } + 2 * layout.count + 1))
        func line(_ cells: [String], _ cellCounts: [Int]) {
            if !out.isEmpty { out.append(UInt8(ascii: "\n")) }
            let start = out.count
            for (n, (i, width)) in layout.enumerated() {
                if n > 0 { out.append(contentsOf: repeatElement(space, count: 2)) }
                append(cells[i], count: cellCounts[i], width: width, alignRight: rightAligned.contains(i), to: &out)
            }
            while out.count > start, out[out.count - 1] == space { out.removeLast() }
        }
        line(headers, headers.map(displayCount))
        let rules = layout.reduce(into: Array(repeating: "", count: headers.count)) {
            $0[$1.column] = String(repeating: "-", count: $1.width)
        }
        line(rules, rules.map(\.count))
        for (row, rowCounts) in zip(rows, counts) { line(row, rowCounts) }
        return String(decoding: out, as: UTF8.self)
    }
}

/// `text` with every character that could steer a terminal shown as a visible escape (`\u{1B}`): C0 and C1
/// controls, DEL, and the bidirectional overrides and line separators that make text read other than it is.
/// Text from an IGC file or typed by a user goes through this before it reaches standard output or error, so
/// a pilot name cannot clear the screen or retitle the terminal. `keepNewlines` keeps `\n` (multi-line output).
package func terminalSafe(_ text: String, keepNewlines: Bool = false) -> String {
    if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || (keepNewlines && $0 == 0x0A) }) { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        if keepNewlines && scalar == "\n" || !isSteering(scalar) {
            out.append(scalar)
        } else {
            out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
        }
    }
    return String(out)
}

private func isSteering(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}
