/// The columns a query selects, in one ordered list that both writes the SELECT and finds each column's position
/// when a row is decoded, so that no column's position is written by hand (rows are read by position, which is
/// fast, through the name).
package struct ColumnList: Sendable {
    /// The selected expressions in order, e.g. `f.pilot`.
    package let names: [String]
    private let positions: [String: Int]

    /// `names` must be distinct.
    package init(_ names: [String]) {
        self.names = names
        positions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    }

    /// The names joined for a SELECT.
    package var sql: String { names.joined(separator: ", ") }

    /// The position of `name` in a row. A name not in the list is a programming error.
    package subscript(_ name: String) -> Int {
        guard let position = positions[name] else { preconditionFailure("\(name) is not a selected column") }
        return position
    }
}
