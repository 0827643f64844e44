import FlightLogCore
import FlightLogReports
import FlightLogSecurity
import FlightLogStore
import Foundation
import ZIPFoundation

extension FlightLogCommand.Export {
    /// `export --zip`: the chosen flights' IGC files, exactly as `--igc` writes them (an imported flight's own
    /// file once, however many of its flights were chosen; ours signed when the key is readable), and
    /// `logbook.pdf` of all of them (flights without a track are in the PDF only). Built in memory, deflated,
    /// entries dated by their flights; the caller writes it atomically.
    func zipArchive(_ flights: [Flight], db: FlightStore, config: FlightLogConfig, owner: String, summary: String)
        throws -> (bytes: [UInt8], igcFiles: Int)
    {
        let archive: Archive
        do {
            archive = try Archive(accessMode: .create)
        } catch {
            throw CLIError("cannot make a ZIP archive: \(error)")
        }
        var names: Set<String> = []
        var originals: Set<String> = []
        var signer: IGCSigner??
        for flight in flights where flight.hasTrack {
            let id = flight.id!
            let file: IGCExport
            if !rebuild, let original = try originalIGCExport(flightId: id, store: db) {
                // Flights of one imported file share it (the file's SHA-256 names it): written once.
                if case .imported(_, let sha256) = flight.source, !originals.insert(sha256).inserted { continue }
                file = original
            } else {
                if signer == nil { signer = .some(try igcSigner()) }
                file = try igcExport(flightId: id, store: db, config: config, signer: signer ?? nil, rebuild: true)
            }
            try add(file.bytes, as: uniqueName(file.fileName, in: &names), dated: flight.landingTime, to: archive)
        }
        let pdf = try LogbookPDF.render(flights: flights, options: LogbookOptions(owner: owner, filterSummary: summary))
        try add(pdf, as: uniqueName("logbook.pdf", in: &names), dated: flights.map(\.landingTime).max() ?? 0, to: archive)
        guard let data = archive.data else { throw CLIError("the ZIP archive came out empty; nothing written") }
        return (Array(data), names.count - 1)
    }

    private func add(_ bytes: [UInt8], as name: String, dated time: UTCMillis, to archive: Archive) throws {
        let data = Data(bytes)
        do {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count),
                modificationDate: Date(timeIntervalSince1970: Double(time) / 1000), compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        } catch {
            throw CLIError("cannot add \(name) to the ZIP archive: \(error)")
        }
    }

    /// `name`, or `name-2.ext`, `name-3.ext` … when taken (two files of the same name).
    private func uniqueName(_ name: String, in taken: inout Set<String>) -> String {
        var candidate = name
        var n = 2
        while taken.contains(candidate) {
            let stem = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
            candidate = "\(stem)-\(n)" + (ext.isEmpty ? "" : ".\(ext)")
            n += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
