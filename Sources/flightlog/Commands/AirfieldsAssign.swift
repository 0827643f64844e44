import ArgumentParser
import FlightLogTransfer

extension FlightLogCommand.Airfields {
    /// `flightlog airfields assign`: names the takeoff and landing places of flights from the airfield index.
    struct Assign: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "assign",
            abstract: "Name the take-off and landing places of flights that have none yet (--all: every flight).",
            discussion: """
                New flights are placed when they are recorded or imported, and flightlogd places older ones when \
                it starts. After adding a CUP file, `assign --all` places every flight again: the nearest field \
                within airfield_radius_km (default 3 km), else an outlanding; the time zone of the take-off place. \
                A place you edited by hand is kept.
                Examples:
                  flightlog airfields assign
                  flightlog airfields import club-sites.cup && flightlog airfields assign --all
                """)

        @OptionGroup var store: StoreOptions

        @Flag(help: "Place every flight again, not only those without a place.")
        var all = false

        func run() throws {
            let radius = try store.loadConfig().airfieldRadiusMeters
            print(
                try AirfieldListing.assignPlaces(
                    radius: radius, all: all, openStore: { try store.open(.readWrite) }, warn: printError))
        }
    }
}
