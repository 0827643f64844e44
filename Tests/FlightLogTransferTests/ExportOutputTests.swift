import FlightLogCore
import FlightLogReports
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogTransfer

/// What `flightlog export` checks before anything is made, and the `--to` folder's orchestration, in process.
@Suite("Export output checks and the --to folder", .serialized, .timeLimit(.minutes(2)))
struct ExportOutputTests {
    @Test func outputIsAFileAFolderOrStandardOutputAndNeverALogbookFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let database = dir.appendingPathComponent("flightlog.sqlite").path
        try Data("the logbook".utf8).write(to: URL(fileURLWithPath: database))
        let files = LogbookFiles(databasePath: database, configPath: nil)
        let file = dir.appendingPathComponent("one.igc").path
        guard case .standardOutput = try ExportOutput.wholeFile("-", files) else { throw Failure("not stdout") }
        guard case .file(file) = try ExportOutput.wholeFile(file, files) else { throw Failure("not the file") }
        guard case .file(file) = try ExportOutput.target(file, many: false, files) else { throw Failure("one") }
        // Several flights, a trailing slash or an existing directory: a folder, which must be there.
        guard case .folder(dir.path) = try ExportOutput.target(dir.path, many: false, files) else {
            throw Failure("an existing directory is a folder")
        }
        guard case .folder(FileManager.default.currentDirectoryPath) = try ExportOutput.target(nil, many: true, files)
        else { throw Failure("no -o: the current directory") }
        let missing = dir.appendingPathComponent("missing").path
        for many in [true, false] {
            #expect {
                try ExportOutput.target(missing + (many ? "" : "/"), many: many, files)
            } throws: { error in
                "\(error)"
                    == "cannot write into \(missing)\(many ? "" : "/"): it is not a folder; create the folder first (nothing was written)"
            }
        }
        #expect(throws: TransferRefusal.self) { try ExportOutput.wholeFile(database, files) }
        #expect(throws: TransferRefusal.self) { try ExportOutput.target(database + "-wal", many: false, files) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == Data("the logbook".utf8))
        #expect(absolutePath("a/b.igc") == FileManager.default.currentDirectoryPath + "/a/b.igc")
        #expect(absolutePath("/x/y") == "/x/y")
    }

    @Test func eachKindTakesOnlyItsOwnOptions() {
        func problem(
            _ kind: ExportCommandKind, output: String? = "out/", ids: [Int64] = [], filtered: Bool = false,
            owner: Bool = false, qnh: Double? = nil, rebuild: Bool = false
        ) -> String? {
            kind.problem(output: output, ids: ids, filtered: filtered, ownerGiven: owner, qnh: qnh, rebuild: rebuild)
        }
        #expect(problem(.pdf, output: nil) == "--pdf needs -o FILE.pdf (or -o - for standard output)")
        #expect(problem(.zip, output: nil) == "--zip needs -o FILE.zip (or -o - for standard output)")
        #expect(problem(.igc, output: nil) == nil)
        #expect(problem(.report, qnh: 850) == "--qnh must be between 900 and 1100 hPa.")
        #expect(problem(.report, output: "r.png", qnh: 1013) == nil)
        #expect(problem(.kml, qnh: 1013)?.hasPrefix("--qnh only changes the barogram") == true)
        #expect(problem(.kml, rebuild: true) == "--rebuild goes with --igc.")
        #expect(problem(.igc, ids: [1], filtered: true)?.hasPrefix("give flight ids or filters, not both") == true)
        #expect(problem(.igc, ids: [1], owner: true)?.hasPrefix("--owner chooses flights") == true)
        #expect(problem(.pdf, ids: [1], owner: true) == nil)
        #expect(problem(.pdf, output: "book.PNG") == "only --report can be a PNG; write -o FILE.pdf")
        #expect(problem(.gpx, output: "t.svg") == "only --report can be an SVG; write -o FILE.gpx")
        let options = LogbookOptions(owner: "", filterSummary: "all flights")
        guard
            case .report(.svg, let pascals) = ExportCommandKind.report.format(
                .file("/x/r.SVG"), logbook: options, qnhHectopascals: 1013)
        else {
            Issue.record("an .svg file is an SVG report")
            return
        }
        #expect(pascals == 101_300)
        let intoFolder = ExportCommandKind.report.format(.folder("/x"), logbook: options, qnhHectopascals: nil)
        guard case .report(.pdf, nil) = intoFolder else {
            Issue.record("a report into a folder is a PDF")
            return
        }
        #expect(ExportCommandKind.report.what == "a report" && ExportCommandKind.geojson.what == "GEOJSON")
    }

    @Test func flightsWithoutTrackAreLeftOutWithANoteOrRefusedById() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try TransferLogbook.logbook(in: dir)
        let flights = try FlightStore(path: db.path, mode: .readOnly).flights(matching: FlightFilter())
        let manual = try #require(flights.first { !$0.hasTrack })
        var notes: [String] = []
        let kept = try ExportOutput.withTracks(flights, chosenById: false, what: "IGC") { notes.append($0) }
        #expect(kept.count == 3 && kept.allSatisfy(\.hasTrack))
        #expect(notes == ["note: left out 1 flight without a track (entered by hand): no IGC for it"])
        #expect(throws: TransferRefusal.self) {
            try ExportOutput.withTracks([manual] + kept, chosenById: true, what: "a report") { _ in }
        }
        #expect(throws: TransferRefusal.self) {
            try ExportOutput.withTracks([manual], chosenById: false, what: "KML") { _ in }
        }
        #expect(try ExportOutput.withTracks(kept, chosenById: true, what: "GPX") { notes.append($0) } == kept)
        #expect(notes.count == 1)
    }

    @Test func anEditedOriginalIsNamedOnceByField() {
        #expect(ExportOutput.editedOriginalNote(7, history: []) == nil)
        let edits = [
            FieldChange(field: "pilot", oldValue: "A", newValue: "B", editedAt: 1),
            FieldChange(field: "pilot", oldValue: "B", newValue: "C", editedAt: 2),
        ]
        let note = ExportOutput.editedOriginalNote(7, history: edits)
        #expect(note?.hasPrefix("note: flight 7 was edited (") == true)
        #expect(note?.hasSuffix("flightlog export --igc --rebuild 7") == true)
        // Two edits of one field name it once.
        let fields = note?.split(separator: "(").dropFirst().first?.split(separator: ")").first
        #expect(fields.map { !$0.isEmpty && !$0.contains(",") } == true, "\(note ?? "")")
    }

    @Test func theFolderIsMadeRememberedAndReportedForStatus() async throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try TransferLogbook.logbook(in: dir)
        let store = try FlightStore(path: db.path, mode: .readOnly)
        let flights = try store.flights(matching: FlightFilter())
        let exporter = LogbookExporter(
            source: LocalLogbookSource(databasePath: db.path, config: FlightLogConfig(), signer: { nil }))
        let logbook = LogbookOptions(owner: "", filterSummary: "all flights")
        func export(_ folder: String, stick: String?) async throws(StickExportError) -> [String] {
            try await StickExport.toFolder(
                flights, store: store, exporter: exporter,
                destination: .init(folder: folder, stick: stick, databasePath: db.path, configPath: nil),
                logbook: logbook)
        }
        // A stick that is not mounted: its parent is missing, nothing is made, nothing remembered.
        let unmounted = dir.appendingPathComponent("media/usb/FLIGHTLOG").path
        await #expect {
            try await export(unmounted, stick: "UUID-1")
        } throws: { error in
            "\(error)" == "\(dir.path)/media/usb does not exist: is the stick mounted?"
        }
        #expect(StickReport.last(databasePath: db.path) == nil)
        let folder = dir.appendingPathComponent("FLIGHTLOG").path
        let first = try await export(folder, stick: "UUID-1")
        #expect(first.count == 1 && first[0].hasPrefix("4 flights written to stick UUID-1 at "), "\(first)")
        #expect(first[0].contains("(3 IGC files, logbook.pdf and backup of 4 flights, "), "\(first)")
        #expect(StickReport.last(databasePath: db.path) == first[0])
        let again = try await export(folder, stick: "UUID-1")
        #expect(again.count == 1 && again[0].hasPrefix("nothing new for stick UUID-1 at "), "\(again)")
        #expect(again[0].hasSuffix(": its 4 flights are already on it"))
        // Without --stick the folder is remembered by its real path: another spelling of it is the same folder.
        let plain = try await export(folder + "/", stick: nil)
        #expect(plain[0].hasPrefix("4 flights written to \(folder)/ at "), "\(plain)")
        let spelled = try await export(dir.appendingPathComponent("./FLIGHTLOG").path, stick: nil)
        #expect(spelled[0].hasPrefix("nothing new for "), "\(spelled)")
        #expect(StickReport.last(databasePath: db.path) == again[0], "only a stick's outcome is kept for status")
    }

    @Test func theReportLineCountsWhatWasWritten() {
        var result = StickExportResult(
            flightsWritten: 1, igcFilesWritten: 1, wroteLogbook: true, flightsOnStick: 5, bytesWritten: 2_500_000)
        result.restored = 1
        let line = StickReport.line(result, stick: nil, folder: "/media/usb/FLIGHTLOG", at: "17:42 UTC")
        #expect(line.hasPrefix("1 flight written to /media/usb/FLIGHTLOG at 17:42 UTC (1 IGC file, logbook.pdf "))
        #expect(
            line.hasSuffix("; 1 of them remembered as written but missing or changed in the folder, written again)"))
        result.wroteLogbook = false
        result.flightsOnStick = 1
        #expect(
            StickReport.line(result, stick: "AB-12", folder: "/x", at: "09:05 UTC")
                == "nothing new for stick AB-12 at 09:05 UTC: its 1 flight is already on it")
        result.wroteLogbook = true
        #expect(StickReport.line(result, stick: nil, folder: "/x", at: "t").contains("backup of 1 flight, "))
        #expect(StickReport.clock().hasSuffix(" UTC") && StickReport.clock().count == 9)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
