import ArgumentParser
import FlightLogCore
import FlightLogStore
import FlightLogTransfer
import Foundation

extension FlightLogCommand {
    struct Repair: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repair",
            abstract: "Give imported flights back the pilot and glider their file names, where an older version "
                + "filled the config's defaults in.",
            discussion: """
                flightlog before 2026-12 filled an imported file's blank pilot, glider type, registration and \
                competition id from the config file's defaults, so a stranger's flight counted as yours. This \
                reads each imported flight's kept file again and, where the flight holds the config's default and \
                the file says otherwise (a blank too), restores the file's value: one line per flight. A value you \
                set by hand (flightlog edit, the phone, the club logbook) is never changed; each repair is kept in \
                the edit history like an edit.
                Examples:
                  flightlog repair --dry-run      # only say what would change
                  flightlog repair
                """)

        @OptionGroup var store: StoreOptions

        @Flag(help: "Only print what would change; write nothing.")
        var dryRun = false

        func run() async throws {
            let defaults = try store.loadConfig().defaultDetails
            guard ImportedRepairRun.hasDefaults(defaults) else {
                print("Nothing to repair: the config file gives no pilot, glider type, registration or competition id.")
                return
            }
            try ImportedRepairRun.run(
                store: try store.open(dryRun ? .readOnly : .readWrite), defaults: defaults, dryRun: dryRun,
                now: { UTCMillis(Date().timeIntervalSince1970 * 1000) }, say: { print($0) })
        }
    }
}
