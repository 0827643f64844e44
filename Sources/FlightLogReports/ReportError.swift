/// Why a report could not be produced. The description says what went wrong and what to do.
package struct ReportError: Error, CustomStringConvertible, Equatable {
    package var description: String
    package init(_ description: String) { self.description = description }

    static let noFont = ReportError(
        "no usable font (install fonts-dejavu-core; fontconfig must find DejaVu Sans)")
    static func noFlights(_ filter: String) -> ReportError {
        ReportError("no flights match the filter (\(filter.isEmpty ? "no filter" : filter)); nothing to print")
    }
}
