import FlightLogAnalysis
import FlightLogCore
import FlightLogTestSupport
import Foundation
import GRDB
import Testing

@testable import FlightLogStore

/// An imported file's competition class (`HFCCL`) is kept with its flights and settles their glider's span; flights
/// imported before it was kept get theirs from their kept file (migration v16).
@Suite struct CompetitionClassStoreTests {
    /// The aerotow sample as a Ventus 3T of the 18 m class, imported as `flightlog import` does.
    private func imported() throws -> ImportedFile {
        let sample = try String(
            contentsOf: packageRoot.appendingPathComponent("samples/simulated-aerotow.igc"), encoding: .utf8)
        let text = sample.replacing(
            "HFGTYGLIDERTYPE:ASK 21", with: "HFGTYGLIDERTYPE:Ventus 3T\r\nHFCCLCOMPETITIONCLASS:18-Meter")
        return try IGCImport.flights(
            in: Array(text.utf8), fileName: "v3.igc", sha256: "v3", strict: false,
            zoneNear: { _ in .fixed(identifier: "Europe/Berlin", offsetSeconds: 7200) })
    }

    @Test func theClassIsKeptAndAnOlderLogbookReadsItFromTheFile() throws {
        let dir = try TempDirectory()
        defer { dir.cleanup() }
        let file = try imported()
        #expect(file.flights.map(\.competitionClass) == ["18-Meter"])
        let id: Int64
        do {
            let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
            id = try store.importFlights(
                track: file.file.track, fileName: file.fileName, sha256: file.sha256, original: file.bytes,
                flights: file.flights)[0]
            #expect(try store.flight(id: id).competitionClass == "18-Meter")
            #expect(try store.analysis(forFlight: id, glider: OwnGlider()).index == 122)
        }
        // As a logbook of before v16 holds it: no column, the migration not run.
        let queue = try DatabaseQueue(path: dir.databasePath)
        try queue.write { db in
            try db.execute(sql: "ALTER TABLE flight DROP COLUMN competitionClass")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v16 %'")
        }
        try queue.close()
        let store = try FlightStore(path: dir.databasePath, mode: .readWrite)
        let flight = try store.flight(id: id)
        #expect(flight.competitionClass == "18-Meter")
        let analysis = try store.analysis(forFlight: id, glider: OwnGlider())
        #expect(analysis.indexText == "index 122: Ventus 3 (18 m), DMSt 2025, span from the file's class \"18-Meter\"")
    }

    /// Only the H records are read for the upgrade, as the reader reads them (the value after the first colon).
    @Test func theHeadersAloneAreRead() {
        let head = "AXXX001\r\nHFGTYGLIDERTYPE:LS 8\r\nHFCCL Competition Class :18m\r\nB1100005049566N\r\n"
        let headers = IGCReader.headers(Array(head.utf8))
        #expect(headers.competitionClass == "18m" && headers.gliderType == "LS 8")
        #expect(IGCReader.headers(Array("HFCCLCOMPETITIONCLASS:\r\nG123\r\nHFCCL:Club".utf8)).competitionClass == nil)
    }
}
