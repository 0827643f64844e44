import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogSync
import FlightLogText
import Foundation

extension FlightLogCommand {
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Push finished flights and edits to the club's PostgreSQL logbook; pull the club's edits.",
            discussion: """
                The logbook is [sync] url in the config file; the password comes from [sync] password_file, else \
                $FLIGHTLOG_SYNC_PASSWORD. A sync cut off at any point is simply run again: nothing is duplicated \
                or lost.
                Exit status 75 (EX_TEMPFAIL) when the server cannot be reached or the connection drops: the \
                timer (flightlog-sync.timer) and the sync after each landing (flightlog-sync.path) try again later.
                Example:
                  flightlog sync      # pushed 3 flights, 2 edits; pulled 1 edit
                """)

        /// EX_TEMPFAIL (sysexits.h): no network now, try again later. flightlog-sync.service counts it as success.
        static let temporaryFailure: Int32 = 75

        @OptionGroup var store: StoreOptions

        @Flag(help: "Succeed without doing anything when the config names no club logbook (for the systemd units).")
        var ifConfigured = false

        func run() async throws {
            let config = try store.loadConfig()
            guard let url = config.sync.url else {
                if ifConfigured { return print(LogbookSync.notConfiguredLine) }
                throw LogbookSync.notConfigured
            }
            let password = try ClubLogin.password(
                file: config.sync.passwordFile, environment: ProcessInfo.processInfo.environment,
                readFile: { try InputFile.read($0, what: "the password file", maxBytes: $1) })
            let db = try store.open(.readWrite)
            do {
                let summary = try await LogbookSync.run(
                    store: db, url: url, password: password, deviceName: LogbookSync.hostName,
                    gliderIndex: config.gliderIndex)
                print(summary.line)
                for line in summary.refusedEdits { print(terminalSafe(line)) }
            } catch  where error.isTemporary {
                printError("Error: \(error.description)")
                throw ExitCode(Self.temporaryFailure)
            } catch {
                throw CLIError(error.description)
            }
        }
    }
}
