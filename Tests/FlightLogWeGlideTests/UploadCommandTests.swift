import FlightLogCore
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
}
