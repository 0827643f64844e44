import FlightLogCore

/// What `flightlog list` prints for the flights it found: the table, CSV or JSON, ending in a line break.
package enum FlightListOutput {
    package enum Format: Sendable {
        /// The terminal table fitted to `width` columns, with its totals.
        case table(width: Int)
        case csv
        case json
    }

    package static func render(_ flights: [Flight], as format: Format, owner: LogbookOwner?) -> String {
        switch format {
        case .table(let width): FlightTable.render(flights, width: width) + "\n"
        case .csv: FlightCSV.render(flights, owner: owner)
        case .json: FlightJSON.array(flights, owner: owner) + "\n"
        }
    }
}
