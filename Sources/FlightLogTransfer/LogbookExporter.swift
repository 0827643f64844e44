import FlightLogCore
import FlightLogLogbook
import FlightLogReports
import FlightLogStore
import Foundation

/// What flights are exported as: one file per flight, or one file for all the chosen flights.
package enum ExportFormat: Sendable {
    /// The flight's IGC file (``LogbookSource/igcFile(flightId:)``): an imported flight's own file, written once
    /// however many of its flights are chosen; ours signed where the device key is at hand.
    case igc
    case kml, gpx, geojson
    /// The flight report with barogram and map; `qnhPascals` changes only the barogram's altitude scale.
    case report(FlightReportFormat, qnhPascals: Double? = nil)
    /// The logbook PDF of all the chosen flights (flights entered by hand too).
    case logbookPDF(LogbookOptions)
    /// One ZIP: the chosen flights' IGC files (as ``igc`` gives them) and their `logbook.pdf` (``LogbookArchive``).
    case zip(LogbookOptions)

    /// Whether each flight is a file of its own (and so needs a track).
    package var isPerFlight: Bool {
        switch self {
        case .igc, .kml, .gpx, .geojson, .report: true
        case .logbookPDF, .zip: false
        }
    }
}

/// One exported file, named (before ``ExportNames`` makes the name unique where it is written).
package struct ExportedFile: Sendable {
    package var name: String
    package var bytes: [UInt8]
    /// The flight the file is of (nil for the logbook PDF and the ZIP).
    package var flightId: Int64?
    /// An imported flight's own IGC file, byte for byte, rather than one we wrote.
    package var isOriginal: Bool
    /// Flights the file holds: an imported file is given whole for each of them.
    package var flightsInFile: Int
    /// What of the file could not be made as asked, in words (a report's map tiles); the file is whole all the same.
    package var notes: [String] = []

    package init(name: String, bytes: [UInt8], flightId: Int64? = nil, isOriginal: Bool = false, flightsInFile: Int = 1)
    {
        self.name = name
        self.bytes = bytes
        self.flightId = flightId
        self.isOriginal = isOriginal
        self.flightsInFile = flightsInFile
    }
}

/// Runs a document render (cairo blocks): the web runs it off its threads and refuses when too many run.
package typealias ExportRender = @Sendable (@escaping @Sendable () throws -> [UInt8]) async throws -> [UInt8]

