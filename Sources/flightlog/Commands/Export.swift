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

        enum Kind: String, EnumerableFlag {
            case igc, kml, gpx, geojson, report, pdf, zip

            static func help(for value: Kind) -> ArgumentHelp? {
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
            if let problem = stickOptions.problem(kind: kind, output: output, ids: ids, rebuild: rebuild) {
                throw ValidationError(problem)
            }
            guard let kind else { return }  // the stick set (--to)
            if kind == .pdf && output == nil {
                throw ValidationError("--pdf needs -o FILE.pdf (or -o - for standard output)")
            }
            if kind == .zip && output == nil {
                throw ValidationError("--zip needs -o FILE.zip (or -o - for standard output)")
            }
            if let qnh, !(900...1100).contains(qnh) { throw ValidationError("--qnh must be between 900 and 1100 hPa.") }
            if qnh != nil && kind != .report {
                throw ValidationError("--qnh only changes the barogram and airspace check of --report; leave it out.")
            }
            if rebuild && kind != .igc { throw ValidationError("--rebuild goes with --igc.") }
            if !ids.isEmpty && !filters.filter.isEmpty {
                throw ValidationError("give flight ids or filters, not both: with ids the filters choose nothing.")
            }
            if !ids.isEmpty && ownerOptions.owner != nil && kind != .pdf {
                throw ValidationError(
                    "--owner chooses flights (and whose logbook --pdf is); with flight ids it does nothing here.")
            }
            let suffix = output.map { ($0 as NSString).pathExtension.lowercased() } ?? ""
            if suffix == "png" && kind != .report {
                throw ValidationError(
                    "only --report can be a PNG; write -o FILE.\(kind == .pdf ? "pdf" : kind.rawValue)")
            }
            if suffix == "svg" && kind != .report {
                throw ValidationError(
                    "only --report can be an SVG; write -o FILE.\(kind == .pdf ? "pdf" : kind.rawValue)")
            }
        }

        func run() async throws {
            let config = try store.loadConfig()
            let databasePath = try store.databasePath()
            let signer = LazySigner(igcSigner(databasePath: databasePath))
            let source = LocalLogbookSource(
                databasePath: databasePath, config: config, rebuildIGC: rebuild, signer: signer.callAsFunction)
            let db = try source.store()
            var flights: [Flight]
            let summary = ownerOptions.summary(filters.filter)
            if ids.isEmpty {
                flights = ownerOptions.chosen(try db.flights(matching: filters.filter), config)
                if flights.isEmpty {
                    throw CLIError(
                        filters.filter.isEmpty && ownerOptions.owner == nil
                            ? "the logbook is empty: nothing to export"
                            : "no flights match: \(summary); nothing written")
                }
            } else {
                flights = try ids.map { try db.flight(id: $0) }
            }
            guard let kind else {
                let exporter = LogbookExporter(source: source)
                return try await toStick(flights, db: db, exporter: exporter, config: config, summary: summary)
            }
            let logbookFiles = LogbookFiles(databasePath: databasePath, configPath: store.configPath)
            // The report's map draws the phone map's MBTiles file (`[server] map_tiles`) under the track.
            let tiles = kind == .report ? LogbookExporter.mapTiles(path: config.server.mapTiles) : nil
            let exporter = LogbookExporter(source: source, mapTiles: tiles)
            let owner = ownerOptions.owner(config)?.name ?? ""
            let logbook = LogbookOptions(owner: owner, filterSummary: summary)
            let many = "\(flights.count) flight\(flights.count == 1 ? "" : "s")"
            switch kind {
            case .zip:
                var writer = try ExportWriter(wholeFile(logbookFiles), logbookFiles: logbookFiles)
                let archive = try await exporter.zip(flights, logbook)
                if case .wrote(let path) = try cli({
                    try writer.write(ExportedFile(name: "flights.zip", bytes: archive.bytes))
                }) {
                    print(
                        "Wrote \(path): \(archive.igcFiles) IGC file\(archive.igcFiles == 1 ? "" : "s") and logbook.pdf (\(many))."
                    )
                }
                if !archive.edited.isEmpty { printError(EditedOriginal.summary(archive.edited, in: "the ZIP")) }
            case .pdf:
                let chosen = ids.isEmpty ? summary : "flights " + ids.map(String.init).joined(separator: ", ")
                let target = try wholeFile(logbookFiles)
                var writer = ExportWriter(target, logbookFiles: logbookFiles)
                let pages = LogbookOptions(owner: owner, filterSummary: chosen)
                try await exporter.export(format(kind, target, logbook: pages), of: flights) { file in
                    if case .wrote(let path) = try cli({ try writer.write(file) }) { print("Wrote \(path) (\(many)).") }
                }
            case .igc, .kml, .gpx, .geojson, .report:
                flights = try withTracks(flights, chosenById: !ids.isEmpty)
                if toStandardOutput && flights.count > 1 {
                    throw CLIError(
                        "-o - writes one file, but \(flights.count) flights were chosen; give one flight id or a folder"
                    )
                }
                let target = try target(many: flights.count > 1, logbookFiles: logbookFiles)
                var writer = ExportWriter(target, logbookFiles: logbookFiles)
                var warned: Set<String> = []  // the same warning once, however many reports have it
                try await exporter.export(format(kind, target, logbook: logbook), of: flights) { file in
                    for note in file.notes where warned.insert(note).inserted { printError("warning: \(note)") }
                    if file.isOriginal && file.flightsInFile > 1 {
                        printError(
                            "flight \(file.flightId!): the original file holds \(file.flightsInFile) flights; it is written whole (--rebuild for this flight alone)"
                        )
                    }
                    if file.isOriginal, let id = file.flightId, let note = try editedOriginalNote(id, db) {
                        printError(note)
                    }
                    switch try cli({ try writer.write(file) }) {
                    case .standardOutput: break
                    case .wrote(let path): print("Wrote \(path)")
                    case .unchanged(let path): print("Unchanged \(path) (already there with the same bytes)")
                    }
                }
            }
        }

        /// For an imported flight edited since: the file is its recorder's, unchanged (so its signature stays
        /// valid) and without the edits; `--rebuild` writes our own file with them. `nil` for an unedited flight.
        func editedOriginalNote(_ id: Int64, _ db: FlightStore) throws -> String? {
            var fields: [String] = []
            for line in FieldChange.lines(try db.history(id: id), currentRole: nil) where !fields.contains(line.label) {
                fields.append(line.label)
            }
            guard !fields.isEmpty else { return nil }
            return "note: flight \(id) was edited (\(fields.joined(separator: ", "))), but this is the original file "
                + "as imported, unchanged so that its recorder's signature (G record) stays valid; for a file with "
                + "the edits: flightlog export --igc --rebuild \(id)"
        }

        /// The exporter's format of `kind`; a report's is the file's suffix (`.svg`, `.png`, else PDF).
        func format(_ kind: Kind, _ target: ExportTarget, logbook: LogbookOptions) -> ExportFormat {
            switch kind {
            case .igc: return .igc
            case .kml: return .kml
            case .gpx: return .gpx
            case .geojson: return .geojson
            case .pdf: return .logbookPDF(logbook)
            case .zip: return .zip(logbook)
            case .report:
                var suffix = ""
                if case .file(let path) = target { suffix = (path as NSString).pathExtension.lowercased() }
                let format: FlightReportFormat = suffix == "svg" ? .svg : suffix == "png" ? .png : .pdf
                return .report(format, qnhPascals: qnh.map { $0 * 100 })
            }
        }

        var toStandardOutput: Bool { output == "-" }

        /// Loads the device key's signer, warning when the files will be unsigned (``LazySigner`` calls it once).
        func igcSigner(databasePath: String) -> () -> IGCSigner? {
            {
                let (signer, problem) = DeviceKey.exportSigner(databasePath: databasePath)
                if let problem { printError("warning: IGC files written without G record (unsigned): \(problem)") }
                return signer
            }
        }

        /// A library failure to write as the command's one-line error.
        func cli<T>(_ body: () throws -> T) throws(CLIError) -> T {
            do { return try body() } catch { throw CLIError("\(error)") }
        }

        /// `-o FILE` or `-o -` for the logbook PDF and the ZIP, checked before anything is made.
        func wholeFile(_ logbookFiles: LogbookFiles) throws(CLIError) -> ExportTarget {
            if toStandardOutput { return .standardOutput }
            let path = absolute(output!)
            try cli { try ExportWriter.checkFile(path, logbookFiles) }
            return .file(path)
        }

        /// `-o` as a file (one flight, not a directory), a folder (several flights, `-o DIR/`, `-o` naming a
        /// directory, or no `-o`: the current one) or standard output; checked before anything is made.
        func target(many: Bool, logbookFiles: LogbookFiles) throws(CLIError) -> ExportTarget {
            guard let output else { return .folder(FileManager.default.currentDirectoryPath) }
            if toStandardOutput { return .standardOutput }
            var isDirectory: ObjCBool = false
            if output.hasSuffix("/") || many
                || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue)
            {
                let folder = absolute(output)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                    throw CLIError(
                        "cannot write into \(folder): it is not a folder; create the folder first (nothing was written)"
                    )
                }
                return .folder(folder)
            }
            let path = absolute(output)
            try cli { try ExportWriter.checkFile(path, logbookFiles) }
            return .file(path)
        }

        /// The flights that have a track. A flight chosen by id without one is an error (before anything is
        /// written); flights the filters chose without one are left out with a note.
        func withTracks(_ flights: [Flight], chosenById: Bool) throws(CLIError) -> [Flight] {
            let manual = flights.filter { !$0.hasTrack }
            guard !manual.isEmpty else { return flights }
            let what = kind == .report ? "a report" : (kind ?? .igc).rawValue.uppercased()
            if chosenById || manual.count == flights.count {
                throw CLIError(LogbookError.noTrack(manual[0].id ?? 0, export: what).description)
            }
            printError(
                "note: left out \(manual.count) flight\(manual.count == 1 ? "" : "s") without a track (entered by hand): no \(what) for \(manual.count == 1 ? "it" : "them")"
            )
            return flights.filter(\.hasTrack)
        }
    }
}
