import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `flightlog backup`'s run and `flightlog status`'s reads, on real SQLite files without a process.
@Suite struct LogbookCopiesTests {
    @Test func backupWritesTheLogbookAndSaysSo() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try TransferLogbook.logbook(in: dir)
        let files = LogbookFiles(databasePath: db.path, configPath: nil)
        let copy = dir.appendingPathComponent("copy.sqlite").path
        let line = try LogbookBackup.write(to: copy, replacing: false, logbookFiles: files) {
            try FlightStore(path: db.path, mode: .readOnly)
        }
        #expect(line.hasPrefix("Backed up 4 flights to \(copy) (") && line.hasSuffix(" KiB, integrity check ok)."))
        #expect(try FlightStore(path: copy, mode: .readOnly).count(matching: FlightFilter()) == 4)
    }

    @Test func backupNeverWritesOverTheLogbookItselfAndOpensNothingThen() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try TransferLogbook.logbook(in: dir)
        let files = LogbookFiles(databasePath: db.path, configPath: nil)
        var opened = false
        #expect(throws: FileWriteError.self) {
            try LogbookBackup.write(to: db.path + "-wal", replacing: true, logbookFiles: files) {
                opened = true
                return try FlightStore(path: db.path, mode: .readOnly)
            }
        }
        #expect(!opened)
    }

    @Test func statusReadsTheLogbookBesideItsStatusFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try TransferLogbook.logbook(in: dir)
        let facts = StatusFacts.read(besideDatabase: db.path)
        #expect(facts.flightCount == 4 && facts.lastFlight != nil && facts.databaseSize != nil)
        #expect(facts.statusPath == RecorderStatusFile.path(besideDatabase: db.path))
        #expect(RecorderStatusFile.writtenText(besideDatabase: db.path) == nil)  // flightlogd never ran here
        let missing = StatusFacts.read(besideDatabase: dir.appendingPathComponent("none.sqlite").path)
        #expect(missing.flightCount == nil && missing.databaseSize == nil)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("none.sqlite").path))
    }
}

/// `flightlog airfields assign`'s run on a real SQLite file.
@Suite struct PlaceAssignmentTests {
    @Test func placesEveryFlightAgainWithAllAndSaysHowMany() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, _) = try TransferLogbook.logbook(in: dir)
        var opened = 0
        let line = try AirfieldListing.assignPlaces(
            radius: 3000, all: true,
            openStore: {
                opened += 1; return try FlightStore(path: db.path, mode: .readWrite)
            },
            warn: { Issue.record("\($0)") })
        let placed = try #require(line.wholeMatch(of: /Placed (\d+) flights?; (\d+) outlandings? in the logbook\./))
        #expect(Int(placed.output.1)! >= 3, "\(line)")
        #expect(opened == 1)
    }
}
