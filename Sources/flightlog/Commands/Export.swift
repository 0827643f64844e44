import ArgumentParser
import FlightLogCore
import FlightLogReports
import FlightLogSecurity
import FlightLogStore
import FlightLogTransfer
import Foundation

extension FlightLogCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
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

        @Argument(help: "Flight ids (see flightlog list). Without ids the filters choose.")
        var ids: [Int64] = []

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
            let config = try store.loadConfig()
            let databasePath = try store.databasePath()
            let signer = LazySigner(igcSigner(databasePath: databasePath))
            let source = LocalLogbookSource(
                databasePath: databasePath, config: config, rebuildIGC: rebuild, signer: signer.callAsFunction)
            let db = try source.store()
            let summary = ownerOptions.choice.summary(filters.filter)
            let flights = try ExportChoice.flights(
                ids: ids, filter: filters.filter, owner: ownerOptions.choice, config: config, store: db)
            let owner = ownerOptions.choice.owner(config)?.name ?? ""
            guard let kind else {  // --to: the stick set
                let destination = StickExport.Destination(
                    folder: stickOptions.to!, stick: stickOptions.stick, databasePath: databasePath,
                    configPath: store.configPath, rewriteAll: stickOptions.all)
                let lines = try await StickExport.toFolder(
                    flights, store: db, exporter: LogbookExporter(source: source), destination: destination,
                    logbook: LogbookOptions(owner: owner, filterSummary: summary))
                return lines.forEach { print($0) }
            }
            // The report's map draws the phone map's MBTiles file (`[server] map_tiles`) under the track.
            let tiles = kind == .report ? LogbookExporter.mapTiles(path: config.server.mapTiles) : nil
            let request = ExportRequest(
                kind: kind, ids: ids, output: output, qnhHectopascals: qnh, owner: owner, filterSummary: summary,
                logbookFiles: LogbookFiles(databasePath: databasePath, configPath: store.configPath))
            try await request.write(
                flights, store: db, exporter: LogbookExporter(source: source, mapTiles: tiles), say: { print($0) },
                warn: printError)
        }

        /// Loads the device key's signer, warning when the files will be unsigned (``LazySigner`` calls it once).
        func igcSigner(databasePath: String) -> () -> IGCSigner? {
            {
                let (signer, problem) = DeviceKey.exportSigner(databasePath: databasePath)
                if let problem { printError("warning: IGC files written without G record (unsigned): \(problem)") }
                return signer
            }
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
