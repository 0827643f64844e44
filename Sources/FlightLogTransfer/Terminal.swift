import FlightLogText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal of a command: standard error, whether someone can answer a question, how wide a table may be.
package enum Terminal {
    /// Writes `text` (made terminal-safe, newlines kept) and a newline to standard error with one `write(2)`
    /// (Swift 6 cannot name the C `stderr` global).
    package static func printError(_ text: String) {
        var line = terminalSafe(text, keepNewlines: true)
        if !line.hasSuffix("\n") { line += "\n" }
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }

    /// True when standard input is a terminal (someone can answer a question).
    package static var inputIsTerminal: Bool { isatty(0) == 1 }

    /// Columns of the terminal on standard output: `COLUMNS` when set (20 or more), else the terminal's width
    /// (TIOCGWINSZ), else 80 (a pipe or a file).
    package static func width(environment: [String: String]) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns >= 20 { return columns }
        var size = winsize()
        if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
        return 80
    }
}
