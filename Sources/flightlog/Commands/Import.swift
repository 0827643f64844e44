import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogStore
import FlightLogText
import FlightLogTransfer

extension FlightLogCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import IGC files into the logbook.",
            discussion: """
                A damaged line (a file cut off by a power cut, a bad byte) is skipped with a warning naming it and \
                every valid fix is imported; --strict rejects such a file whole. A file with nothing usable is \
                reported and nothing from it is stored; the other files still import. A file imported before is \
                skipped. The exit status is 1 when any file failed.
                Examples:
                  flightlog import 2025-05-03-XFL-ABC-01.IGC
                  flightlog import /media/usb/*.igc
                  flightlog import --strict suspicious.igc
                """)

        @OptionGroup var store: StoreOptions

        @Flag(help: "Reject a file with any damaged line (default: skip the line, import the rest).")
        var strict = false

        @Argument(help: "IGC files.")
        var files: [String]

        func run() async throws {
            let importer = LogbookImporter(
                config: try store.loadConfig(), strict: strict,
                readFile: { try InputFile.read($0, what: "the file", maxBytes: $1) },
                openStore: { try self.store.open(.readWrite) })
            let tally = importer.importFiles(files, say: { print($0) }, warn: { printError($0) })
            if files.count > 1 || tally.damagedLines > 0 { print(tally.summary(fileCount: files.count)) }
            if tally.failures > 0 {
                throw ExitCode(1)
            }
        }
    }
}
