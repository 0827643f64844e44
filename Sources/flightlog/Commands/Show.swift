import ArgumentParser
import FlightLogAirspace
import FlightLogAnalysis
import FlightLogCore
import FlightLogStore
import FlightLogText

extension FlightLogCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show every detail of one flight, with a small barogram.",
            discussion: "Example: flightlog show 12")

        @OptionGroup var store: StoreOptions

        @Argument(help: "The flight id (see flightlog list).")
        var id: Int64

        @Flag(name: .long, help: "Print the flight as a JSON object.")
        var json = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "QNH in hPa: airspace limits above mean sea level are checked against the pressure altitude at "
                    + "this QNH (without it: against the GNSS altitude).", valueName: "hPa"))
        var qnh: Double?

        func validate() throws {
            if let qnh, !(900...1100).contains(qnh) { throw ValidationError("--qnh must be between 900 and 1100 hPa.") }
        }

        func run() async throws {
            let config = try store.loadConfig()
            let owner = config.owner.flatMap(LogbookOwner.init)
            let db = try store.open(.readOnly)
            let flight = try db.flight(id: id)
            let track = try db.track(forFlight: id)
            let faults = RecordingFaults.of(flight, fixes: track.fixes)
            let analysis = flight.hasTrack ? try db.analysis(forFlight: id, index: config.gliderIndex) : nil
            let airspace =
                flight.hasTrack
                ? AirspaceFindings(
                    flight: flight, fixes: track.fixes, airspaces: try db.airspaces(), qnh: qnh.map { $0 * 100 }) : nil
            let task = try db.taskReport(for: flight, fixes: track.fixes)
            if json {
                print(
                    FlightJSON.show(
                        flight, faults: faults, analysis: analysis, owner: owner, airspace: airspace, task: task.report)
                )
            } else {
                let history = try db.history(id: id)
                print(
                    FlightDetailsText.text(
                        flight, fixes: track.fixes, faults: faults, analysis: analysis, history: history, owner: owner,
                        task: FlightTaskReport.block(task, flight: flight)))
                if let airspace {
                    print("\n" + terminalSafe(AirspaceText.block(airspace, flight: flight), keepNewlines: true))
                }
            }
        }
    }
}
