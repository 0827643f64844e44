import ArgumentParser
import FlightLogCore
import FlightLogStore
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
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: "The flight id (see flightlog list).")
        var id: Int64

        @Option(help: ArgumentHelp("Pilot in command.", valueName: "name")) var pilot: String?
        @Option(help: ArgumentHelp("An instructor was aboard.", valueName: "name")) var instructor: String?
        @Option(help: ArgumentHelp("A student was aboard (you instructed).", valueName: "name")) var student: String?
        @Option(help: ArgumentHelp("A guest (passenger) was aboard.", valueName: "name")) var guest: String?
        @Option(help: ArgumentHelp("Other crew aboard.", valueName: "name")) var crew: String?
        @Flag(name: .customLong("no-second-person"), help: "Nobody else was aboard.") var noSecondPerson = false
        @Option(help: ArgumentHelp("Glider type, e.g. \"ASK 21\".", valueName: "model")) var plane: String?
        @Option(help: ArgumentHelp("Registration, e.g. D-1234.", valueName: "reg")) var registration: String?
        @Option(name: .customLong("competition-id"), help: ArgumentHelp("Competition id.", valueName: "id"))
        var competitionId: String?
        @Option(help: ArgumentHelp("winch, aerotow, self or unknown.", valueName: "method")) var launch: LaunchMethod?
        @Option(name: .customLong("release-height"), help: ArgumentHelp("Release height above takeoff, metres.", valueName: "m"))
        var releaseHeight: Double?
        @Option(name: .customLong("takeoff-place"), help: ArgumentHelp("Takeoff place name.", valueName: "name"))
        var takeoffPlace: String?
        @Option(name: .customLong("landing-place"), help: ArgumentHelp("Landing place name.", valueName: "name"))
        var landingPlace: String?
        @Option(help: ArgumentHelp("Remarks (empty text clears them).", valueName: "text")) var remarks: String?

        func validate() throws {
            let people = [instructor, student, guest, crew].compactMap { $0 }.count + (noSecondPerson ? 1 : 0)
            if people > 1 {
                throw ValidationError("give only one of --instructor, --student, --guest, --crew, --no-second-person.")
            }
            if let releaseHeight, !(0...5000).contains(releaseHeight) {
                throw ValidationError("--release-height must be between 0 and 5000 m.")
            }
            let changes: [Any?] = [
                pilot, instructor, student, guest, crew, plane, registration, competitionId, launch, releaseHeight,
                takeoffPlace, landingPlace, remarks,
            ]
            if !noSecondPerson && changes.allSatisfy({ $0 == nil }) {
                throw ValidationError("nothing to change: give at least one option (see flightlog edit --help).")
            }
            for (name, value) in [("pilot", pilot), ("instructor", instructor), ("student", student), ("guest", guest), ("crew", crew)] {
                if let value, value.trimmingCharacters(in: .whitespaces).isEmpty {
                    throw ValidationError("--\(name) needs a name (use --no-second-person to clear the second person).")
                }
            }
        }

        func run() async throws {
            let db = try store.open(.readWrite)
            var details = try db.flight(id: id).details
            func clean(_ s: String) -> String? {
                let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
                return t.isEmpty ? nil : t
            }
            if let pilot { details.pilot = clean(pilot) }
            for (name, role) in [(instructor, SecondPersonRole.instructor), (student, .student), (guest, .guest), (crew, .crew)] {
                if let name {
                    details.secondPerson = clean(name)
                    details.secondPersonRole = role
                }
            }
            if noSecondPerson {
                details.secondPerson = nil
                details.secondPersonRole = nil
            }
            if let plane { details.gliderType = clean(plane) }
            if let registration { details.registration = clean(registration)?.uppercased() }
            if let competitionId { details.competitionId = clean(competitionId) }
            if let launch { details.launchMethod = launch }
            if let releaseHeight { details.releaseHeight = releaseHeight }
            if let takeoffPlace { details.takeoffPlace = clean(takeoffPlace) }
            if let landingPlace { details.landingPlace = clean(landingPlace) }
            if let remarks { details.remarks = clean(remarks) }
            let now = UTCMillis(Date().timeIntervalSince1970 * 1000)
            let changes = try db.updateDetails(id: id, to: details, editedAt: now)
            if changes.isEmpty {
                print("Flight \(id): nothing changed.")
            }
            for change in changes {
                print("Flight \(id): \(change.field): \(change.oldValue ?? "—") → \(change.newValue ?? "—")")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a flight from the logbook (asks first unless --yes).",
            discussion: "Example: flightlog delete 12 --yes")

        @OptionGroup var store: StoreOptions

        @Argument(help: "The flight id (see flightlog list).")
        var id: Int64

        @Flag(name: .shortAndLong, help: "Do not ask.")
        var yes = false

        func run() async throws {
            let db = try store.open(.readWrite)
            let flight = try db.flight(id: id)
            let summary = "flight \(id) (\(flight.localDate) \(flight.localTakeoff.hourMinute), \(flight.details.gliderType ?? "glider?"), \(hoursMinutes(flight.duration)))"
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
