import FlightLogCore
import FlightLogStore
import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogSync

/// What `flightlog sync` says and how it exits around a sync, without a server.
@Suite struct SyncCommandWordsTests {
    @Test func onlyALostOrUnreachableServerIsWorthRetrying() {
        #expect(SyncError(.unreachable, "").isTemporary && SyncError(.connectionLost, "").isTemporary)
        for code in [SyncError.Code.password, .notConfigured, .noDatabase, .refused, .local, .certificate] {
            #expect(!SyncError(code, "").isTemporary, "\(code)")
        }
    }

    @Test func withoutAClubLogbookItSaysWhatToAdd() {
        #expect(LogbookSync.notConfiguredLine == "no club logbook is set ([sync] url): nothing to sync")
        #expect(LogbookSync.notConfigured.code == .notConfigured)
        #expect(
            LogbookSync.notConfigured.description
                == "no club logbook is set: add [sync] url = \"postgres://USER@HOST/DATABASE\" to the config file (man 5 flightlog.toml)"
        )
        #expect(LogbookSync.hostName?.isEmpty == false)
    }

    @Test func theCommandWithoutAClubLogbookSaysSoOrRefusesAndOpensNothing() async throws {
        // Opening the store fails here: an answer other than that error shows nothing was opened.
        let open = { () throws -> FlightStore in throw LogbookError(.cannotOpen, "opened") }
        let lines = try await LogbookSync.command(
            config: FlightLogConfig(), ifConfigured: true, environment: [:], readFile: { _, _ in nil },
            openStore: open)
        #expect(lines == [LogbookSync.notConfiguredLine])
        await #expect(throws: LogbookSync.notConfigured) {
            _ = try await LogbookSync.command(
                config: FlightLogConfig(), ifConfigured: false, environment: [:], readFile: { _, _ in nil },
                openStore: open)
        }
    }

    /// The exit status: 0 with the lines said; 75 (EX_TEMPFAIL) and one error line for a server out of reach, so
    /// that the systemd units try again later; any other failure thrown, as the command throws it.
    @Test func aServerOutOfReachIsTheTemporaryFailureAndOtherErrorsAreThrown() async throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let open = { try FlightStore(path: dir.appendingPathComponent("flightlog.sqlite").path, mode: .readWrite) }
        var said: [String] = []
        var warned: [String] = []
        let none = try await LogbookSync.command(
            config: FlightLogConfig(), ifConfigured: true, environment: [:], readFile: { _, _ in nil },
            openStore: open, say: { said.append($0) }, warn: { warned.append($0) })
        #expect(none == 0 && said == [LogbookSync.notConfiguredLine] && warned.isEmpty)
        var config = FlightLogConfig()
        config.sync.url = try SyncURL("postgres://flightlog@127.0.0.1:1/club")  // nothing listens there
        said = []
        let away = try await LogbookSync.command(
            config: config, ifConfigured: false, environment: ["FLIGHTLOG_SYNC_PASSWORD": "a password"],
            readFile: { _, _ in nil }, openStore: open, say: { said.append($0) }, warn: { warned.append($0) })
        #expect(away == LogbookSync.temporaryFailure && away == 75)
        #expect(said.isEmpty && warned.count == 1 && warned[0].hasPrefix("Error: "), "\(warned)")
        await #expect(throws: LogbookSync.notConfigured) {
            _ = try await LogbookSync.command(
                config: FlightLogConfig(), ifConfigured: false, environment: [:], readFile: { _, _ in nil },
                openStore: open, say: { _ in }, warn: { _ in })
        }
    }
}
