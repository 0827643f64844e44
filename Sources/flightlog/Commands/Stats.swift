import ArgumentParser
import FlightLogCore
import FlightLogStore
import FlightLogText

extension FlightLogCommand {
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Totals per year, glider type and launch method; PIC, dual and FI(S) time; recency.",
            discussion: """
                Totals cover the flights the list filters choose (as flightlog list shows them); times and \
                launches count only where the owner flew (PIC, dual or instructor; config [owner] name or \
                --owner, else each flight's pilot).
                Recency follows EASA Part-SFCL (SFCL.160); \
                where a rule leaves room, flightlog reads it as written here. It is worked out from every flight \
                of the owner up to --as-of (default today), whatever the filters:
                  passengers, SFCL.160(e): 3 launches as PIC (as instructor too) in the preceding 90 days; \
                lapses 90 days after the 3rd most recent such launch (a launch 90 days back no longer counts).
                  SPL, SFCL.160(a): in 24 months 5 h as PIC or dual (supervised solo is logged as PIC) \
                including 15 launches, and 2 training flights with an FI(S) (flights as dual); lapses 24 months \
                after the flight that completes the part that runs out first. Not checked: the FI(S) signatures \
                (SFCL.160(d)) and the proficiency check with an FE(S) that can replace these.
                  launch methods, SFCL.155(c): 5 launches per method in 24 months (bungee: 2; not kept here).
                Examples:
                  flightlog stats
                  flightlog stats --since 2025-01-01 --owner "Müller" --json
                  flightlog stats --as-of 2026-04-01      # current on the season's first day?
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var filters: FilterOptions
        @OptionGroup var ownerOptions: OwnerOptions

        @Flag(name: .long, help: "Print the statistics as JSON.")
        var json = false

        @Option(
            name: .customLong("as-of"),
            help: ArgumentHelp("Recency on this day (YYYY-MM-DD; default today).", valueName: "date"),
            transform: parseDay)
        var asOf: CivilDate?

        func run() async throws {
            let config = try store.loadConfig()
            let choice = ownerOptions.choice
            let db = try store.open(.readOnly)
            let owner = choice.owner(config)
            let chosen = choice.chosen(try db.flights(matching: filters.filter), config)
            let stats = try db.stats(of: chosen, owner: owner, asOf: asOf ?? .today())
            let render = json ? StatsJSON.text : StatsText.text
            print(render(stats.totals, stats.recency, owner, choice.summary(filters.filter), stats.seasons))
        }
    }
}
