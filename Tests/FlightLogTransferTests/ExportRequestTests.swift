import FlightLogCore
import FlightLogReports
import FlightLogStore
import FlightLogTestSupport
import FlightLogTransfer
import Foundation
import Testing

/// `flightlog export --KIND`'s run as a library call: the files written and the lines said, without a process.
@Suite("Export request", .serialized, .timeLimit(.minutes(2)))
struct ExportRequestTests {
    /// Runs `kind` over every flight of a logbook of three imported flights and one entered by hand.
    func export(
        _ kind: ExportCommandKind, ids: [Int64] = [], output: String?, in dir: URL
    ) async throws -> (said: [String], warned: [String]) {
        let db = dir.appendingPathComponent("logbook/flightlog.sqlite")
        if !FileManager.default.fileExists(atPath: db.path) { _ = try TransferLogbook.logbook(in: dir) }
        let source = LocalLogbookSource(databasePath: db.path, config: FlightLogConfig(), signer: { nil })
        let store = try source.store()
        let flights =
            ids.isEmpty ? try store.flights(matching: FlightFilter()) : try ids.map { try store.flight(id: $0) }
        let request = ExportRequest(
            kind: kind, ids: ids, output: output, qnhHectopascals: nil, owner: "", filterSummary: "all flights",
            logbookFiles: LogbookFiles(databasePath: db.path, configPath: nil))
        var said: [String] = []
        var warned: [String] = []
        try await request.write(
            flights, store: store, exporter: LogbookExporter(source: source), say: { said.append($0) },
            warn: { warned.append($0) })
        return (said, warned)
    }

    @Test func igcIntoAFolderSaysEachFileThenUnchangedOnceAgain() async throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.path + "/"
        let first = try await export(.igc, output: out, in: dir)
        #expect(first.said.count == 3 && first.said.allSatisfy { $0.hasPrefix("Wrote \(out)") }, "\(first.said)")
        #expect(first.warned.count == 1 && first.warned[0].contains("left out 1 flight without a track"))
        for line in first.said {
            #expect(FileManager.default.fileExists(atPath: String(line.dropFirst("Wrote ".count))), "\(line)")
        }
        let again = try await export(.igc, output: out, in: dir)
        #expect(again.said.count == 3 && again.said.allSatisfy { $0.hasPrefix("Unchanged ") }, "\(again.said)")
    }

    @Test func theLogbookPDFIsOneFileNamingHowManyFlights() async throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("logbook.pdf").path
        let result = try await export(.pdf, output: pdf, in: dir)
        #expect(result.said == ["Wrote \(pdf) (4 flights)."])
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)).starts(with: Data("%PDF".utf8)))
    }

    @Test func standardOutputTakesOneFlightOnly() async throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        await #expect {
            try await export(.kml, output: "-", in: dir)
        } throws: { error in
            (error as? TransferRefusal)?.description.hasPrefix("-o - writes one file, but 3 flights were chosen")
                == true
        }
        await #expect {
            try await export(.gpx, ids: [4], output: dir.path, in: dir)
        } throws: { error in
            (error as? TransferRefusal)?.description.contains("GPX") == true
        }
    }
}
