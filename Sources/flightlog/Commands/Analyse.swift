import ArgumentParser
import FlightLogTransfer
import Foundation

extension FlightLogCommand {
    struct Analyse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "analyse",
            abstract: "Finish the contest searches that stopped at their work budget (\"not proven yet\").",
            discussion: """
                An import, a landing or a page never waits long for the exact free distance search: where it \
                would take long (one glide losing thousands of metres), it stops at a fixed amount of work with \
                the best route found and an upper bound, and show, the phone and the report say "not proven yet: \
                at most 318.0 km". --prove runs those searches again in steps, each with 4 times the work of the \
                one before, at idle priority, and stores each step's result as it ends: stopped at any moment \
                (the master switch), it loses only the step under way and goes on from there next time. One line \
                per flight when it is proven. The flightlog-prove unit runs it after each landing and every hour.
                An id that names no flight is said ("flight 999: no such flight") and the other ids are done all \
                the same. Exit status 0 when every id named a flight (proven or stopped at the work limit); 1 at \
                the end when some did not, with an error naming them.
                Examples:
                  flightlog analyse --prove        # every flight whose free distance is not proven yet
                  flightlog analyse --prove 12 14
                """)

        @OptionGroup var store: StoreOptions

        @Flag(help: "Finish the free distance searches that are not proven yet.")
        var prove = false

        @Argument(help: "Flight ids (default: every flight not proven yet).")
        var ids: [Int64] = []

        func validate() throws {
            guard prove else { throw ValidationError("Say what to do: --prove (see flightlog help analyse).") }
        }

        func run() async throws {
            try ContestProofRun.command(
                ids: ids, location: store.location,
                say: {
                    print($0)
                    fflush(nil)  // a pipe or the journal buffers: each flight's line as it is proven
                }, warn: printError)
        }
    }
}
