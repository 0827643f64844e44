import ArgumentParser
import FlightLogConfigFile
import FlightLogCore
import FlightLogSecurity
import FlightLogStore
import FlightLogText
import FlightLogTransfer
import Foundation

extension FlightLogCommand {
    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check an IGC file's security record (G record) against this device's signing key.",
            discussion: """
                flightlog signs its IGC files with this device's Ed25519 key (signing.key beside the database; \
                its public key signing.pub). One line says what the file is; the exit status says it too:
                  0  valid: signed by this device (or by the --key given)
                  1  changed after it was signed, unsigned, or not an IGC file
                  2  intact, but signed by another flightlog key (printed: check again with --key KEY)
                  3  another recorder's file: only that maker's validation program can check its G record
                A flight id instead of a file checks the IGC file `flightlog export --igc ID` gives: an imported \
                flight's own file (another recorder's, or one of ours), or the file written now for a recorded one.
                Examples:
                  flightlog verify 2025-06-14-XFL-001-01.IGC
                  flightlog verify 12                           # the file of flight 12 in the logbook
                  flightlog verify flight.igc --key 3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29
                  flightlog verify flight.igc --key club-glider.pub
                  flightlog verify --print-key                  # this device's public key, for publishing
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The IGC file to check, or a flight id.", valueName: "file|id"))
        var file: String?

        @Option(
            help: ArgumentHelp(
                "The public key to trust instead of this device's: 64 hex digits or a .pub file.", valueName: "hex|path"
            ))
        var key: String?

        @Flag(help: "Print this device's public key (64 hex digits) and stop.")
        var printKey = false

        func validate() throws {
            if file == nil && !printKey { throw ValidationError("give the IGC file to check (or --print-key)") }
        }

        func run() async throws {
            let request = VerifyRequest(databasePath: try store.databasePath(), key: key)
            if printKey { return print(try request.devicePublicKey()) }
            guard let file else { return }
            let bytes = try request.bytes(
                of: file, readFile: { try InputFile.read($0, what: "the file", maxBytes: $1) },
                store: { try store.open(.readOnly) }, config: store.loadConfig, note: printError)
            let result = IGCSignature.verify(bytes, trustedKey: try request.trustedKey(note: printError))
            print(result.message(keyGiven: key != nil))
            if result.exitStatus != 0 { throw ExitCode(result.exitStatus) }
        }
    }
}
