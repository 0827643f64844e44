import FlightLogAnalysis
import FlightLogCore

/// What `flightlog list` prints for the flights it found: the table, CSV or JSON, ending in a line break.
package enum FlightListOutput {
    package enum Format: Sendable {
        /// The terminal table fitted to `width` columns, with its totals.
        case table(width: Int)
        case csv
        case json
    }

    /// `contest`: the stored analyses' contest distance and engine time by flight id
    /// (`FlightStore.contestSummaries()`); a flight not in it has no analysis yet. `tasks`: the flights' task
    /// results (`FlightStore.taskResults(of:)`); a flight not in it has no task.
    package static func render(
        _ flights: [Flight], as format: Format, owner: LogbookOwner?, contest: [Int64: ContestSummary],
        tasks: [Int64: FlightTaskResult] = [:]
    ) -> String {
        switch format {
        case .table(let width): FlightTable.render(flights, width: width, contest: contest, tasks: tasks) + "\n"
        case .csv: FlightCSV.render(flights, owner: owner, contest: contest, tasks: tasks)
        case .json: FlightJSON.array(flights, owner: owner, contest: contest, tasks: tasks) + "\n"
        }
    }
}
