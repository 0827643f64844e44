import FlightLogText
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes to standard error with one `write(2)` (Swift 6 cannot name the C `stderr` global).
func printError(_ text: String) {
    var line = terminalSafe(text, keepNewlines: true)
    if !line.hasSuffix("\n") { line += "\n" }
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

/// True when standard input is a terminal (someone can answer a question).
var standardInputIsTerminal: Bool { isatty(0) == 1 }

/// Columns of the terminal on standard output: `COLUMNS` when set, else the terminal's width (TIOCGWINSZ),
/// else 80 (a pipe or a file).
func terminalWidth(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
    if let text = environment["COLUMNS"], let columns = Int(text), columns >= 20 { return columns }
    var size = winsize()
    if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
    return 80
}
