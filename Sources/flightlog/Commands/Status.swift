import ArgumentParser
import FlightLogCore
import FlightLogStore
import FlightLogText
import FlightLogTransfer
import Foundation

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
            let statusPath = RecorderStatusFile.path(besideDatabase: path)
            if json, let snapshot = RecorderStatusFile.read(at: statusPath), snapshot.status != nil {
                print(terminalSafe(String(decoding: snapshot.bytes, as: UTF8.self), keepNewlines: true))
                return
            }
            let logbook =
                FileManager.default.fileExists(atPath: path) ? try? FlightStore(path: path, mode: .readOnly) : nil
            let facts = StatusFacts.read(
                statusPath: statusPath, databasePath: path, store: logbook,
                stickExport: StickReport.last(databasePath: path))
            let summary = StatusSummary(facts)
            print(terminalSafe(summary.text, keepNewlines: true))
            if !summary.recording { throw ExitCode(1) }
        }
    }
}
