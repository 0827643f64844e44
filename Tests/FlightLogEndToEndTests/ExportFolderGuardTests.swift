import FlightLogAirspace
import FlightLogCore
import FlightLogTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `export --new --to DIR` into a folder the pilot already uses, through the built `flightlog`: a file there that
/// flightlog did not write is never replaced, two exports into one folder never run at once, and one folder has
/// one memory however its path is written.
@Suite("Export to a folder: others' files, two at once, one memory", .serialized, .timeLimit(.minutes(3)))
struct ExportFolderGuardTests {
    @Test func aPilotsOwnLogbookPDFAndBackupInTheFolderAreNeverReplaced() throws {
        let (db, dir, _) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["logbook.pdf", "flightlog-backup.sqlite"] {
            let folder = dir.appendingPathComponent("documents-\(name)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let mine = folder.appendingPathComponent(name)
            let scan = Data("%PDF-1.4 the paper logbook, scanned\n".utf8)
            try scan.write(to: mine)
            let r = try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir)
            #expect(r.status == 1, "\(name): \(r.stdout)")
            #expect(r.stderr.contains("\(mine.path) is not a file flightlog wrote there"), "\(r.stderr)")
            #expect(r.stderr.contains("move it away") && r.stderr.contains("nothing was written"), "\(r.stderr)")
            #expect(try Data(contentsOf: mine) == scan, "\(name) is the pilot's, unchanged")
            #expect(ExportFolderTests.names(folder) == [name], "nothing else written")
        }
    }

    @Test func flightlogsOwnFilesAreRenewedEvenWithoutAMemory() throws {
        let (db, dir, _) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("stick/FLIGHTLOG")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir).status == 0)
        // The memory is gone (a new SD card in the Pi): the stick's own logbook.pdf and backup are flightlog's.
        try FileManager.default.removeItem(at: db.deletingLastPathComponent().appendingPathComponent("sticks"))
        let again = try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir)
        #expect(again.status == 0 && again.stdout.contains("2 flights written"), "\(again.stdout)\(again.stderr)")
    }

    @Test func aSecondExportIntoTheSameFolderWaitsItsTurn() throws {
        let (db, dir, _) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("FLIGHTLOG")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Another export holds the folder (this test process takes the lock flightlog takes).
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY)
        try #require(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        let busy = try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir)
        #expect(busy.status == 1, "\(busy.stdout)")
        #expect(busy.stderr.contains("another export is writing to \(folder.path) right now"), "\(busy.stderr)")
        #expect(busy.stderr.contains("nothing was written"), "\(busy.stderr)")
        #expect(ExportFolderTests.names(folder).isEmpty)
        close(fd)
        let done = try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir)
        #expect(done.status == 0 && done.stdout.contains("2 flights written"), "\(done.stdout)\(done.stderr)")
    }

    @Test func oneFolderHasOneMemoryHoweverItsPathIsWritten() throws {
        let (db, dir, _) = try ExportSafetyTests.logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: dir.appendingPathComponent("link"), withDestinationURL: folder)
        let first = try CLI.run(["export", "--new", "--to", folder.path], database: db, in: dir)
        #expect(first.status == 0 && first.stdout.contains("2 flights written"), "\(first.stdout)\(first.stderr)")
        for spelling in [folder.path + "/", "copy", "./copy/../copy", "link", dir.appendingPathComponent("link").path] {
            let r = try CLI.run(["export", "--new", "--to", spelling], database: db, in: dir)
            #expect(r.status == 0 && r.stdout.contains("nothing new for"), "\(spelling): \(r.stdout)\(r.stderr)")
        }
        let memory = db.deletingLastPathComponent().appendingPathComponent("sticks")
        #expect(ExportFolderTests.names(memory).count == 1, "\(ExportFolderTests.names(memory))")
    }
}

/// `flightlog airspace import` of a file it can keep nothing of says why, through the built `flightlog`.
@Suite("Airspace import refused with its reason", .timeLimit(.minutes(1)))
struct AirspaceRefusalReasonTests {
    @Test func aFileOfOneOutlineTooLargeIsRefusedNamingTheReason() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // One airspace whose circles add up to more outline points than a file may hold (6000 × 360).
        let file =
            "AC D\nAN Repeated\nAL GND\nAH FL100\nV X=50:00:00 N 007:00:00 E\n"
            + String(repeating: "DC 50\n", count: 6000)
        try Data(file.utf8).write(to: dir.appendingPathComponent("repeat.txt"))
        let db = dir.appendingPathComponent("flights.sqlite")
        let r = try CLI.run(["airspace", "import", "repeat.txt"], database: db, in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("repeat.txt: warning: line "), "\(r.stderr)")
        #expect(r.stderr.contains("more than 2000000 outline points"), "\(r.stderr)")
        #expect(r.stderr.contains("has no airspace it can keep (see the warnings); nothing imported"), "\(r.stderr)")
    }

    @Test func oneFileImportedUnderTwoNamesReportsEachCrossingOnce() throws {
        let (dir, db) = try AirspaceCLITests().logbook()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A second download of the same file ("boxes (1).txt") beside the first.
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent("boxes.txt"), to: dir.appendingPathComponent("boxes (1).txt"))
        for name in ["boxes.txt", "boxes (1).txt"] {
            #expect(try CLI.run(["airspace", "import", name], database: db, in: dir).status == 0)
        }
        let json = try CLI.run(["show", "1", "--json"], database: db, in: dir)
        try #require(json.status == 0, "\(json.stderr)")
        let found = try JSONDecoder().decode(AirspaceCLITests.Shown.self, from: Data(json.stdout.utf8)).airspace
        #expect(found.map(\.name) == ["CTR Inside", "R Ground"], "\(found.map(\.name))")
    }
}
