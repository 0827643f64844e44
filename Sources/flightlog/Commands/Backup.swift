import ArgumentParser
import FlightLogTransfer

extension FlightLogCommand {
    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Write the whole logbook to one file, safe while flightlogd records.",
            discussion: """
                The copy is a single SQLite file (no -wal file needed: copy it anywhere, open it with \
                flightlog --database FILE). It is one consistent moment of the logbook, checked with SQLite's \
                integrity check and a flight count before it gets its name; on any error nothing is written. \
                An existing file is replaced only with --force, and never one of the logbook's own files \
                (database, -wal, -shm, -journal, live journal, signing keys, config). \
                Writing to standard output (-) is not supported.
                Examples:
                  flightlog backup /media/usb/logbook-2025-06-14.sqlite
                  flightlog backup --force ~/logbook-backup.sqlite
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The file to write; it must not exist unless --force.", valueName: "file"))
        var file: String

        @Flag(name: .long, help: "Replace the file if it exists.")
        var force = false

        func validate() throws {
            if file == "-" {
                throw ValidationError("backup writes a file; standard output (-) is not supported: give a file name.")
            }
        }

        func run() async throws {
            let files = LogbookFiles(databasePath: try store.databasePath(), configPath: store.configPath)
            print(
                try LogbookBackup.write(to: file, replacing: force, logbookFiles: files) { try store.open(.readOnly) })
        }
    }
}
