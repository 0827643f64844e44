import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

/// `export --to` into any folder, not only a stick, through the built `flightlog`: each folder gets what it lacks;
/// a refused export leaves no folder; an edited imported flight's original file comes with a word about the edits.
@Suite("Export to folders and of edited originals", .serialized, .timeLimit(.minutes(3)))
struct ExportFolderTests {
    static func names(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func anyFolderGetsWhatItLacksWithoutAStickId() throws {
        let (db, dir, _) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = dir.appendingPathComponent("backup/FLIGHTLOG")
        try FileManager.default.createDirectory(
            at: first.deletingLastPathComponent(), withIntermediateDirectories: true)
        let r = try CLI.run(["export", "--new", "--to", first.path], database: db, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("2 flights written to \(first.path)"), "\(r.stdout)")
        let written = Self.names(first)
        #expect(written.filter { $0.hasSuffix(".igc") || $0.hasSuffix(".IGC") }.count == 2, "\(written)")
        #expect(written.contains("logbook.pdf") && written.contains("flightlog-backup.sqlite"), "\(written)")

        let again = try CLI.run(["export", "--new", "--to", first.path], database: db, in: dir)
        #expect(again.status == 0 && again.stdout.contains("nothing new for \(first.path)"), "\(again.stdout)")
        // Another folder (on the same file system) has its own memory: it gets everything.
        let second = dir.appendingPathComponent("other")
        let other = try CLI.run(["export", "--new", "--to", second.path], database: db, in: dir)
        #expect(other.status == 0 && other.stdout.contains("2 flights written"), "\(other.stdout)\(other.stderr)")
        #expect(Self.names(second) == written)
        // A folder is not a stick: the status page's "last stick export" is left to sticks.
        let memory = db.deletingLastPathComponent().appendingPathComponent("sticks")
        #expect(!Self.names(memory).contains("last-export.txt"), "\(Self.names(memory))")
        #expect(Self.names(memory).filter { $0.hasPrefix("folder-") }.count == 2, "\(Self.names(memory))")
    }

    @Test func aRefusedExportLeavesNoFolderBehind() throws {
        let (db, dir, _) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The memory's place beside the logbook is taken by a file: the export is refused before writing.
        let blocker = db.deletingLastPathComponent().appendingPathComponent("sticks")
        try Data("not a folder".utf8).write(to: blocker)
        for extra in [[], ["--stick", "3A1F-22C4"]] {
            let folder = dir.appendingPathComponent("stick\(extra.count)/FLIGHTLOG")
            try FileManager.default.createDirectory(
                at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            let r = try CLI.run(["export", "--new", "--to", folder.path] + extra, database: db, in: dir)
            #expect(r.status != 0 && r.stderr.contains("nothing was written"), "\(extra): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path), "\(extra): no empty FLIGHTLOG/ left")
            #expect(Self.names(folder.deletingLastPathComponent()).isEmpty)
        }
        // A folder that was there before stays, empty as it was.
        let existing = dir.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        #expect(try CLI.run(["export", "--new", "--to", existing.path], database: db, in: dir).status != 0)
        #expect(FileManager.default.fileExists(atPath: existing.path) && Self.names(existing).isEmpty)
    }

    @Test func anEditedImportedFlightSaysItsFileIsTheOriginal() throws {
        let (db, dir, ids) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try Data(contentsOf: dir.appendingPathComponent("sim0.igc"))
        let plain = try CLI.run(["export", "--igc", "\(ids[0])", "-o", "plain.igc"], database: db, in: dir)
        #expect(plain.status == 0 && !plain.stderr.contains("note:"), "unedited: no note: \(plain.stderr)")

        let edit = try CLI.run(
            ["edit", "\(ids[0])", "--remarks", "Wave over the Eifel", "--plane", "LS 4"], database: db, in: dir)
        try #require(edit.status == 0, "\(edit.stderr)")
        let r = try CLI.run(["export", "--igc", "\(ids[0])", "-o", "edited.igc"], database: db, in: dir)
        #expect(r.status == 0)
        #expect(r.stderr.contains("note: flight \(ids[0]) was edited ("), "\(r.stderr)")
        #expect(r.stderr.contains("glider type") && r.stderr.contains("remarks"), "the fields edited: \(r.stderr)")
        #expect(r.stderr.contains("the original file as imported, unchanged"), "\(r.stderr)")
        #expect(r.stderr.contains("signature (G record) stays valid"), "\(r.stderr)")
        #expect(r.stderr.contains("flightlog export --igc --rebuild \(ids[0])"), "\(r.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("edited.igc")) == original, "byte for byte")
        #expect(!r.stdout.contains("note:"), "the note is on stderr only")

        let rebuilt = try CLI.run(
            ["export", "--igc", "--rebuild", "\(ids[0])", "-o", "rebuilt.igc"], database: db, in: dir)
        #expect(rebuilt.status == 0 && !rebuilt.stderr.contains("note:"), "\(rebuilt.stderr)")
        let text = try String(contentsOf: dir.appendingPathComponent("rebuilt.igc"), encoding: .utf8)
        #expect(text.contains("LS 4"), "the rebuilt file has the edits")
    }
}
