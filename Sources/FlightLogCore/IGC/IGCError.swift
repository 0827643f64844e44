/// A malformed IGC file: what is wrong and, when it concerns one line, its 1-based line number.
package struct IGCError: Error, CustomStringConvertible, Equatable {
    package var line: Int?
    package var message: String

    package init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    /// e.g. `line 12: B record has latitude minutes 61000 (must be < 60000)`.
    package var description: String {
        if let line { return "line \(line): \(message)" }
        return message
    }
}
