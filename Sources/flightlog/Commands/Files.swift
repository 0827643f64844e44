import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogReports
import FlightLogStore
import FlightLogText
import FlightLogTransfer
import Foundation

extension FlightLogCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
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
        @Flag(help: "Reject a file with any damaged line (default: skip the line, import the rest).") var strict = false
        @Argument(help: "IGC files.") var files: [String]

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

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Export flights: IGC, KML, GPX, GeoJSON, a flight report (PDF/SVG), the PDF logbook or all in a ZIP.",
            discussion: """
                Flights are chosen by id or, without ids, by the list filters (all flights when none is given).
                Every file is written to a temporary name in its folder, synced and renamed when complete: on any \
                error (a full disk too) the old file stays as it was. Only regular files are replaced; -o - writes \
                one file to standard output. IGC files we write are signed with this device's key (signing.key \
                beside the database; see flightlog verify); without read access to it they are written unsigned, with \
                a warning. An imported flight's IGC file is the file it was imported from, byte for byte (its \
                recorder's G record intact, every flight in it); --rebuild writes our own file from the stored fixes \
                and the logbook details instead.
                Into a folder, no file is ever replaced or dropped: each file gets its own name (two of one name, \
                ignoring case, become NAME-2, NAME-3 …; names are cut to 255 bytes, keeping the extension); a file \
                already there with the same bytes is left as it is (a re-export adds nothing), one with other bytes \
                is kept and the new file is numbered. -o FILE replaces that one file, as asked. No export ever writes \
                over the logbook's own files (database, -wal, -shm, -journal, live journal, signing keys, config).
                Examples:
                  flightlog export --igc 12 -o ~/igc/                 # → ~/igc/2025-05-03-XFL-FLG-01.IGC
                  flightlog export --igc 7 -o ~/igc/                  # imported: → ~/igc/its-own-name.igc, unchanged
                  flightlog export --igc --rebuild 7 -o flight7.igc   # our file, with the edited details
                  flightlog export --igc --since 2025-01-01 -o out/   # every 2025 flight
                  flightlog export --kml 12 -o flight12.kml
                  flightlog export --report 12 -o flight12.pdf        # or .svg, or .png (150 dpi)
                  flightlog export --pdf --instructor -o logbook.pdf
                  flightlog export --pdf --owner "Müller, Jürgen" -o logbook.pdf   # Müller's flights and roles
                  flightlog export --zip --year 2025 -o season-2025.zip   # every IGC file and the logbook PDF
                  flightlog export --new --to /media/usb/FLIGHTLOG    # a USB stick or any folder: what it lacks
                With --to, the folder gets every flight not yet written to it (remembered beside the logbook: by the \
                folder's path, or with --stick ID by the stick's id wherever it is mounted; an edited flight counts \
                as new; --all writes all again): the IGC files, logbook.pdf of all chosen flights and \
                flightlog-backup.sqlite (see flightlog backup). Nothing is written unless all of it fits, and a \
                refused export leaves no folder behind; plugging a stick into the Pi does this by itself \
                (flightlog-usb@.service, with --stick).
                A flight entered by hand (flightlog add) has no track: it is in the logbook (--pdf) but has no \
                IGC, KML, GPX, GeoJSON or report.
                """)

        typealias Kind = ExportCommandKind

        @OptionGroup var store: StoreOptions
        @Flag var kind: Kind?
        @OptionGroup var filters: FilterOptions
        @OptionGroup var ownerOptions: OwnerOptions
        @Argument(help: "Flight ids (see flightlog list). Without ids the filters choose.") var ids: [Int64] = []
        @Option(
            name: .shortAndLong,
            help: ArgumentHelp("Output file, directory for several files, or - for standard output.", valueName: "path")
        )
        var output: String?
        @Option(
            help: ArgumentHelp(
                "QNH in hPa for the report's barogram and airspace check (IGC stays ISA).", valueName: "hPa"))
        var qnh: Double?
        @Flag(help: "With --igc: write our own file even for an imported flight (not the recorder's original).")
        var rebuild = false
        @OptionGroup var stickOptions: StickOptions

        func validate() throws {
            if let problem = stickOptions.choice.problem(kind: kind, output: output, rebuild: rebuild) {
                throw ValidationError(problem)
            }
            guard let kind else { return }  // the stick set (--to)
            let problem = kind.problem(
                output: output, ids: ids, filtered: !filters.filter.isEmpty, ownerGiven: ownerOptions.owner != nil,
                qnh: qnh, rebuild: rebuild)
            if let problem { throw ValidationError(problem) }
        }

        func run() async throws {
            try await ExportRequest.run(
                kind: kind, ids: ids, filter: filters.filter, owner: ownerOptions.choice, output: output, qnh: qnh,
                rebuild: rebuild, stick: stickOptions.choice, location: store.location, say: { print($0) },
                warn: printError)
        }
    }

    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
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
        @Flag(help: "Replace the file if it exists.") var force = false

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

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check an IGC file's security record (G record) against this device's signing key.",
            discussion: """
                flightlog signs its IGC files with this device's Ed25519 key (signing.key beside the database; \
                its public key signing.pub). One line says what the file is; the exit status says it too:
                  0  valid: signed by this device (or by the --key given)
                  1  changed after it was signed, unsigned, or not an IGC file
                  2  intact, but signed by another flightlog key (printed: check again with --key KEY)
                  3  another recorder's file: only that maker's validation program can check its G record
                A flight id instead of a file checks the IGC file `flightlog export --igc ID` gives: an imported \
                flight's own file (another recorder's, or one of ours), or the file written now for a recorded one.
                Examples:
                  flightlog verify 2025-06-14-XFL-001-01.IGC
                  flightlog verify 12                           # the file of flight 12 in the logbook
                  flightlog verify flight.igc --key 3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29
                  flightlog verify flight.igc --key club-glider.pub
                  flightlog verify --print-key                  # this device's public key, for publishing
                """)

        @OptionGroup var store: StoreOptions
        @Argument(help: ArgumentHelp("The IGC file to check, or a flight id.", valueName: "file|id")) var file: String?
        @Option(
            help: ArgumentHelp(
                "The public key to trust instead of this device's: 64 hex digits or a .pub file.", valueName: "hex|path"
            ))
        var key: String?
        @Flag(help: "Print this device's public key (64 hex digits) and stop.") var printKey = false

        func validate() throws {
            if file == nil && !printKey { throw ValidationError("give the IGC file to check (or --print-key)") }
        }

        func run() async throws {
            let status = try VerifyRequest.run(
                file: printKey ? nil : file, key: key, location: store.location,
                readFile: { try InputFile.read($0, what: "the file", maxBytes: $1) }, say: { print($0) },
                warn: printError)
            if status != 0 { throw ExitCode(status) }
        }
    }

    struct Repair: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give imported flights back the pilot and glider their file names, where an older version "
                + "filled the config's defaults in.",
            discussion: """
                flightlog before 2026-12 filled an imported file's blank pilot, glider type, registration and \
                competition id from the config file's defaults, so a stranger's flight counted as yours. This \
                reads each imported flight's kept file again and, where the flight holds the config's default and \
                the file says otherwise (a blank too), restores the file's value: one line per flight. A value you \
                set by hand (flightlog edit, the phone, the club logbook) is never changed; each repair is kept in \
                the edit history like an edit.
                Examples:
                  flightlog repair --dry-run      # only say what would change
                  flightlog repair
                """)

        @OptionGroup var store: StoreOptions
        @Flag(help: "Only print what would change; write nothing.") var dryRun = false

        func run() async throws {
            try ImportedRepairRun.command(
                dryRun: dryRun, location: store.location, now: { UTCMillis(Date().timeIntervalSince1970 * 1000) },
                say: { print($0) }, warn: printError)
        }
    }
}

