import FlightLogCore
import Testing

@testable import FlightLogConfigFile

@Suite struct SyncConfigTests {
    @Test func readsTheSyncTable() throws {
        let config = try FlightLogConfig.parse(
            utf8: Array(
                """
                [sync]
                url = "postgres://glider1@logbook.example.org:5433/club"
                password_file = "/etc/flightlog/sync-password"
                """.utf8))
        #expect(config.warnings.isEmpty)
        #expect(config.sync.url == (try SyncURL("postgres://glider1@logbook.example.org:5433/club")))
        #expect(config.sync.passwordFile == "/etc/flightlog/sync-password")
    }

    @Test func aBadURLIsAnErrorOnItsLine() {
        do {
            _ = try FlightLogConfig.parse(utf8: Array("pilot = \"A\"\n[sync]\nurl = \"mysql://x@y/z\"\n".utf8))
            Issue.record("accepted a mysql url")
        } catch {
            #expect(error.line == 3)
            #expect(error.message.contains("[sync] url") && error.message.contains("postgres://"))
        }
    }
}
