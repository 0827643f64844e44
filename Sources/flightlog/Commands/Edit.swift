import ArgumentParser
import FlightLogAnalysis
import FlightLogCore
import FlightLogStore
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
            if details.isEmpty {
                throw ValidationError("nothing to change: give at least one option (see flightlog edit --help).")
            }
        }

        func run() async throws {
            let db = try store.open(.readWrite)
            var competitionClass: String?
            let (new, changes) = try db.editDetails(id: id, now: { UTCMillis(Date().timeIntervalSince1970 * 1000) }) {
                stored, attempt in
                competitionClass = stored.competitionClass
                var new = stored.details
                details.apply(to: &new)
                let landingField = try EditPlaces.name(
                    in: &new, takeoffGiven: details.takeoffPlace != nil, landingGiven: details.landingPlace != nil,
                    index: { try? AirfieldCatalog.index().index })
                if attempt == 1, let landingField { try warnIfFar(landingField, flight: stored) }
                return (new, landingField != nil)
            }
            if changes.isEmpty {
                print("Flight \(id): nothing changed.")
            }
            for line in FieldChange.lines(changes, currentRole: new.secondPersonRole) {
                print(terminalSafe("Flight \(id): \(line.text)"))
            }
            if let type = details.plane,
                case .ambiguous(let entries) = GliderIndex.match(type, competitionClass: competitionClass)
            {
                print(terminalSafe("Flight \(id): contest index: \(GliderIndex.ambiguity(type, entries))"))
            }
        }

        /// The pilot's landing field is taken; one farther than the airfield radius from where the track ends is
        /// said, with the distance (a typo, or the wrong flight).
        private func warnIfFar(_ field: Airfield, flight: Flight) throws {
            let radius = try store.loadConfig().airfieldRadiusMeters
            guard let far = FarLandingField(field, landingOf: flight, radiusMeters: radius) else { return }
            printError(terminalSafe("Warning: flight \(id): \(far.text)"))
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
            let flight = try db.flight(id: id)
            let summary =
                "flight \(id) (\(flight.localDate) \(flight.localTakeoff.hourMinute), \(flight.details.gliderType ?? "glider?"), \(hoursMinutes(flight.duration)))"
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
