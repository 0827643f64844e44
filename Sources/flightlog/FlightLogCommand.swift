import ArgumentParser
import FlightLogCore
import FlightLogText
import FlightLogTransfer
import Foundation

/// `flightlog`: the pilot's logbook on the ground — list, show, edit, import and export flights.
struct FlightLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flightlog",
        abstract: "The glider logbook kept by flightlogd: list, show, edit, import and export flights.",
        discussion: """
            The database is found from --database, else $FLIGHTLOG_DATABASE, else \
            /var/lib/flightlog/flightlog.sqlite when it exists, else ~/.local/share/flightlog/flightlog.sqlite.
            Defaults for new flights (pilot, glider, registration) come from /etc/flightlog/flightlog.toml or \
            ~/.config/flightlog/flightlog.toml.
            """,
        version: FlightLogVersion.current,
        subcommands: [
            List.self, Show.self, Stats.self, Add.self, Edit.self, Delete.self, Import.self, Export.self, Backup.self,
            Status.self, Simulate.self, Replay.self, Serve.self, Airfields.self, AirspaceCommand.self, Verify.self,
            Sync.self, Club.self, Repair.self, Upload.self, TaskCommand.self, Analyse.self,
        ]
    )
}

/// Runs the command; any error is ONE line on stderr (`Error: what went wrong — what to do`) and a non-zero exit.
/// Help and version requests print as ArgumentParser prints them.
@main
enum FlightLogMain {
    static func main() async {
        do {
            var command = try FlightLogCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = FlightLogCommand.exitCode(for: error)
            if code == .success || error is CleanExit {
                FlightLogCommand.exit(withError: error)
            }
            let message = FlightLogCommand.message(for: error)
            if !message.isEmpty {
                let oneLine = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") }.joined(separator: " ")
                printError("Error: \(oneLine)")
            }
            FlightLogCommand.exit(withError: ExitCode(code.rawValue == 0 ? 1 : code.rawValue))
        }
    }
}

/// Standard error (``Terminal/printError(_:)``), as every command's `warn`.
func printError(_ text: String) { Terminal.printError(text) }