/// The one exporter of the logbook, over a ``LogbookSource`` (this glider's SQLite file or the club's logbook):
/// `flightlog export`, the web downloads and the ZIP make their files here, in every format, with the same
/// names (`flight-ID-DATE.kml`; an IGC file its own) and the same rules.
package struct LogbookExporter: Sendable {
    package let source: any LogbookSource
    /// Runs the PDF and image renders (inline by default).
    package let render: ExportRender
    /// The MBTiles file under the report's map (``ReportTiles``), or why it cannot be used; `nil`: none configured.
    package let mapTiles: Result<MBTiles, LogbookError>?

    package init(
        source: any LogbookSource, mapTiles: Result<MBTiles, LogbookError>? = nil,
        render: @escaping ExportRender = { try $0() }
    ) {
        self.source = source
        self.mapTiles = mapTiles
        self.render = render
    }

    /// The files of `flights` in `format`, each handed to `deliver` as soon as it is made (so a long export writes
    /// as it goes): one per flight with a track (an imported file once, however many of its flights are chosen),
    /// or one for all. A flight without a track given to a per-flight format is ``LogbookError/noTrack(_:export:)``.
    package func export(
        _ format: ExportFormat, of flights: [Flight], deliver: (ExportedFile) async throws -> Void
    ) async throws {
        switch format {
        case .logbookPDF(let options):
            try await deliver(ExportedFile(name: "logbook.pdf", bytes: try await logbookPDF(flights, options)))
        case .zip(let options):
            try await deliver(ExportedFile(name: "flights.zip", bytes: try await zip(flights, options).bytes))
        case .igc, .kml, .gpx, .geojson, .report:
            var originals: Set<String> = []  // an imported file holding several chosen flights is given once
            for flight in flights {
                if case .imported(_, let sha256) = flight.source, originals.contains(sha256) { continue }
                let file = try await self.file(format, ofFlight: flight)
                if file.isOriginal, case .imported(_, let sha256) = flight.source { originals.insert(sha256) }
                try await deliver(file)
            }
        }
    }

    /// The logbook PDF of `flights`.
    package func logbookPDF(_ flights: [Flight], _ options: LogbookOptions) async throws -> [UInt8] {
        let options = try await withContest(options, flights)
        return try await render { try LogbookPDF.render(flights: flights, options: options) }
    }

    /// `options` with the flights' contest km and engine time from their stored analyses (none computed here).
    func withContest(_ options: LogbookOptions, _ flights: [Flight]) async throws -> LogbookOptions {
        var options = options
        options.contest = try await source.storedContestSummaries(of: flights)
        return options
    }

    /// The ZIP of the flights' IGC files (those with a track) and their logbook PDF; with a `README.txt` naming
    /// the imported flights edited since, whose IGC files are the originals without the edits (``EditedOriginal``).
    package func zip(_ flights: [Flight], _ options: LogbookOptions) async throws
        -> (bytes: [UInt8], igcFiles: Int, edited: [EditedOriginal])
    {
        var files: [(IGCExport, dated: UTCMillis)] = []
        var originals: [String: Int] = [:]  // an imported file's SHA-256 → its place in `files`
        var edited: [(file: Int, item: EditedOriginal)] = []
        for flight in flights where flight.hasTrack {
            // Flights of one imported file share it (the file's SHA-256 names it): fetched and written once.
            var index = files.count
            if case .imported(_, let sha256) = flight.source, let first = originals[sha256] {
                index = first
            } else {
                let file = try await source.igcFile(flightId: flight.id!)
                if file.isOriginal, case .imported(_, let sha256) = flight.source { originals[sha256] = index }
                files.append((file, flight.landingTime))
            }
            if files[index].0.isOriginal,
                let item = EditedOriginal(flight: flight, history: try await source.history(id: flight.id!))
            {
                edited.append((index, item))
            }
        }
        let names = LogbookArchive.entryNames(files.map(\.0))
        let notes = edited.map { file, item in
            var item = item
            item.fileName = names[file]
            return item
        }
        let chosen = files
        let logbook = try await withContest(options, flights)
        let bytes = try await render {
            try LogbookArchive.zip(files: chosen, flights: flights, logbook: logbook, edited: notes).bytes
        }
        return (bytes, chosen.count, notes)
    }

    /// One flight's file in `format`; for the logbook formats, its page alone.
    package func file(_ format: ExportFormat, ofFlight flight: Flight) async throws -> ExportedFile {
        let id = flight.id!
        let stem = "flight-\(id)-\(flight.localDate)"
        func geo(_ suffix: String, _ text: (Flight, [Fix]) -> String) async throws -> ExportedFile {
            let fixes = try await source.track(forFlight: id).fixes
            return ExportedFile(name: "\(stem).\(suffix)", bytes: Array(text(flight, fixes).utf8), flightId: id)
        }
        switch format {
        case .igc:
            let igc = try await source.igcFile(flightId: id)
            return ExportedFile(
                name: igc.fileName, bytes: igc.bytes, flightId: id, isOriginal: igc.isOriginal,
                flightsInFile: igc.flightsInFile)
        case .kml: return try await geo("kml", GeoExport.kml(flight:fixes:))
        case .gpx: return try await geo("gpx", GeoExport.gpx(flight:fixes:))
        case .geojson: return try await geo("geojson", GeoExport.geojson(flight:fixes:))
        case .report(let kind, let qnh):
            let fixes = try await source.track(forFlight: id).fixes
            let analysis = try await source.analysis(forFlight: id)
            var reportOptions = FlightReportOptions(qnhPascals: qnh)
            reportOptions.airspaces = try await source.airspaces()
            reportOptions.airfields = ReportAirfields.around(fixes)
            reportOptions.task = try await source.taskReport(for: flight, fixes: fixes)
            var notes: [String] = []
            (reportOptions.mapTiles, notes) = ReportTiles.of(mapTiles)
            let options = reportOptions
            let made = RenderNotes()
            let bytes = try await render {
                let report = try FlightReport.renderWithNotes(
                    flight: flight, fixes: fixes, analysis: analysis, format: kind, options: options)
                made.set(report.notes)
                return report.bytes
            }
            notes += made.get().map { ReportTiles.note($0, mapTiles) }
            var file = ExportedFile(name: "\(stem).pdf", bytes: bytes, flightId: id)
            file.notes = notes
            return file
        case .logbookPDF(let options):
            return ExportedFile(name: "\(stem).pdf", bytes: try await logbookPDF([flight], options), flightId: id)
        case .zip(let options):
            return ExportedFile(name: "\(stem).zip", bytes: try await zip([flight], options).bytes, flightId: id)
        }
    }
}
