import FlightLogCore
import FlightLogReports
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// The importer and the exporter as library services, on a real SQLite file: what `flightlog import` and
/// `flightlog export`, the web downloads and the ZIP call (the fuzz target runs the importer's pure step).
@Suite("Logbook import and export services", .serialized, .timeLimit(.minutes(2)))
struct LogbookServicesTests {
    /// What the CLI reads files with (FlightLogConfigFile's `InputFile`), as far as these files need.
    static func readFile(_ path: String, _ maxBytes: Int) throws -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    let sample = packageRoot.appendingPathComponent("samples/simulated-winch.igc")

    /// A logbook in a new folder, with the sample imported by the importer.
    func importedLogbook() throws -> (folder: URL, database: URL, flights: [Flight]) {
        let folder = try makeTemporaryDirectory()
        let database = folder.appendingPathComponent("flightlog.sqlite")
        let importer = LogbookImporter(config: FlightLogConfig(), readFile: Self.readFile) {
            try FlightStore(path: database.path, mode: .readWrite)
        }
        guard case .imported(let flights) = try importer.importFile(atPath: sample.path).outcome else {
            Issue.record("the sample was not imported")
            return (folder, database, [])
        }
        return (folder, database, flights)
    }

    @Test func importerStoresAFileOnceAndOpensNothingForARejectedOne() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("flightlog.sqlite")
        var opened = 0
        var config = FlightLogConfig()
        config.pilot = "Config Pilot"
        config.competitionId = "XY"
        let importer = LogbookImporter(config: config, readFile: Self.readFile) {
            opened += 1
            return try FlightStore(path: database.path, mode: .readWrite)
        }
        let junk = folder.appendingPathComponent("junk.igc")
        try Data("not an IGC file\n".utf8).write(to: junk)
        for (path, words) in [
            (junk.path, "not a usable IGC file"), (folder.path, "is a directory"),
            (folder.appendingPathComponent("missing.igc").path, "does it exist"),
        ] {
            #expect {
                try importer.importFile(atPath: path)
            } throws: { error in
                (error as? ImportFailure)?.description.contains(words) == true
            }
        }
        #expect(opened == 0)
        #expect(!FileManager.default.fileExists(atPath: database.path), "a rejected file left a database behind")

        let first = try importer.importFile(atPath: sample.path)
        guard case .imported(let flights) = first.outcome else { throw Failure("not imported: \(first.outcome)") }
        #expect(!flights.isEmpty && flights.allSatisfy { $0.id != nil })
        #expect(flights.allSatisfy { if case .imported("simulated-winch.igc", _) = $0.source { true } else { false } })
        #expect(first.skippedLines == 0)
        // The file's headers only: the config's defaults are for this device's flights, never an imported file's blanks.
        #expect(flights.allSatisfy { $0.details.pilot == "Simulated Pilot" && $0.details.competitionId == nil })
        let bytes = [UInt8](try Data(contentsOf: sample))
        for again in [
            try importer.importFile(atPath: sample.path), try importer.importFile(bytes, fileName: "copy.igc"),
        ] {
            guard case .duplicate(let ids) = again.outcome else { throw Failure("imported twice: \(again.outcome)") }
            #expect(ids == flights.map { $0.id! })
        }
        #expect(opened == 1)
    }

    @Test func exporterMakesEveryFormatOverALogbookSource() async throws {
        let (folder, database, flights) = try importedLogbook()
        defer { try? FileManager.default.removeItem(at: folder) }
        let flight = try #require(flights.first)
        let id = try #require(flight.id)
        let source = LocalLogbookSource(databasePath: database.path, config: FlightLogConfig()) { nil }
        let exporter = LogbookExporter(source: source)
        let options = LogbookOptions(owner: "", filterSummary: "all flights")
        let formats: [ExportFormat] = [
            .igc, .kml, .gpx, .geojson, .report(.svg), .logbookPDF(options), .zip(options),
        ]
        for format in formats {
            var files: [ExportedFile] = []
            try await exporter.export(format, of: flights) { files.append($0) }
            #expect(!files.isEmpty && files.allSatisfy { !$0.bytes.isEmpty }, "\(format)")
            let stem = "flight-\(id)-\(flight.localDate)"
            switch format {
            case .igc:
                // The imported file itself, once, whatever number of its flights were chosen.
                #expect(files.count == 1 && files[0].isOriginal && files[0].name == "simulated-winch.igc")
                #expect(files[0].bytes == [UInt8](try Data(contentsOf: sample)))
            case .kml: #expect(files[0].name == "\(stem).kml")
            case .gpx: #expect(files[0].name == "\(stem).gpx")
            case .geojson: #expect(files[0].name == "\(stem).geojson")
            case .report: #expect(files[0].name == "\(stem).pdf" && files[0].bytes.starts(with: Array("<?xml".utf8)))
            case .logbookPDF:
                #expect(files.map(\.name) == ["logbook.pdf"] && files[0].bytes.starts(with: Array("%PDF".utf8)))
            case .zip: #expect(files.map(\.name) == ["flights.zip"] && files[0].bytes.starts(with: [0x50, 0x4B]))
            }
        }
        let rebuilt = LogbookExporter(
            source: LocalLogbookSource(databasePath: database.path, config: FlightLogConfig(), rebuildIGC: true) { nil }
        )
        let ours = try await rebuilt.file(.igc, ofFlight: flight)
        #expect(!ours.isOriginal && ours.name.hasSuffix(".IGC"), "\(ours.name)")
    }

    @Test func writerNamesEachFileAndNeverTakesTheLogbooksOwn() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("flightlog.sqlite")
        try Data("the logbook".utf8).write(to: database)
        let logbookFiles = LogbookFiles(databasePath: database.path, configPath: nil)
        var writer = ExportWriter(.folder(folder.path), logbookFiles: logbookFiles)
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(try writer.write(ExportedFile(name: "a.igc", bytes: [1])) == .wrote(path: path("a.igc")))
        #expect(try writer.write(ExportedFile(name: "A.IGC", bytes: [2])) == .wrote(path: path("A-2.IGC")))
        #expect(
            try writer.write(ExportedFile(name: "flightlog.sqlite", bytes: [3]))
                == .wrote(path: path("flightlog-2.sqlite")))
        #expect(try Data(contentsOf: database) == Data("the logbook".utf8))
        var again = ExportWriter(.folder(folder.path), logbookFiles: logbookFiles)
        #expect(try again.write(ExportedFile(name: "a.igc", bytes: [1])) == .unchanged(path: path("a.igc")))
        // Other bytes under a name taken in the folder (ignoring case): the next free number.
        #expect(try again.write(ExportedFile(name: "a.igc", bytes: [4])) == .wrote(path: path("a-3.igc")))
        #expect(throws: FileWriteError.self) { try ExportWriter.checkFile(database.path, logbookFiles) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
