import FlightLogCore
import FlightLogStore
import FlightLogText

/// `flightlog list` and `flightlog stats`: the chosen flights read from the logbook and laid out (FlightLogText).
package enum ListingRun {
    /// `list`: the flights the filters, `owner` and `task` choose, in `format`; with none, `nothing` says why
    /// (standard error) and `text` is empty, except as JSON or CSV (an empty array, a header).
    package static func list(
        config: FlightLogConfig, store db: FlightStore, filter: FlightFilter, owner: OwnerChoice, task: TaskChoice?,
        newestFirst: Bool, format: FlightListOutput.Format
    ) throws -> (text: String, nothing: String?) {
        var flights = owner.chosen(try db.flights(matching: filter, newestFirst: newestFirst), config)
        let tasks = try db.taskResults(of: flights)
        if let task { flights = task.chosen(flights, completed: tasks.mapValues(\.completed)) }
        if flights.isEmpty, case .table = format {
            return ("", TaskChoice.nothingListed(task, owner: owner, filter: filter))
        }
        let text = FlightListOutput.render(
            flights, as: format, owner: owner.owner(config), contest: try db.contestSummaries(), tasks: tasks)
        return (text, nil)
    }

    /// `stats`: the totals of the flights the filters and `owner` choose, recency on `asOf`; JSON or text.
    package static func stats(
        config: FlightLogConfig, store db: FlightStore, filter: FlightFilter, owner choice: OwnerChoice,
        asOf: CivilDate, json: Bool
    ) throws -> String {
        let owner = choice.owner(config)
        let chosen = choice.chosen(try db.flights(matching: filter), config)
        let stats = try db.stats(of: chosen, owner: owner, asOf: asOf)
        let render = json ? StatsJSON.text : StatsText.text
        return render(stats.totals, stats.recency, owner, choice.summary(filter), stats.seasons)
    }
}
