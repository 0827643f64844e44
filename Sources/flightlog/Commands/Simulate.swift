import ArgumentParser
import FlightLogCore
import FlightLogSimulation
import FlightLogTransfer
import Foundation

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

        func validate() throws {
            if launch == .unknown { throw ValidationError("--launch must be winch, aerotow or self.") }
            if !(5...720).contains(minutes) { throw ValidationError("--minutes must be 5…720.") }
            if parseUTC(start) == nil { throw ValidationError("--start must look like 2025-06-14T10:00:00Z.") }
            if !(100...10_000).contains(intervalMillis) { throw ValidationError("--interval-ms must be 100…10000.") }
            if let at, AirfieldListing.coordinate(at) == nil {
                throw ValidationError("--at wants latitude,longitude in degrees, e.g. --at 51.0147,7.0053")
            }
            if let elevation, !(-500...5000).contains(elevation) {
                throw ValidationError("--elevation must be -500…5000 m.")
            }
        }

        func run() async throws {
            var plan = SimulatedFlightPlan.demo
            plan.start = parseUTC(start)!
            plan.launch = launch
            plan.flightMinutes = minutes
            plan.seed = seed
            plan.fixIntervalMillis = intervalMillis
            if let at, let field = AirfieldListing.coordinate(at) {
                plan.field = Coordinate(latitude: field.latitude, longitude: Geodesy.wrappedLongitude(field.longitude))
            }
            if let elevation { plan.fieldElevation = elevation }
            guard let file = FlightSimulator.igcFile(plan) else {
                let range = IGCReader.twoDigitYears
                throw ValidationError(
                    "--start: an IGC file dates its flight with two-digit years, read as \(range.lowerBound)–"
                        + "\(range.upperBound); give a start (and a flight) within those years.")
            }
            try writeAtomically(Data(file.bytes), to: absolutePath(output))
            print("Wrote \(output): \(file.fixes) fixes, \(launch.rawValue) launch, \(minutes) min in the air.")
        }
    }
}

/// Parses `YYYY-MM-DDTHH:MM:SS[.mmm]Z` into UTC millis.
func parseUTC(_ text: String) -> UTCMillis? {
    guard text.hasSuffix("Z"), let t = text.firstIndex(of: "T"),
        let date = CivilDate(iso: String(text[..<t]))
    else { return nil }
    let clock = text[text.index(after: t)..<text.index(before: text.endIndex)].split(separator: ":")
    guard clock.count == 3, let h = Int(clock[0]), let m = Int(clock[1]), let s = Double(clock[2]),
        (0..<24).contains(h), (0..<60).contains(m), (0..<61).contains(s)
    else { return nil }
    return date.utcMidnight + Int64(h) * 3_600_000 + Int64(m) * 60_000 + Int64((s * 1000).rounded())
}
