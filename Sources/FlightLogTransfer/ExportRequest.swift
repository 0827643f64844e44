import FlightLogCore
import FlightLogLogbook
import FlightLogReports
import FlightLogStore
import Foundation

/// One `flightlog export --KIND` of chosen flights: where it goes (`-o`), the logbook's owner and the words for
/// what was chosen. ``write(_:store:exporter:say:warn:)`` writes the files and says what became of each.
package struct ExportRequest: Sendable {
    package var kind: ExportCommandKind
    /// The flight ids given (empty: the filters chose).
    package var ids: [Int64]
    /// `-o`: a file, a folder or `-` for standard output; nil is the current folder.
    package var output: String?
    package var qnhHectopascals: Double?
    package var owner: String
    /// The filters in words (the logbook PDF's subtitle when no ids were given).
    package var filterSummary: String
    package var logbookFiles: LogbookFiles

    package init(
        kind: ExportCommandKind, ids: [Int64], output: String?, qnhHectopascals: Double?, owner: String,
        filterSummary: String, logbookFiles: LogbookFiles
    ) {
        self.kind = kind
        self.ids = ids
        self.output = output
        self.qnhHectopascals = qnhHectopascals
        self.owner = owner
        self.filterSummary = filterSummary
        self.logbookFiles = logbookFiles
    }

    /// The exporter for this kind over `source`: a report's map draws the phone map's MBTiles file at `mapTiles`
    /// (`[server] map_tiles`) under the track.
    package func exporter(source: any LogbookSource, mapTiles: String?) -> LogbookExporter {
        LogbookExporter(source: source, mapTiles: kind == .report ? LogbookExporter.mapTiles(path: mapTiles) : nil)
    }

    /// Writes `flights`: each line for the user (`Wrote …`, `Unchanged …`) to `say`, each warning (once) to `warn`.
    /// Throws ``TransferRefusal`` for an output that cannot take the files.
    package func write(
        _ flights: [Flight], store: FlightStore, exporter: LogbookExporter, say: (String) -> Void,
        warn: (String) -> Void
    ) async throws {
        let logbook = LogbookOptions(owner: owner, filterSummary: filterSummary)
        let many = "\(flights.count) flight\(flights.count == 1 ? "" : "s")"
        switch kind {
        case .zip:
            var writer = ExportWriter(
                try ExportOutput.wholeFile(output ?? "-", logbookFiles), logbookFiles: logbookFiles)
            let archive = try await exporter.zip(flights, logbook)
            let written = try refusing { try writer.write(ExportedFile(name: "flights.zip", bytes: archive.bytes)) }
            if case .wrote(let path) = written {
                let igc = "\(archive.igcFiles) IGC file\(archive.igcFiles == 1 ? "" : "s")"
                say("Wrote \(path): \(igc) and logbook.pdf (\(many)).")
            }
            if !archive.edited.isEmpty { warn(EditedOriginal.summary(archive.edited, in: "the ZIP")) }
        case .pdf:
            let chosen = ids.isEmpty ? filterSummary : "flights " + ids.map(String.init).joined(separator: ", ")
            let target = try ExportOutput.wholeFile(output ?? "-", logbookFiles)
            var writer = ExportWriter(target, logbookFiles: logbookFiles)
            let pages = LogbookOptions(owner: owner, filterSummary: chosen)
            try await exporter.export(
                kind.format(target, logbook: pages, qnhHectopascals: qnhHectopascals), of: flights
            ) { file in
                if case .wrote(let path) = try refusing({ try writer.write(file) }) { say("Wrote \(path) (\(many)).") }
            }
        case .igc, .kml, .gpx, .geojson, .report:
            try await writeEach(flights, store: store, exporter: exporter, logbook: logbook, say: say, warn: warn)
        }
    }

    /// The per-flight kinds: one file per flight with a track (an imported file once), into a file, a folder or
    /// standard output.
    private func writeEach(
        _ chosen: [Flight], store: FlightStore, exporter: LogbookExporter, logbook: LogbookOptions,
        say: (String) -> Void, warn: (String) -> Void
    ) async throws {
        let flights = try ExportOutput.withTracks(chosen, chosenById: !ids.isEmpty, what: kind.what, note: warn)
        if output == "-" && flights.count > 1 {
            throw TransferRefusal(
                "-o - writes one file, but \(flights.count) flights were chosen; give one flight id or a folder")
        }
        let target = try ExportOutput.target(output, many: flights.count > 1, logbookFiles)
        var writer = ExportWriter(target, logbookFiles: logbookFiles)
        var warned: Set<String> = []  // the same warning once, however many reports have it
        let format = kind.format(target, logbook: logbook, qnhHectopascals: qnhHectopascals)
        try await exporter.export(format, of: flights) { file in
            for note in file.notes where warned.insert(note).inserted { warn("warning: \(note)") }
            if file.isOriginal && file.flightsInFile > 1 {
                warn(
                    "flight \(file.flightId!): the original file holds \(file.flightsInFile) flights; it is written whole (--rebuild for this flight alone)"
                )
            }
            if file.isOriginal, let id = file.flightId,
                let note = ExportOutput.editedOriginalNote(id, history: try store.history(id: id))
            {
                warn(note)
            }
            switch try refusing({ try writer.write(file) }) {
            case .standardOutput: break
            case .wrote(let path): say("Wrote \(path)")
            case .unchanged(let path): say("Unchanged \(path) (already there with the same bytes)")
            }
        }
    }

    /// A write failure as the one-line refusal the command prints.
    private func refusing<T>(_ body: () throws -> T) throws(TransferRefusal) -> T {
        do { return try body() } catch { throw TransferRefusal("\(error)") }
    }
}
