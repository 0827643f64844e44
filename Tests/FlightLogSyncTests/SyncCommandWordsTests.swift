import FlightLogCore
import FlightLogStore
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
}
