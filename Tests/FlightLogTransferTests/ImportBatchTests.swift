import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `flightlog import`'s loop and `flightlog airspace import`'s check, in process: what is said, in which stream.
@Suite("Import batches and airspace files", .serialized, .timeLimit(.minutes(2)))
struct ImportBatchTests {
    @Test func aBatchSaysEachFileAndTalliesFailuresDuplicatesAndDamage() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let database = dir.appendingPathComponent("flightlog.sqlite").path
        let good = dir.appendingPathComponent("good.igc")
        try TransferLogbook.simulatedFile(seed: 3, start: 1_750_000_000_000, at: good)
        // Another flight with a line cut off in the middle of the track: skipped, the rest imported.
        let other = dir.appendingPathComponent("other.igc")
        try TransferLogbook.simulatedFile(seed: 4, start: 1_760_000_000_000, at: other)
        // IGC lines end in CR LF (one Character in Swift).
        var lines = try String(contentsOf: other, encoding: .utf8).components(separatedBy: "\r\n")
        let damagedAt = try #require(lines.indices.filter { lines[$0].hasPrefix("B") }.dropFirst(100).first)
        lines[damagedAt] = String(lines[damagedAt].prefix(20))
        let damaged = dir.appendingPathComponent("damaged.igc")
        try lines.joined(separator: "\r\n").write(to: damaged, atomically: true, encoding: .utf8)
        let junk = dir.appendingPathComponent("junk.igc")
        try Data("not an IGC file\n".utf8).write(to: junk)
        let importer = LogbookImporter(config: FlightLogConfig(), readFile: TransferLogbook.readFile) {
            try FlightStore(path: database, mode: .readWrite)
        }
        var said: [String] = []
        var warned: [String] = []
        let paths = [good.path, good.path, junk.path, damaged.path]
        let tally = importer.importFiles(paths, say: { said.append($0) }, warn: { warned.append($0) })
        #expect(tally.files == 2 && tally.duplicates == 1 && tally.failures == 1, "\(tally)")
        #expect(tally.damagedFiles == 1 && tally.damagedLines == 1, "\(tally)")
        #expect(said.count == 3, "\(said)")
        #expect(said[0].hasPrefix("[1/4] \(good.path): flight 1, "), "\(said)")
        #expect(said[1] == "[2/4] \(good.path): already in the logbook as flight 1; skipped")
        #expect(warned.first?.hasPrefix("[3/4] \(junk.path): ") == true, "\(warned)")
        #expect(
            warned.contains("[4/4] \(damaged.path): warning: 1 damaged line skipped, every valid fix imported:"),
            "\(warned)")
        #expect(
            tally.summary(fileCount: paths.count)
                == "Imported 2 flights from 2 of 4 files; 1 already in the logbook; 1 failed (see the messages above); "
                + "1 damaged line skipped in 1 file.")
        var one = ImportTally()
        one.files = 1
        one.flights = 1
        #expect(one.summary(fileCount: 1) == "Imported 1 flight from 1 of 1 file.")
    }

    @Test func theImportLineNamesTimesLaunchAndPlaces() throws {
        let flight = try ManualFlight.make(
            date: try #require(CivilDate(iso: "2025-05-03")), takeoffMinutes: 10 * 60 + 12,
            landingMinutes: 11 * 60 + 40, takeoff: nil, landing: nil, zone: nil, utcOffsetSeconds: 0,
            details: FlightDetails(launchMethod: .winch, takeoffPlace: "Aachen"))
        #expect(LogbookImporter.line(flight) == "2025-05-03 10:12–11:40 (1:28), winch, Aachen")
    }

    @Test func anAirspaceFileIsCheckedBeforeAnythingIsKept() throws {
        let text =
            "AC D\nAN CTR ONE\nAL GND\nAH FL50\nDP 50:00:00 N 008:00:00 E\nDP 50:10:00 N 008:00:00 E\n"
            + "DP 50:10:00 N 008:10:00 E\nAC Q\nAN BROKEN\nDP nonsense\n"
        var warned: [String] = []
        let checked = try AirspaceImport.check(
            Array(text.utf8), path: "some/dir/de_asp.txt", importedAt: 1
        ) { warned.append($0) }
        #expect(checked.file.name == "de_asp.txt" && checked.contents.airspaces.count == 1)
        #expect(!warned.isEmpty && warned.allSatisfy { $0.hasPrefix("de_asp.txt: warning: ") }, "\(warned)")
        let summary = AirspaceImport.summary(checked, replaced: true)
        #expect(summary.hasPrefix("Replaced de_asp.txt: 1 airspace ("), "\(summary)")
        #expect(summary.hasSuffix("; \(warned.count) warning\(warned.count == 1 ? "" : "s") (see above)."))
        warned = []
        #expect {
            try AirspaceImport.check([0, 1, 2, 0xFF], path: "x.bin", importedAt: 1) { warned.append($0) }
        } throws: { error in
            "\(error)".hasPrefix("x.bin has no airspace (it is binary, not text); nothing imported — ")
        }
        #expect(warned.isEmpty)
        // More warnings than are shown: the rest are counted in one line.
        let many = String(repeating: "AC Q\nAN BAD\nDP nonsense\n", count: AirspaceImport.shownWarnings + 5)
        var lines: [String] = []
        _ = try AirspaceImport.check(Array((text + many).utf8), path: "m.txt", importedAt: 1) { lines.append($0) }
        #expect(lines.count == AirspaceImport.shownWarnings + 1, "\(lines)")
        #expect(lines.last?.hasSuffix("more warnings not shown") == true, "\(lines)")
    }

    /// `airspace import`, `list` and `remove` over one ``AirspaceStore`` (here this glider's SQLite file; the club's
    /// PostgreSQL logbook is the same protocol, tested in FlightLogSyncTests).
    @Test func anAirspaceFileIsKeptListedAndRemoved() async throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try FlightStore(path: dir.appendingPathComponent("flightlog.sqlite").path, mode: .readWrite)
        let text =
            "AC D\nAN CTR ONE\nAL GND\nAH FL50\nDP 50:00:00 N 008:00:00 E\nDP 50:10:00 N 008:00:00 E\n"
            + "DP 50:10:00 N 008:10:00 E\n"
        let checked = try AirspaceImport.check(Array(text.utf8), path: "de_asp.txt", importedAt: 1) { _ in }
        #expect(try await AirspaceImport.keep(checked, in: store).hasPrefix("Imported de_asp.txt: 1 airspace ("))
        #expect(try await AirspaceImport.keep(checked, in: store).hasPrefix("Replaced de_asp.txt: 1 airspace ("))
        #expect(try await AirspaceImport.listing(of: store).contains("de_asp.txt"))
        #expect(try AirspaceImport.read("de_asp.txt") { _, max in max == 32 << 20 ? Array(text.utf8) : [] }.count > 0)
        #expect(throws: TransferRefusal.self) { try AirspaceImport.read("gone.txt") { _, _ in nil } }
        await #expect {
            try await AirspaceImport.remove(named: "fr_asp.txt", from: store)
        } throws: { error in
            "\(error)" == "no airspace file named fr_asp.txt — kept: de_asp.txt"
        }
        #expect(try await AirspaceImport.remove(named: "de_asp.txt", from: store) == "Removed de_asp.txt.")
        await #expect {
            try await AirspaceImport.remove(named: "de_asp.txt", from: store)
        } throws: { error in
            "\(error)" == "no airspace file named de_asp.txt — none is kept"
        }
    }
}
