import ArgumentParser
import FlightLogCore
import FlightLogStore
import FlightLogText

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

        @Flag(name: .long, help: "Print a JSON array of flight objects.")
        var json = false

        @Flag(name: .long, help: "Print CSV (one header line, one line per flight).")
        var csv = false

        @Flag(name: .long, help: "Newest flight first.")
        var newestFirst = false

        func validate() throws {
            if json && csv { throw ValidationError("choose one of --json and --csv.") }
        }

        func run() async throws {
            let config = try store.loadConfig()
            let db = try store.open(.readOnly)
            let filter = filters.filter
            let owner = ownerOptions.choice
            let flights = owner.chosen(try db.flights(matching: filter, newestFirst: newestFirst), config)
            if flights.isEmpty && !json && !csv {
                printError(owner.choosesAll(filter) ? "No flights yet." : "No flights match: \(owner.summary(filter)).")
                return
            }
            let format: FlightListOutput.Format = json ? .json : csv ? .csv : .table(width: terminalWidth())
            let contest = try db.contestSummaries()
            print(
                FlightListOutput.render(flights, as: format, owner: owner.owner(config), contest: contest),
                terminator: "")
        }
    }
}
