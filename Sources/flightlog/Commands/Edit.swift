import ArgumentParser
import FlightLogCore
import FlightLogText
import FlightLogTransfer
import Foundation

extension FlightLogCommand {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a flight's logbook details. The recorded track is never changed.",
            discussion: """
                Every change is kept in the flight's edit history (flightlog show ID lists it).
                Examples:
                  flightlog edit 12 --instructor "Müller, Jürgen" --launch winch
                  flightlog edit 13 --guest "Çağrı Şahin" --remarks "Guest flight"
                  flightlog edit 14 --no-second-person --plane "LS 4" --registration D-1445
                  flightlog edit 15 --owner-role passenger   # auto: from the crew names again
                  flightlog edit 16 --takeoff-place merzbruck   # a known field by any part of its name
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: "The flight id (see flightlog list).")
        var id: Int64

        @OptionGroup var details: CrewOptions

        func validate() throws {
            if details.choice.isEmpty {
                throw ValidationError("nothing to change: give at least one option (see flightlog edit --help).")
            }
        }

        func run() async throws {
            try EditRun.run(
                id: id, choice: details.choice, store: try store.open(.readWrite),
                airfieldRadius: { try store.loadConfig().airfieldRadiusMeters },
                now: { UTCMillis(Date().timeIntervalSince1970 * 1000) }, say: { print($0) }, warn: printError)
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a flight from the logbook (asks first unless --yes).",
            discussion: """
                With a club logbook ([sync] url), the next flightlog sync hides the flight there too (the server keeps \
                the row).
                Example: flightlog delete 12 --yes
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: "The flight id (see flightlog list).")
        var id: Int64

        @Flag(name: .shortAndLong, help: "Do not ask.")
        var yes = false

        func run() async throws {
            let db = try store.open(.readWrite)
            let summary = try db.flight(id: id).deletionName(id: id)
            if !yes {
                guard standardInputIsTerminal else {
                    throw CLIError("refusing to delete \(summary) without --yes: there is no terminal to ask")
                }
                printError("Delete \(summary)? This cannot be undone. [y/N] ")
                guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                    print("Kept \(summary).")
                    return
                }
            }
            try db.delete(id: id)
            print("Deleted \(summary).")
        }
    }
}
