import ArgumentParser
import FlightLogTransfer

extension FlightLogCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show every detail of one flight, with a small barogram.",
            discussion: "Example: flightlog show 12")

        @OptionGroup var store: StoreOptions
        @OptionGroup var flight: FlightIdArgument
        @Flag(name: .long, help: "Print the flight as a JSON object.") var json = false
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
            print(
                try ShowRequest(id: flight.id, qnhHectopascals: qnh, json: json).output(
                    store: store.open(.readOnly), config: config))
        }
    }
}
