import ArgumentParser
import FlightLogCore
import FlightLogTransfer

extension FlightLogCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
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

        @Option(help: ArgumentHelp("Take-off time, local (HH:MM).", valueName: "time"))
        var takeoff: String

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
            do {
                _ = try ManualFlight.minutes(takeoff)
                _ = try ManualFlight.minutes(landing)
            } catch {
                throw ValidationError(error.description)
            }
            if details.ownerRole == "auto" { throw ValidationError("--owner-role auto is for edit; leave it out.") }
        }

        func run() throws {
            let config = try store.loadConfig()
            var d = FlightDetails(pilot: config.pilot, gliderType: config.gliderType, registration: config.registration)
            details.choice.apply(to: &d, withPlaces: false)
            let flight = try ManualEntry.flight(
                date: date, takeoff: takeoff, landing: landing, takeoffPlace: details.takeoffPlace,
                landingPlace: details.landingPlace, utcOffsetSeconds: utcOffset, details: d,
                airfieldRadius: config.airfieldRadiusMeters)
            let id = try store.open(.readWrite).addManualFlight(flight)
            print(ManualEntry.summary(flight, id: id, takeoff: takeoff, landing: landing))
        }
    }
}
