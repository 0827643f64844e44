import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// An imported flight edited since, exported in a ZIP and to a folder (a USB stick's): the IGC file is the
/// original byte for byte, and the command's output and a README.txt beside the files say which flights were
/// edited and that their IGC files hold none of the edits.
@Suite("Edited originals in the ZIP and on the stick", .serialized, .timeLimit(.minutes(3)))
struct EditedOriginalExportTests {
    @Test func theZIPSaysWhichIGCFilesAreOriginalsWithoutTheEdits() throws {
        let (db, dir, ids) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try Data(contentsOf: dir.appendingPathComponent("sim0.igc"))
        let plain = try CLI.run(["export", "--zip", "-o", "plain.zip"], database: db, in: dir)
        #expect(plain.status == 0 && !plain.stderr.contains("note:"), "\(plain.stderr)")
        #expect(try ExportZipTests().entries(of: dir.appendingPathComponent("plain.zip"))["README.txt"] == nil)

        let edit = try CLI.run(["edit", "\(ids[0])", "--remarks", "Wave over the Eifel"], database: db, in: dir)
        try #require(edit.status == 0, "\(edit.stderr)")
        let r = try CLI.run(["export", "--zip", "-o", "edited.zip"], database: db, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains("note: 1 flight was edited after import (\(ids[0])): its IGC file is the original"),
            "\(r.stderr)")
        #expect(r.stderr.contains("README.txt in the ZIP lists them"), "\(r.stderr)")
        let inside = try ExportZipTests().entries(of: dir.appendingPathComponent("edited.zip"))
        #expect(inside["sim0.igc"] == original, "the original, byte for byte")
        let readme = String(decoding: try #require(inside["README.txt"]), as: UTF8.self)
        #expect(readme.contains("flight \(ids[0]), 2025-06-10, sim0.igc: remarks"), "\(readme)")
        #expect(!readme.contains("flight \(ids[1]),"), "the unedited flight is not listed: \(readme)")
        #expect(readme.contains("flightlog export --igc --rebuild ID"))
    }

    @Test func theStickFolderSaysWhichIGCFilesAreOriginalsWithoutTheEdits() throws {
        let (db, dir, ids) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try Data(contentsOf: dir.appendingPathComponent("sim1.igc"))
        let folder = dir.appendingPathComponent("FLIGHTLOG")
        let first = try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir)
        #expect(first.status == 0 && !first.stdout.contains("note:"), "\(first.stdout)\(first.stderr)")
        let readme = folder.appendingPathComponent("README.txt")
        #expect(try String(contentsOf: readme, encoding: .utf8).contains("No flight here was edited after its import"))

        let edit = try CLI.run(["edit", "\(ids[1])", "--plane", "LS 4"], database: db, in: dir)
        try #require(edit.status == 0, "\(edit.stderr)")
        let r = try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("note: 1 flight was edited after import (\(ids[1]))"), "\(r.stdout)")
        #expect(r.stdout.contains("README.txt in the folder lists them"), "\(r.stdout)")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains("flight \(ids[1]), 2025-06-11, sim1.igc: glider type"), "\(text)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("sim1.igc")) == original, "byte for byte")
    }
}
