import ArgumentParser
import FlightLogCore
import FlightLogStore
import FlightLogText
import FlightLogTransfer
import Foundation

extension FlightLogCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a flight without a track: a line of a paper logbook, a flight flown without the recorder.",
            discussion: """
                Times are local at the take-off place: a place flightlog knows (its code, its name or any part of \
                the name only it has, e.g. Merzbrück; case and accents do not matter) gives \
                its time zone (summer time included); for any other place give --utc-offset. The flight is stored \
                like any other (list, show, stats, the PDF logbook and the phone mark it "no track"); edit and \
                delete it as any flight. Pilot, glider and registration default to the config file's.
                Examples:
                  flightlog add --date 2025-06-14 --takeoff 10:05 --landing 11:20 \\
                    --takeoff-place EDKL --plane "ASK 21" --registration D-1234 \\
                    --launch winch --instructor "Müller, Jürgen"
                  flightlog add --date 2024-08-02 --takeoff 14:00 --landing 14:30 \\
                    --takeoff-place Hintertupfing --utc-offset +02:00 \\
                    --launch winch --launches 3 --remarks "3 circuits"
                """)

        @OptionGroup var store: StoreOptions
        @Option(help: ArgumentHelp("The day flown, local (YYYY-MM-DD).", valueName: "date"), transform: parseDay)
        var date: CivilDate
        @Option(help: ArgumentHelp("Take-off time, local (HH:MM).", valueName: "time")) var takeoff: String
        @Option(help: ArgumentHelp("Landing time, local (HH:MM), after the take-off time.", valueName: "time"))
        var landing: String
        @Option(
            name: .customLong("utc-offset"),
            help: ArgumentHelp(
                "The local time's offset from UTC, e.g. +02:00, when no known place gives it.", valueName: "±HH:MM"),
            transform: { text in
                do { return try ManualFlight.offsetSeconds(text) } catch { throw ValidationError("\(error)") }
            })
        var utcOffset: Int?
        @OptionGroup var details: CrewOptions

        func validate() throws {
            if let problem = ManualEntry.problem(takeoff: takeoff, landing: landing, crew: details.choice) {
                throw ValidationError(problem)
            }
        }

        func run() throws {
            let flight = try ManualEntry.flight(
                date: date, takeoff: takeoff, landing: landing, utcOffsetSeconds: utcOffset, crew: details.choice,
                config: store.loadConfig())
            let id = try store.open(.readWrite).addManualFlight(flight)
            print(ManualEntry.summary(flight, id: id, takeoff: takeoff, landing: landing))
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
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
        @OptionGroup var flight: FlightIdArgument
        @OptionGroup var details: CrewOptions

        func validate() throws {
            if details.choice.isEmpty {
                throw ValidationError("nothing to change: give at least one option (see flightlog edit --help).")
            }
        }

        func run() async throws {
            try EditRun.run(
                id: flight.id, choice: details.choice, store: try store.open(.readWrite),
                airfieldRadius: { try store.loadConfig().airfieldRadiusMeters },
                now: { UTCMillis(Date().timeIntervalSince1970 * 1000) }, say: { print($0) }, warn: printError)
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a flight from the logbook (asks first unless --yes).",
            discussion: """
                With a club logbook ([sync] url), the next flightlog sync hides the flight there too (the server keeps \
                the row).
                Example: flightlog delete 12 --yes
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var flight: FlightIdArgument
        @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false

        func run() async throws {
            let ask = { (question: String) -> Bool in
                printError(question)
                return ["y", "yes"].contains(readLine()?.lowercased())
            }
            print(
                try DeleteRun.run(
                    id: flight.id, store: store.open(.readWrite), yes: yes, ask: Terminal.inputIsTerminal ? ask : nil))
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
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
        @Flag(help: "Print the statistics as JSON.") var json = false
        @Option(
            name: .customLong("as-of"),
            help: ArgumentHelp("Recency on this day (YYYY-MM-DD; default today).", valueName: "date"),
            transform: parseDay)
        var asOf: CivilDate?

        func run() async throws {
            print(
                try ListingRun.stats(
                    config: store.loadConfig(), store: store.open(.readOnly), filter: filters.filter,
                    owner: ownerOptions.choice, asOf: asOf ?? .today(), json: json))
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Is flightlogd recording? gpsd, last fix, barometer, flying or not, database and WAL size.",
            discussion: """
                Reads the status flightlogd writes every 2 s next to its database and says first whether it records, \
                then what is wrong and what to do, then GPS, barometer, storage and the last flight. Exits 1 when the \
                recorder is not running (or its status is old), so scripts can check it. The database line gives the \
                size of the database file and of its write-ahead log (WAL): data in the WAL is not yet in the file \
                (flightlog backup makes a complete copy). --json prints the status file as flightlogd wrote it.
                Example: flightlog status
                """)

        @OptionGroup var store: StoreOptions
        @Flag(help: "Print the status file's JSON as flightlogd wrote it.") var json = false

        func run() async throws {
            let (text, status) = StatusSummary.command(databasePath: try store.databasePath(), json: json)
            print(text)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
