import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogSecurity

/// The export's and the upload's device signer: read at the first file, and a key that cannot be had said once.
@Suite struct LazySignerTests {
    @Test func aKeyThatCannotBeMadeIsOneWarningAndUnsignedFiles() {
        var warned: [String] = []
        let signer = LazySigner.device(
            databasePath: "/nonexistent/flightlog/flightlog.sqlite", files: "IGC files written",
            warn: { warned.append($0) })
        #expect(warned.isEmpty, "nothing is read before the first file")
        #expect(signer() == nil && signer() == nil)
        #expect(warned.count == 1 && warned[0].hasPrefix("warning: IGC files written without G record (unsigned): "))
    }

    @Test func theKeyBesideTheLogbookSignsWithoutAWord() throws {
        let dir = try makeTemporaryDirectory("flightlog-lazy")
        defer { try? FileManager.default.removeItem(at: dir) }
        var warned: [String] = []
        let signer = LazySigner.device(
            databasePath: dir.appendingPathComponent("flightlog.sqlite").path, files: "IGC files sent",
            warn: { warned.append($0) })
        #expect(signer() != nil)
        #expect(warned.isEmpty)
    }
}
