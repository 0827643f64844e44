import ArgumentParser
import FlightLogCore
import FlightLogStore
import FlightLogText
import FlightLogTransfer

extension FlightLogCommand {
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
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

        @Flag(name: .long, help: "Print the status file's JSON as flightlogd wrote it.")
        var json = false

        func run() async throws {
            let path = try store.databasePath()
            if json, let text = RecorderStatusFile.writtenText(besideDatabase: path) {
                return print(terminalSafe(text, keepNewlines: true))
            }
            let summary = StatusSummary(.read(besideDatabase: path))
            print(terminalSafe(summary.text, keepNewlines: true))
            if !summary.recording { throw ExitCode(1) }
        }
    }
}
