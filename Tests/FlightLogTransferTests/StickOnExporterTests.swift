import FlightLogCore
import FlightLogLogbook
import FlightLogReports
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogTransfer

/// The USB stick's files are the library exporter's (``LogbookExporter``), like `flightlog export`'s and the web's:
/// what the exporter's source gives as a flight's IGC file is what lands on the stick, and the logbook PDF goes
/// through the exporter's render.
@Suite("USB stick export on the library exporter")
struct StickOnExporterTests {
    /// A logbook source that marks every IGC file it gives, so the test can tell who made the stick's files.
    final class MarkedSource: LogbookSource {
        static let mark = Array("LXTESTMARK\r\n".utf8)
        let inner: LocalLogbookSource
        init(_ inner: LocalLogbookSource) { self.inner = inner }

        func flights(matching filter: FlightFilter, newestFirst: Bool, limit: Int?, offset: Int)
            async throws(LogbookError) -> [Flight]
        { try await inner.flights(matching: filter, newestFirst: newestFirst, limit: limit, offset: offset) }
        func totals(matching filter: FlightFilter) async throws(LogbookError) -> FlightTotals {
            try await inner.totals(matching: filter)
        }
        func flight(id: Int64) async throws(LogbookError) -> Flight { try await inner.flight(id: id) }
        func track(forFlight id: Int64) async throws(LogbookError) -> Track { try await inner.track(forFlight: id) }
        func history(id: Int64) async throws(LogbookError) -> [FieldChange] { try await inner.history(id: id) }
        func igcFile(flightId id: Int64) async throws(LogbookError) -> IGCExport {
            var file = try await inner.igcFile(flightId: id)
            file.bytes += Self.mark
            return file
        }
        func updateDetails(id: Int64, to details: FlightDetails, editedAt: UTCMillis, base: FlightDetails?)
            async throws(LogbookError) -> [FieldChange]
        { try await inner.updateDetails(id: id, to: details, editedAt: editedAt, base: base) }
    }

    final class Renders: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }

    @Test func theStickGetsTheExportersFilesUnderTheSameRules() async throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, files) = try TransferLogbook.logbook(in: dir)
        let source = MarkedSource(LocalLogbookSource(databasePath: db.path, config: FlightLogConfig(), signer: { nil }))
        let renders = Renders()
        let exporter = LogbookExporter(source: source) { render in
            renders.add()
            return try render()
        }
        let store = try FlightStore(path: db.path, mode: .readOnly)
        let flights = try store.flights(matching: FlightFilter())
        let stick = dir.appendingPathComponent("stick")
        try FileManager.default.createDirectory(at: stick, withIntermediateDirectories: false)
        let request = StickExportRequest(
            folder: stick.path, stick: "TEST", memoryFolder: dir.appendingPathComponent("sticks").path,
            logbook: LogbookOptions(owner: "", filterSummary: "all flights"),
            logbookFiles: LogbookFiles(databasePath: db.path, configPath: nil))
        let result = try await StickExport.run(flights, store: store, exporter: exporter, request: request)
        #expect(result.flightsWritten == 4 && result.igcFilesWritten == 3 && result.wroteLogbook, "\(result)")
        #expect(renders.value == 1, "the logbook PDF is rendered by the exporter")
        // Each imported flight's own file, as the exporter's source gave it (its mark), under the file's own name.
        for file in files {
            let onStick = try Data(contentsOf: stick.appendingPathComponent(file.lastPathComponent))
            #expect(
                [UInt8](onStick) == [UInt8](try Data(contentsOf: file)) + MarkedSource.mark, "\(file.lastPathComponent)"
            )
        }
        #expect(
            try Data(contentsOf: stick.appendingPathComponent(StickExport.logbookName)).starts(with: Data("%PDF".utf8)))
        #expect(FileManager.default.fileExists(atPath: stick.appendingPathComponent(StickExport.backupName).path))
        // The memory keeps the rule: plugged again, nothing is made or written.
        let again = try await StickExport.run(flights, store: store, exporter: exporter, request: request)
        #expect(again.flightsWritten == 0 && !again.wroteLogbook && renders.value == 1, "\(again)")
    }
}
