import ArgumentParser

/// `flightlog`: the pilot's logbook on the ground — list, show, edit, import and export flights.
@main
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
            List.self, Show.self, Edit.self, Delete.self, Import.self, Export.self, Status.self, Simulate.self,
            Replay.self,
        ]
    )
}

enum FlightLogVersion {
    static let current = "0.1.0"
}
