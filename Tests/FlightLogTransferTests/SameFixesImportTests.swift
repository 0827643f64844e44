import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import GRDB
import Testing

/// Issue 38 and 41: a file rebuilt from a flight (`export --igc --rebuild`) imported back into the same logbook was
/// stored as a second copy, since only the original file's bytes were recognised; and a file whose flight was
/// deleted by hand was "already in the logbook as flight " (no id) for good.
@Suite("Import: the same fixes in other bytes", .serialized, .timeLimit(.minutes(2)))
struct SameFixesImportTests {
    static func importer(_ database: String) -> LogbookImporter {
        LogbookImporter(config: FlightLogConfig(), readFile: TransferLogbook.readFile) {
            try FlightStore(path: database, mode: .readWrite)
        }
    }

    /// What a batch of `paths` says on standard output, and its tally.
    static func run(_ importer: LogbookImporter, _ paths: [String]) -> ([String], ImportTally) {
        var said: [String] = []
        let tally = importer.importFiles(paths, say: { said.append($0) }, warn: { said.append("warn: \($0)") })
        return (said, tally)
    }

    /// Flight `id` rebuilt from the logbook, written to `name` in `dir`.
    static func rebuilt(_ id: Int64, _ database: String, to file: URL) throws {
        let store = try FlightStore(path: database, mode: .readOnly)
        let export = try igcExport(flightId: id, store: store, config: FlightLogConfig(), rebuild: true) { nil }
        #expect(!export.isOriginal)
        try Data(export.bytes).write(to: file)
    }

    @Test func aRebuiltFileOfAnImportedFlightIsSkippedAndAnotherLoggersFileIsNot() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let database = dir.appendingPathComponent("flightlog.sqlite").path
        let original = dir.appendingPathComponent("original.igc")
        try TransferLogbook.simulatedFile(seed: 3, start: 1_750_000_000_000, at: original)
        let importer = Self.importer(database)
        #expect(Self.run(importer, [original.path]).1.flights == 1)
        let rebuilt = dir.appendingPathComponent("rebuilt.igc")
        try Self.rebuilt(1, database, to: rebuilt)
        #expect(try Data(contentsOf: rebuilt) != Data(contentsOf: original))

        let (said, tally) = Self.run(importer, [rebuilt.path])
        #expect(
            said == [
                "\(rebuilt.path): flight 1 already holds these fixes (a file rebuilt from the logbook, or the same "
                    + "flight with other headers); skipped"
            ], "\(said)")
        #expect(tally.duplicates == 1 && tally.flights == 0, "\(tally)")
        let store = try FlightStore(path: database, mode: .readOnly)
        #expect(try store.count(matching: FlightFilter()) == 1)

        // A second logger in the same glider: the same flight, every fix 1/1000 minute further north.
        var lines = try String(contentsOf: original, encoding: .utf8).components(separatedBy: "\r\n")
        for i in lines.indices where lines[i].hasPrefix("B") {
            var chars = Array(lines[i])
            let thousandths = Int(String(chars[9..<14]))!
            chars.replaceSubrange(9..<14, with: Array(String(format: "%05d", (thousandths + 1) % 60000)))
            lines[i] = String(chars)
        }
        let other = dir.appendingPathComponent("other-logger.igc")
        try lines.joined(separator: "\r\n").write(to: other, atomically: true, encoding: .utf8)
        let (otherSaid, otherTally) = Self.run(importer, [other.path])
        #expect(otherTally.flights == 1 && otherTally.duplicates == 0, "\(otherSaid)")
        #expect(try store.count(matching: FlightFilter()) == 2)
    }

    @Test func aRebuiltFileOfARecordedFlightIsSkipped() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let database = dir.appendingPathComponent("flightlog.sqlite").path
        let simulated = dir.appendingPathComponent("simulated.igc")
        try TransferLogbook.simulatedFile(seed: 5, start: 1_750_000_000_000, at: simulated)
        let bytes = [UInt8](try Data(contentsOf: simulated))
        let parsed = try IGCImport.flights(
            in: bytes, fileName: "simulated.igc", sha256: "00", strict: false,
            zoneNear: { _ in .fixed(identifier: "UTC", offsetSeconds: 0) })
        // As the recorder stores them: milliseconds and 1e-7 degrees the IGC file has not.
        let fixes = parsed.file.track.fixes.map { fix in
            var fix = fix
            fix.time += 437
            fix.latitudeE7 += 3
            fix.longitudeE7 -= 2
            return fix
        }
        var flight = try #require(parsed.flights.first)
        flight.source = .recorded
        do {
            let store = try FlightStore(path: database, mode: .readWrite)
            let recording = try store.beginRecording(recorder: parsed.file.track.recorder)
            try store.append(fixes: fixes, toRecording: recording)
            _ = try store.insertFlight(flight, recording: recording, inProgress: false)
        }
        let rebuilt = dir.appendingPathComponent("rebuilt.igc")
        try Self.rebuilt(1, database, to: rebuilt)
        let (said, tally) = Self.run(Self.importer(database), [rebuilt.path])
        #expect(said.count == 1 && said[0].contains("flight 1 already holds these fixes"), "\(said)")
        #expect(tally.duplicates == 1 && tally.flights == 0, "\(tally)")
        #expect(try FlightStore(path: database, mode: .readOnly).count(matching: FlightFilter()) == 1)
    }

    @Test func aFileWhoseFlightWasDeletedByHandIsImportedAgain() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let database = dir.appendingPathComponent("flightlog.sqlite").path
        let file = dir.appendingPathComponent("flight.igc")
        try TransferLogbook.simulatedFile(seed: 6, start: 1_750_000_000_000, at: file)
        #expect(Self.run(Self.importer(database), [file.path]).1.flights == 1)
        // The sqlite3 shell: foreign keys off, the flight row gone, its recording and file row left.
        let queue = try DatabaseQueue(path: database)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "DELETE FROM flight")
        }
        try queue.close()

        let (said, tally) = Self.run(Self.importer(database), [file.path])
        #expect(tally.flights == 1 && tally.duplicates == 0, "\(said)")
        #expect(said.count == 1 && said[0].hasPrefix("\(file.path): flight 2, "), "\(said)")
        let store = try FlightStore(path: database, mode: .readOnly)
        #expect(try store.flights(matching: FlightFilter()).map(\.id) == [2])
        // And once more: the usual duplicate, naming the flight.
        let (again, _) = Self.run(Self.importer(database), [file.path])
        #expect(again == ["\(file.path): already in the logbook as flight 2; skipped"], "\(again)")
    }
}
