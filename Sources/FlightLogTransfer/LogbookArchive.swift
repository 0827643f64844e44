import FlightLogCore
import FlightLogReports
import FlightLogStore
import Foundation
import ZIPFoundation

/// Many flights in one file, for `flightlog export --zip` and the phone's ZIP download (both through
/// ``LogbookExporter/zip(_:_:)``): the flights' IGC files exactly as `export --igc` writes them (an imported
/// flight's own file once, however many of its flights are chosen; ours signed when the device key is readable)
/// and `logbook.pdf` of all of them (flights entered by hand are in the PDF only), and when some imported flight
/// was edited since, `README.txt` naming those whose IGC file is the original without the edits
/// (``EditedOriginal``). Built in memory, deflated, each entry dated by its flight.
package enum LogbookArchive {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The archive of IGC files already made (each dated by its flight's landing), `logbook.pdf` of `flights`,
    /// and `README.txt` listing `edited` (none: no README).
    package static func zip(
        files: [(IGCExport, dated: UTCMillis)], flights: [Flight], logbook: LogbookOptions,
        edited: [EditedOriginal] = []
    ) throws -> (bytes: [UInt8], igcFiles: Int) {
        let archive: Archive
        do {
            archive = try Archive(accessMode: .create)
        } catch {
            throw Failure(description: "cannot make a ZIP archive: \(error)")
        }
        for ((file, time), name) in Swift.zip(files, entryNames(files.map(\.0))) {
            try add(file.bytes, as: name, dated: time, to: archive)
        }
        let pdf = try LogbookPDF.render(flights: flights, options: logbook)
        let newest = flights.map(\.landingTime).max() ?? 0
        try add(pdf, as: "logbook.pdf", dated: newest, to: archive)
        if !edited.isEmpty {
            let readme = EditedOriginal.readme(edited, backup: false)
            try add(Array(readme.utf8), as: EditedOriginal.readmeName, dated: newest, to: archive)
        }
        guard let data = archive.data else { throw Failure(description: "the ZIP archive came out empty") }
        return (Array(data), files.count)
    }

    /// The IGC files' names in the archive: `logbook.pdf` and `README.txt` keep theirs; an IGC file of one of
    /// those names (or any two of one name, ignoring case) is numbered.
    package static func entryNames(_ files: [IGCExport]) -> [String] {
        var names = ExportNames(reserved: ["logbook.pdf", EditedOriginal.readmeName])
        return files.map { names.claim($0.fileName) }
    }

    private static func add(_ bytes: [UInt8], as name: String, dated time: UTCMillis, to archive: Archive) throws {
        let data = Data(bytes)
        do {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count),
                modificationDate: Date(timeIntervalSince1970: Double(time) / 1000), compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        } catch {
            throw Failure(description: "cannot add \(name) to the ZIP archive: \(error)")
        }
    }

    /// `name-N.ext` (`name-N` without an extension): the N-th file of one name (``ExportNames``).
    package static func numberedName(_ name: String, _ n: Int) -> String { ExportNames.numbered(name, n) }
}
