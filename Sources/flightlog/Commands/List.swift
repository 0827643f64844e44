import ArgumentParser
import FlightLogCore
import FlightLogStore
import FlightLogText
import FlightLogTransfer
import Foundation

extension FlightLogCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List flights, oldest first, with totals.",
            discussion: """
                Examples:
                  flightlog list --instructor
                  flightlog list --guest "çağrı şahin" --since 2025-04-01
                  flightlog list --plane "ask 21" --launch winch --csv > winch.csv
                  flightlog list --owner "Müller"            # only flights Müller was aboard
                The table fits the terminal (80 columns when not a terminal; COLUMNS sets another width).
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var filters: FilterOptions
        @OptionGroup var ownerOptions: OwnerOptions
        @Flag(name: .long, help: "Print a JSON array of flight objects.") var json = false
        @Flag(name: .long, help: "Print CSV (one header line, one line per flight).") var csv = false
        @Flag(name: .long, help: "Newest flight first.") var newestFirst = false
        @Flag(name: .long, help: "Only flights with a declared task (✓ completed, ✗ not).") var task = false
        @Flag(name: .customLong("task-completed"), help: "Only flights whose declared task was completed.")
        var taskCompleted = false

        func validate() throws {
            if json && csv { throw ValidationError("choose one of --json and --csv.") }
        }

        func run() async throws {
            let width = Terminal.width(environment: ProcessInfo.processInfo.environment)
            let format: FlightListOutput.Format = json ? .json : csv ? .csv : .table(width: width)
            let (text, nothing) = try ListingRun.list(
                config: store.loadConfig(), store: store.open(.readOnly), filter: filters.filter,
                owner: ownerOptions.choice, task: TaskChoice(task: task, completed: taskCompleted),
                newestFirst: newestFirst, format: format)
            if let nothing { return printError(nothing) }
            print(text, terminator: "")
        }
    }
}
