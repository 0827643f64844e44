import FlightLogCore
import FlightLogReports
import FlightLogStore
import FlightLogTransfer
import Foundation

/// One flight's files, the logbook PDF and the ZIP of the list's flights.
extension WebApp {
    func export(_ kind: ExportKind, id: Int64, viewer: Viewer) async throws -> WebResponse {
        let flight = try await viewer.source.flight(id: id)
        guard flight.hasTrack else {
            throw HTTPError(status: 404, title: "No track", message: StoreError.noTrack(id, export: kind.label).description)
        }
        let stem = "flight-\(id)-\(flight.localDate)"
        switch kind {
        case .igc:
            let file = try await viewer.source.igcFile(flightId: id)
            return .download(file.bytes, contentType: kind.contentType, fileName: file.fileName)
        case .kml, .gpx, .geojson:
            let fixes = try await viewer.source.track(forFlight: id).fixes
            let text: String
            switch kind {
            case .kml: text = GeoExport.kml(flight: flight, fixes: fixes)
            case .gpx: text = GeoExport.gpx(flight: flight, fixes: fixes)
            default: text = GeoExport.geojson(flight: flight, fixes: fixes)
            }
            let suffix = kind.rawValue.split(separator: ".").last.map(String.init) ?? "txt"
            return .download(Array(text.utf8), contentType: kind.contentType, fileName: "\(stem).\(suffix)")
        case .report:
            let fixes = try await viewer.source.track(forFlight: id).fixes
            let bytes = try await limitedRender {
                try FlightReport.render(flight: flight, fixes: fixes, format: .pdf, options: FlightReportOptions())
            }
            return .download(bytes, contentType: kind.contentType, fileName: "\(stem).pdf")
        }
    }

    func logbook(_ query: [String: String], viewer: Viewer) async throws -> WebResponse {
        let (flights, options) = try await chosenFlights(query, viewer: viewer, for: "no logbook to print")
        let bytes = try await limitedRender { try LogbookPDF.render(flights: flights, options: options) }
        return .download(bytes, contentType: "application/pdf", fileName: "logbook.pdf")
    }

    /// The filtered flights' IGC files and their logbook PDF in one ZIP (``LogbookArchive``).
    func logbookArchive(_ query: [String: String], viewer: Viewer) async throws -> WebResponse {
        let (flights, options) = try await chosenFlights(query, viewer: viewer, for: "nothing to download")
        var files: [(IGCExport, dated: UTCMillis)] = []
        var originals: Set<String> = []
        for flight in flights where flight.hasTrack {
            // Flights of one imported file share it (the file's SHA-256 names it): fetched and written once.
            if case .imported(_, let sha256) = flight.source, originals.contains(sha256) { continue }
            let file = try await viewer.source.igcFile(flightId: flight.id!)
            if file.isOriginal, case .imported(_, let sha256) = flight.source { originals.insert(sha256) }
            files.append((file, flight.landingTime))
        }
        let chosen = files
        let bytes = try await limitedRender {
            try LogbookArchive.zip(files: chosen, flights: flights, logbook: options).bytes
        }
        return .download(bytes, contentType: "application/zip", fileName: "flights.zip")
    }

    /// The flights the list's filters choose, and the logbook options for them.
    private func chosenFlights(_ query: [String: String], viewer: Viewer, for purpose: String) async throws
        -> ([Flight], LogbookOptions)
    {
        let parsed = try listQuery(query)
        let flights = try await viewer.source.flights(matching: parsed.filter)
        guard !flights.isEmpty else {
            throw HTTPError(status: 404, title: "No flights", message: "No flights match \(parsed.filter.summary): \(purpose).")
        }
        return (flights, LogbookOptions(owner: viewer.owner ?? "", filterSummary: parsed.filter.summary))
    }

    private func limitedRender(_ render: @escaping @Sendable () throws -> [UInt8]) async throws -> [UInt8] {
        let limit = maxRenders
        let admitted = renders.update { (count: inout Int) -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            throw HTTPError(status: 503, title: "Busy", message: "Other PDFs are being made right now; try again in a moment.")
        }
        defer { renders.update { (count: inout Int) -> Void in count -= 1 } }
        do {
            return try await renderOffThread(render)
        } catch {
            throw HTTPError(status: 500, title: "Could not make the PDF", message: "\(error)")
        }
    }
}