extension ExportCommandKind: EnumerableFlag {
    package static func help(for value: ExportCommandKind) -> ArgumentHelp? {
        switch value {
        case .igc: "IGC files (one per flight) that XCSoar, SeeYou, WeGlide and aerofiles read."
        case .kml: "KML for Google Earth (one per flight)."
        case .gpx: "GPX 1.1 track (one per flight)."
        case .geojson: "GeoJSON LineString (one per flight)."
        case .report: "Flight report with barogram and map: PDF; SVG or PNG when -o ends in .svg or .png."
        case .pdf: "The Part-SFCL logbook (A4 landscape PDF) of the chosen flights, with totals."
        case .zip: "One ZIP: the chosen flights' IGC files (as --igc writes them) and their logbook.pdf."
        }
    }
}

/// `export --to FOLDER`: the USB stick set (``StickExport``).
struct StickOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A folder (a USB stick's FLIGHTLOG, or any): write the IGC files, logbook.pdf and a backup of the flights "
                + "it does not have yet.", valueName: "folder"))
    var to: String?
    @Flag(help: "With --to: only flights not yet written to this stick, and edited ones (the default).") var new = false
    @Flag(help: "With --to: write every chosen flight again.") var all = false
    @Option(
        help: ArgumentHelp(
            "With --to: the stick's id (its file system UUID): what it got is remembered by it wherever it is "
                + "mounted, and flightlog status reports the export. Without it: by the folder's path.",
            valueName: "id"))
    var stick: String?

    /// The options as the export's rules take them (``ExportChoice/Stick``).
    var choice: ExportChoice.Stick { ExportChoice.Stick(to: to, new: new, all: all, stick: stick) }
}
