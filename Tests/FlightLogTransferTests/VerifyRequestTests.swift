import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `flightlog verify`'s choice of bytes and key, without a process (the verdicts: `VerifyTests` end to end).
@Suite("verify request", .serialized, .timeLimit(.minutes(2)))
struct VerifyRequestTests {
    @Test func aFileIsReadAndAFlightIdIsItsExportedFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, files) = try TransferLogbook.logbook(in: dir)
        let request = VerifyRequest(databasePath: db.path, key: nil)
        var notes: [String] = []
        let store = { try FlightStore(path: db.path, mode: .readOnly) }
        let fromFile = try request.bytes(
            of: files[0].path, readFile: TransferLogbook.readFile, store: store, config: { FlightLogConfig() },
            note: { notes.append($0) })
        #expect(fromFile == [UInt8](try Data(contentsOf: files[0])))
        // Flight 1 was imported from the first file: its IGC file is that file, byte for byte.
        let fromId = try request.bytes(
            of: "1", readFile: TransferLogbook.readFile, store: store, config: { FlightLogConfig() },
            note: { notes.append($0) })
        #expect(fromId == fromFile)
        #expect {
            try request.bytes(
                of: dir.appendingPathComponent("missing.igc").path, readFile: TransferLogbook.readFile, store: store,
                config: { FlightLogConfig() }, note: { _ in })
        } throws: { error in
            (error as? TransferRefusal)?.description.hasPrefix("cannot read ") == true
        }
    }

    @Test func theKeyGivenElseTheDevicesElseNoneWithANote() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let database = dir.appendingPathComponent("flightlog.sqlite").path
        var notes: [String] = []
        #expect(try VerifyRequest(databasePath: database, key: nil).trustedKey { notes.append($0) } == nil)
        #expect(notes.count == 1 && notes[0].hasPrefix("note: no public key of this device at "))
        let hex = String(repeating: "ab", count: 32)
        let given = try VerifyRequest(databasePath: database, key: hex).trustedKey { notes.append($0) }
        #expect(given == [UInt8](repeating: 0xAB, count: 32) && notes.count == 1)
        #expect {
            try VerifyRequest(databasePath: database, key: nil).devicePublicKey()
        } throws: { error in
            "\(error)".hasSuffix("flightlogd makes the device key on its first start")
        }
    }
}
