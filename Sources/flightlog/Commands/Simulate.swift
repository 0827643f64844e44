import ArgumentParser
import FlightLogCore
import FlightLogSimulation
import FlightLogTransfer

extension FlightLogCommand {
    struct Simulate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "simulate",
            abstract: "Write a simulated glider flight as an IGC file (for demos, tests and replay).",
            discussion: """
                The simulator is deterministic: the same options give the same file.
                Example: flightlog simulate --launch winch --minutes 40 -o samples/simulated-winch.igc
                """)

        @Option(help: "winch, aerotow or self.") var launch: LaunchMethod = .winch
        @Option(help: "Minutes in the air.") var minutes: Int = 40
        @Option(
            help: ArgumentHelp(
                "Start of the recording, UTC (YYYY-MM-DDTHH:MM:SSZ); the ground roll starts 5 min later.",
                valueName: "time"))
        var start: String = "2025-06-14T10:00:00Z"
        @Option(help: "Seed of the random weather.") var seed: UInt64 = 1
        @Option(name: .customLong("interval-ms"), help: "Fix interval in milliseconds (1000 = 1 Hz).")
        var intervalMillis: Int = 1000
        @Option(name: .shortAndLong, help: ArgumentHelp("Output IGC file.", valueName: "path")) var output: String
        @Option(
            help: ArgumentHelp(
                "The field to fly from, latitude,longitude in degrees (default Aachen-Merzbrück).", valueName: "lat,lon"
            ))
        var at: String?
        @Option(help: ArgumentHelp("Field elevation with --at, metres above sea level.", valueName: "m"))
        var elevation: Double?

        /// The options for the simulator (`--at` as read: nil when absent or unreadable).
        var options: SimulateOptions {
            SimulateOptions(
                launch: launch, minutes: minutes, start: start, seed: seed, intervalMillis: intervalMillis,
                field: at.flatMap(AirfieldListing.coordinate), elevation: elevation)
        }

        func validate() throws {
            let fieldUnreadable = at != nil && options.field == nil
            if let problem = options.problem(fieldUnreadable: fieldUnreadable) { throw ValidationError(problem) }
        }

        func run() async throws {
            guard let file = FlightSimulator.igcFile(options.plan) else {
                throw ValidationError(SimulateOptions.yearsProblem)
            }
            try AtomicFile.write(file.bytes, to: absolutePath(output))
            print("Wrote \(output): \(file.fixes) fixes, \(launch.rawValue) launch, \(minutes) min in the air.")
        }
    }
}
