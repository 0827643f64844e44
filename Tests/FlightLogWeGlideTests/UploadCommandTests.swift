import FlightLogCore
import Foundation
import Testing

@testable import FlightLogWeGlide

/// `flightlog upload`'s checks before it sends anything, without a server.
@Suite struct UploadCommandTests {
    struct Opened: Error {}

    @Test func withoutAnAccountItSaysWhatToAddAndOpensNothing() async throws {
        var config = FlightLogConfig()
        config.weglide.userId = 12345  // the date of birth (WeGlide's password) is missing
        do {
            _ = try await WeGlideUpload.command(
                ids: [1], again: false, config: config, databasePath: "/nonexistent/flightlog.sqlite",
                openStore: { throw Opened() }, say: { _ in }, warn: { _ in })
            Issue.record("uploaded without an account")
        } catch let refusal as WeGlideRefusal {
            #expect(refusal.description.hasPrefix("no WeGlide account is set: add [weglide] user_id = 12345"))
        }
        #expect(WeGlideUpload.notConfiguredLine == "no WeGlide account is set ([weglide]): nothing to upload")
    }

    @Test func theAircraftListWithWeGlideOutOfReachSaysSoAndAsksForLater() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aircraft-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var config = FlightLogConfig()
        config.weglide.url = "http://127.0.0.1:1"  // nothing listens there
        var said: [String] = []
        var warned: [String] = []
        let outcome = try await WeGlideUpload.listAircraft(
            "LS", config: config, databasePath: folder.appendingPathComponent("flightlog.sqlite").path,
            say: { said.append($0) }, warn: { warned.append($0) })
        #expect(outcome == .tryLater)
        #expect(said.isEmpty)
        #expect(warned.count == 1 && warned[0].hasPrefix("Error: "), "\(warned)")
    }

    /// The command's choice: nothing but one line without an account when the units run it everywhere, else the
    /// aircraft list or the upload; the logbook is not looked for when there is nothing to do.
    @Test func theCommandDoesNothingWithoutAnAccountWhenAskedSoElseListsOrUploads() async throws {
        var said: [String] = []
        let nothing = try await WeGlideUpload.command(
            ids: [1], aircraft: nil, again: false, ifConfigured: true, config: FlightLogConfig(),
            databasePath: { throw Opened() }, openStore: { throw Opened() }, say: { said.append($0) },
            warn: { _ in })
        #expect(nothing == .done && said == [WeGlideUpload.notConfiguredLine])
        await #expect(throws: Opened.self, "the aircraft list looks for the logbook (its catalogue is beside it)") {
            _ = try await WeGlideUpload.command(
                ids: [], aircraft: "LS", again: false, ifConfigured: false, config: FlightLogConfig(),
                databasePath: { throw Opened() }, openStore: { throw Opened() }, say: { _ in }, warn: { _ in })
        }
        await #expect(throws: WeGlideRefusal.self) {
            _ = try await WeGlideUpload.command(
                ids: [1], aircraft: nil, again: false, ifConfigured: false, config: FlightLogConfig(),
                databasePath: { "/nonexistent/flightlog.sqlite" }, openStore: { throw Opened() }, say: { _ in },
                warn: { _ in })
        }
    }
}
