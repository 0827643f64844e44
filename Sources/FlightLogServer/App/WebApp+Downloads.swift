import FlightLogCore
import FlightLogReports
import FlightLogStore
import FlightLogTransfer
import FlightLogWeb
import Foundation

/// One flight's files, the logbook PDF and the ZIP of the list's flights.
extension WebApp {
    func export(_ kind: ExportKind, id: Int64, viewer: Viewer) async throws -> WebResponse {
        let flight = try await viewer.source.flight(id: id)
        guard flight.hasTrack else {
            throw HTTPError(
                status: 404, title: "No track", message: LogbookError.noTrack(id, export: kind.label).description)
        }
        let file = try await exporter(viewer).file(kind.format, ofFlight: flight)
        return .download(file.bytes, contentType: kind.contentType, fileName: file.name)
    }

    func logbook(_ query: [String: String], viewer: Viewer) async throws -> WebResponse {
        let (flights, options) = try await chosenFlights(query, viewer: viewer, for: "no logbook to print")
        let bytes = try await exporter(viewer).logbookPDF(flights, options)
        return .download(bytes, contentType: "application/pdf", fileName: "logbook.pdf")
    }

    /// The filtered flights' IGC files and their logbook PDF in one ZIP (``LogbookArchive``).
    func logbookArchive(_ query: [String: String], viewer: Viewer) async throws -> WebResponse {
        let (flights, options) = try await chosenFlights(query, viewer: viewer, for: "nothing to download")
        let bytes = try await exporter(viewer).zip(flights, options).bytes
        return .download(bytes, contentType: "application/zip", fileName: "flights.zip")
    }

    /// The logbook's exporter for this viewer; its PDFs are made off the server's threads, a few at a time. The
    /// report's map gets the flight page's tile file (its problems were said when the server started).
    private func exporter(_ viewer: Viewer) -> LogbookExporter {
        LogbookExporter(source: viewer.source, mapTiles: mapTiles().map { .success($0) }) { [self] render in
            try await limitedRender(render)
        }
    }

    /// The flights the list's filters choose, and the logbook options for them.
    private func chosenFlights(_ query: [String: String], viewer: Viewer, for purpose: String) async throws
        -> ([Flight], LogbookOptions)
    {
        let parsed = try listQuery(query)
        let flights = try await viewer.source.flights(matching: parsed.filter)
        guard !flights.isEmpty else {
            throw HTTPError(
                status: 404, title: "No flights", message: "No flights match \(parsed.filter.summary): \(purpose).")
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
            throw HTTPError(
                status: 503, title: "Busy", message: "Other PDFs are being made right now; try again in a moment.")
        }
        defer { renders.update { (count: inout Int) -> Void in count -= 1 } }
        do {
            return try await renderOffThread(render)
        } catch {
            throw HTTPError(status: 500, title: "Could not make the PDF", message: "\(error)")
        }
    }
}
